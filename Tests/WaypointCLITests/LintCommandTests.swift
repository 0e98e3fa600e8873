import Testing
import Waypoint

/// `waypoint lint`: checks a routes file.
@Suite("waypoint lint")
struct LintCommandTests {
    /// A routes file with one finding of every kind.
    static let findings = """
        # every finding lint makes
        /products/:id
        /products/featured
        /products/:id
        /x/:id([0-9]+
        /from/:from-:to
        /search/red%20shoes
        https?://shop.example/.*
        .*
        /after/everything

        """

    @Test("one line per finding, then the counts")
    func human() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", Self.findings)
        let result = try await CLI.run(["lint", "routes.txt"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.errors.isEmpty)
        #expect(
            result.output == """
                routes.txt:3:1: shadowed: "/products/featured" can never win: "/products/:id" on line 2 matches every URL it matches
                routes.txt:4:1: duplicate: "/products/:id" repeats line 2; registering it again only replaces the handler
                routes.txt:5:7: invalidRoute: unbalanced bracket in route "/x/:id([0-9]+" at column 7: "(" is never closed
                routes.txt:6:7: parameterName: parameter name "from-" ends in "-", which is part of the name; to end the name before the "-", give it a regex, as in ":from([^/]+?)-"
                routes.txt:7:12: percentEscape: literal "red%20shoes" contains the escape "%20", but URL segments are compared after percent-decoding, so it only matches a URL that has "%2520"; write the character itself
                routes.txt:8:1: notAScheme: "https?" is not a scheme, so "https?:" is matched against the URL's host; write one route per scheme, such as "https://…"
                routes.txt:10:1: shadowed: "/after/everything" can never win: ".*" on line 9 matches every URL it matches
                9 routes, 7 findings

                """)
    }

    @Test("--json: one object with every finding")
    func json() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", Self.findings)
        let result = try await CLI.run(["lint", "--json", "routes.txt"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.lines.count == 1)
        let report = try JSONValue(parsing: result.output)
        #expect(report["file"] == "routes.txt")
        #expect(report["routes"] == 9)
        let findings = try #require(report["findings"]?.arrayValue)
        #expect(
            findings.compactMap { $0["kind"]?.stringValue } == [
                "shadowed", "duplicate", "invalidRoute", "parameterName", "percentEscape", "notAScheme",
                "shadowed",
            ])
        #expect(
            findings[0]
                == [
                    "kind": "shadowed", "line": 3, "column": 1, "route": "/products/featured",
                    "message":
                        "\"/products/featured\" can never win: \"/products/:id\" on line 2 matches every URL it matches",
                    "earlierLine": 2, "earlierRoute": "/products/:id",
                ])
        #expect(findings[2]["error"] == "unbalancedBracket")
        #expect(findings[2]["column"] == 7)
        #expect(findings[1]["earlierLine"] == 2)
    }

    @Test("a clean file: exit 0")
    func clean() async throws {
        let result = try await CLI.run(["lint", "Examples/shop/routes.txt"])
        #expect(result.status == 0, "\(result)")
        #expect(result.output == "21 routes, 0 findings\n")
        let json = try await CLI.run(["lint", "--json", "Examples/shop/routes.txt"])
        #expect(json.output == #"{"file":"Examples/shop/routes.txt","findings":[],"routes":21}"# + "\n")
    }

    @Test(
        "router options change what shadows what",
        arguments: [
            ([String](), "4 routes, 0 findings"),
            (["--case-insensitive-paths"], "4 routes, 2 findings"),
            (["--strict-trailing-slash"], "4 routes, 0 findings"),
        ])
    func options(_ flags: [String], _ summary: String) async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", "/A/:x\n/a/b\n/a/*\n/a/\n")
        let result = try await CLI.run(["lint"] + flags + ["routes.txt"], in: directory.url)
        #expect(result.lines.last == summary)
        #expect(result.status == (summary.hasSuffix(" 0 findings") ? 0 : 1))
    }

    @Test("the column of a finding is its column in the file: routes are not trimmed")
    func verbatim() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", "/a/:x\n /a/:y(\n")
        let result = try await CLI.run(["lint", "routes.txt"], in: directory.url)
        #expect(
            result.lines.first
                == "routes.txt:2:7: invalidRoute: unbalanced bracket in route \" /a/:y(\" at column 7: \"(\" is never closed"
        )
    }
}
