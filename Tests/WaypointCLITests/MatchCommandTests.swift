import Testing
import Waypoint

/// `waypoint match`: the winning route for each URL.
@Suite("waypoint match")
struct MatchCommandTests {
    /// A routes file with a comment, blank lines (one of spaces) and Windows line endings.
    static let routes = "# Shop\r\n/products/:id(\\d+)\r\n   \r\n/products/:slug\r\n\r\n/table/book\r\n"
    static let longURL = "x://h/" + String(repeating: "a", count: 8200)

    @Test("match and explain --routes skip a UTF-8 byte order mark, as lint and test do")
    func byteOrderMark() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", "\u{FEFF}/a/:id\n/b\n")
        try directory.write("only.txt", "\u{FEFF}\n/a/:id\n")
        let match = try await CLI.run(
            ["match", "--json", "--routes", "routes.txt", "x://h/a/7"], in: directory.url)
        #expect(match.status == 0, "\(match)")
        #expect(try JSONValue(parsing: match.output)["route"] == "/a/:id")
        let explain = try await CLI.run(
            ["explain", "--json", "--routes", "routes.txt", "x://h/a/7"], in: directory.url)
        #expect(explain.status == 0, "\(explain)")
        #expect(try JSONValue(parsing: explain.output)["routes"]?[0]?["route"] == "/a/:id")
        #expect(!explain.output.contains("\u{FEFF}"))
        let only = try await CLI.run(
            ["match", "--json", "--routes", "only.txt", "x://h/a/7"], in: directory.url)
        #expect(try JSONValue(parsing: only.output)["route"] == "/a/:id")
    }

    @Test("prints the winner, its parameters and the query, or why nothing matched")
    func human() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", Self.routes)
        let result = try await CLI.run(
            [
                "match", "--routes", "routes.txt", "x://h/products/42?a=1&a=2", "x://h/table/book/",
                "x://h/products/red%20shoes", Self.longURL, "nope", "x://h/zzz",
            ], in: directory.url)
        #expect(result.status == 1, "some URLs matched nothing")
        #expect(result.errors.isEmpty)
        #expect(
            result.output == """
                x://h/products/42?a=1&a=2
                  route: /products/:id(\\d+)
                  routeParameters: {"id":"42"}
                  queryParameters: {"a":"2"}
                x://h/table/book/
                  route: /table/book
                  routeParameters: {}
                  queryParameters: {}
                x://h/products/red%20shoes
                  route: /products/:slug
                  routeParameters: {"slug":"red shoes"}
                  queryParameters: {}
                \(Self.longURL)
                  URL too long (8206 UTF-8 bytes, the limit is 8192)
                nope
                  not an absolute URL
                x://h/zzz
                  no route matched

                """)
    }

    @Test("exit 0 when every URL matched")
    func allMatched() async throws {
        let result = try await CLI.run(["match", "--route", "/a/:x", "--route", "/b", "x://h/a/1", "y://h/b"])
        #expect(result.status == 0)
        #expect(result.lines.filter { $0.hasPrefix("  route: ") } == ["  route: /a/:x", "  route: /b"])
    }

    @Test("--json prints one table record per URL and line")
    func json() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", Self.routes)
        let result = try await CLI.run(
            [
                "match", "--json", "--routes", "routes.txt",
                "x://h/products/42?a=1&a=2&dpl_callback_url=y%3A%2F%2Fback", Self.longURL, "nope",
                "x://h/zzz",
            ], in: directory.url)
        #expect(result.status == 1)
        #expect(
            result.lines == [
                #"{"callbackURL":"y://back","matched":true,"queryItems":[["a","1"],["a","2"],["dpl_callback_url","y://back"]],"queryParameters":{"a":"2","dpl_callback_url":"y://back"},"route":"/products/:id(\\d+)","routeParameters":{"id":"42"}}"#,
                #"{"error":"urlTooLong","matched":false}"#,
                #"{"error":"invalidURL","matched":false}"#,
                #"{"error":"routeNotFound","matched":false}"#,
            ])
    }

    struct OptionCase: CustomTestStringConvertible, Sendable {
        let flags: [String]
        let route: String
        let url: String
        let matches: Bool
        var testDescription: String { "\(flags) \(route) \(url)" }
    }

    @Test(
        "router options",
        arguments: [
            OptionCase(flags: [], route: "/Table/BOOK", url: "x://h/table/book", matches: false),
            OptionCase(
                flags: ["--case-insensitive-paths"], route: "/Table/BOOK", url: "x://h/table/book",
                matches: true),
            OptionCase(flags: [], route: "/table/book", url: "x://h/table/book/", matches: true),
            OptionCase(
                flags: ["--strict-trailing-slash"], route: "/table/book", url: "x://h/table/book/",
                matches: false),
        ])
    func options(_ example: OptionCase) async throws {
        let result = try await CLI.run(["match"] + example.flags + ["--route", example.route, example.url])
        #expect(result.status == (example.matches ? 0 : 1))
        #expect(result.lines.contains("  route: \(example.route)") == example.matches)
    }

    @Test("-- ends the options")
    func endOfOptions() async throws {
        let result = try await CLI.run(["match", "--route=/a", "--", "--json"])
        #expect(result.status == 1)
        #expect(result.output == "--json\n  not an absolute URL\n")
    }
}
