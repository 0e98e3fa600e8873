import Testing
import Waypoint

@testable import WaypointCLI

/// `waypoint lint` on what migrated route tables get wrong: each compiles,
/// and the route then never matches what it was written for.
@Suite("waypoint lint: migration mistakes")
struct MigrationLintTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let route: String
        let kind: LintFinding.Kind?
        var column = 1
        /// Text the message must contain: the Waypoint spelling it suggests.
        var suggestion = ""
        var testDescription: String { "\(route) → \(kind?.rawValue ?? "nothing")" }
    }

    static let cases: [Case] = [
        Case(route: "h.com:8080/x", kind: .port, column: 6, suggestion: #"leave the port out: "h.com/x""#),
        Case(
            route: "https://h.com:443/a/:id", kind: .port, column: 14, suggestion: #""https://h.com/a/:id""#),
        Case(route: "localhost:3000", kind: .port, column: 10, suggestion: #""localhost""#),
        Case(
            route: #"/search\?q=\w+"#, kind: .query, column: 8,
            suggestion: #"route "/search" and read the query parameter "q""#),
        Case(
            route: "alert?title=:t", kind: .query, column: 6,
            suggestion: #"route "alert" and read the query parameter "title""#),
        Case(route: "/account/:code?", kind: nil),
        Case(route: "/colou?r", kind: nil),
        Case(route: "/x/(?:a|b)", kind: nil),
        Case(route: #"tel:[^\s]+"#, kind: .pseudoScheme, suggestion: #"write "tel:///:value([^\s]+)""#),
        Case(route: "mailto::address", kind: .pseudoScheme, suggestion: #"write "mailto:///:address""#),
        Case(route: "tel:///:number", kind: nil),
        Case(
            route: "/user/<int:id>", kind: .foreignSyntax, column: 7,
            suggestion: #"write "/user/:id([0-9]+)""#),
        Case(route: "/file/<path:p>", kind: .foreignSyntax, column: 7, suggestion: #"write "/file/:p(.*)""#),
        Case(
            route: "/u/<name>/<int:n>", kind: .foreignSyntax, column: 4,
            suggestion: #"write "/u/:name/:n([0-9]+)""#),
        Case(route: "/item/{id}", kind: .foreignSyntax, column: 7, suggestion: #"write "/item/:id""#),
        Case(route: "/n/:n([0-9]{2})", kind: nil),
        Case(
            route: "/the(/foo/:a)(/bar/:b)", kind: .foreignSyntax, column: 5,
            suggestion: #""/the/foo/:a/bar/:b", "/the/foo/:a", "/the/bar/:b", "/the""#),
        Case(route: "/v/:n([0-9]+)(/x)?", kind: nil),
        Case(route: "/path/:rest(/.*)", kind: nil),
        Case(route: "/ok/:id ", kind: .whitespace, column: 8, suggestion: #"write "/ok/:id""#),
        Case(route: "\t/tabbed", kind: .whitespace, column: 1, suggestion: #"write "/tabbed""#),
        Case(route: "/a b/c", kind: nil),
    ]

    @Test("finding", arguments: cases)
    func finding(_ example: Case) {
        let file = RoutesFile(path: "routes.txt", text: example.route + "\n")
        let findings = RouteLinter(options: RouterOptions()).lint(file)
        guard let kind = example.kind else {
            #expect(findings.isEmpty, "\(findings.map(\.message))")
            return
        }
        #expect(findings.map(\.kind) == [kind], "\(findings.map(\.message))")
        #expect(findings.first?.column == example.column)
        #expect(
            findings.first?.message.contains(example.suggestion) == true, "\(findings.first?.message ?? "")")
    }

    @Test("the suggested spelling matches what the route was written for")
    func suggestionsMatch() throws {
        let router = Router()
        try router.register("tel:///:value([^\\s]+)") { _ in }
        try router.register("h.com/x") { _ in }
        try router.register("/user/:id([0-9]+)") { _ in }
        #expect(router.match("tel:+15551234")?.routeParameters == ["value": "+15551234"])
        #expect(router.match("http://h.com:8080/x")?.route == "h.com/x")
        #expect(router.match("app://h/user/7")?.routeParameters == ["id": "7"])
        // What the linted spellings did instead.
        let before = Router()
        for route in ["tel:[^\\s]+", "h.com:8080/x", "/user/<int:id>"] {
            try before.register(RouteName(route)) { _ in }
        }
        #expect(before.match("tel:+15551234") == nil)
        #expect(before.match("http://h.com:8080/x") == nil)
        #expect(before.match("app://h/user/7") == nil)
    }

    @Test("a byte order mark and CR-only line endings are reported; CRLF is fine")
    func fileBytes() {
        let bom = RoutesFile(path: "r.txt", text: "\u{FEFF}/a\n/b\n")
        #expect(RouteLinter(options: RouterOptions()).lint(bom).map(\.kind) == [.byteOrderMark])
        let crOnly = RoutesFile(path: "r.txt", text: "/a\r/b\r/c\r")
        let findings = RouteLinter(options: RouterOptions()).lint(crOnly)
        #expect(findings.map(\.kind) == [.lineEndings])
        #expect(findings.first?.line == 1)
        let crlf = RoutesFile(path: "r.txt", text: "/a\r\n/b\r\n")
        #expect(RouteLinter(options: RouterOptions()).lint(crlf).isEmpty)
    }

    @Test("the CLI reports them with their kinds")
    func command() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", "\u{FEFF}/a\nh.com:8080/x\n/p/<int:id> \n")
        let result = try await CLI.run(["lint", "routes.txt"], in: directory.url)
        #expect(result.status == 1)
        #expect(
            result.lines.map { $0.split(separator: ":").prefix(4).joined(separator: ":") } == [
                "routes.txt:1:1: byteOrderMark", "routes.txt:2:6: port", "routes.txt:3:4: foreignSyntax",
                "routes.txt:3:12: whitespace", "3 routes, 4 findings",
            ])
    }
}
