import Testing
import Waypoint

/// `waypoint explain`: what every route did with one URL.
@Suite("waypoint explain")
struct ExplainCommandTests {
    static let routes = "/products/:id(\\d+)\n/products/:slug\n/table/book\n"

    @Test("every route in order, then the winner")
    func winner() async throws {
        let result = try await CLI.run(
            ["explain", "--route", "/a/:x(\\d+)", "--route", "y://.*", "--route", "x://.*", "x://h/a/b"])
        #expect(result.status == 0)
        #expect(
            result.output == """
                x://h/a/b
                  1. /a/:x(\\d+): stopped: regex failed from path segment 2
                  2. y://.*: stopped: scheme differs: expected "y", got "x"
                  3. x://.*: matched
                winner: x://.*

                """)
    }

    @Test("no winner: exit 1")
    func noWinner() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", Self.routes)
        let result = try await CLI.run(
            ["explain", "--routes", "routes.txt", "x://h/table/chair"], in: directory.url)
        #expect(result.status == 1)
        #expect(
            result.output == """
                x://h/table/chair
                  1. /products/:id(\\d+): stopped: literal differs at path segment 1: expected "products", got "table"
                  2. /products/:slug: stopped: literal differs at path segment 1: expected "products", got "table"
                  3. /table/book: stopped: literal differs at path segment 2: expected "book", got "chair"
                no route matched

                """)
    }

    @Test("a URL refused before matching is explained once")
    func refused() async throws {
        let result = try await CLI.run(["explain", "--route", "/a", "--route", "/b", "nope"])
        #expect(result.status == 1)
        #expect(result.output == "nope\n  not an absolute URL\nno route matched\n")
    }

    @Test("--json: the winner and every route's outcome")
    func json() async throws {
        let result = try await CLI.run(
            [
                "explain", "--json", "--route", "/table/:x", "--route", "y://.*", "--route", "/t/:id(\\d+)",
                "x://h/table/chair",
            ])
        #expect(result.status == 0)
        #expect(result.lines.count == 1)
        let report = try JSONValue(parsing: result.output)
        #expect(report["url"] == "x://h/table/chair")
        #expect(report["winner"] == "/table/:x")
        #expect(
            report["routes"]
                == [
                    [
                        "route": "/table/:x", "priority": 0, "matched": true,
                        "routeParameters": ["x": "chair"],
                    ],
                    [
                        "route": "y://.*", "priority": 1, "matched": false, "stop": "schemeDiffers",
                        "reason": "scheme differs: expected \"y\", got \"x\"", "expected": "y", "actual": "x",
                    ],
                    [
                        "route": "/t/:id(\\d+)", "priority": 2, "matched": false, "stop": "literalDiffers",
                        "reason": "literal differs at path segment 1: expected \"t\", got \"table\"",
                        "at": "path segment 1", "expected": "t", "actual": "table",
                    ],
                ])
    }

    @Test("--json when nothing matched")
    func jsonWithoutWinner() async throws {
        let result = try await CLI.run(["explain", "--json", "--route", "/a/:x", "x://h/a"])
        #expect(result.status == 1)
        let report = try JSONValue(parsing: result.output)
        #expect(report["winner"] == .null)
        #expect(report["routes"]?[0]?["stop"] == "segmentMissing")
        #expect(report["routes"]?[0]?["at"] == "path segment 2")
    }
}

/// `waypoint explain` when the lookup's regex budget runs out (Documentation/spec/routing.md §4).
@Suite("waypoint explain: the regex budget")
struct ExplainBudgetTests {
    /// Two routes whose regexes (distinct: one run of a pattern answers for its copies)
    /// backtrack exponentially, then a fallback.
    static let arguments = [
        "explain", "--regex-budget", "150000", "--route", "/p/:a((a+)+b|x)", "--route", "/p/:b((a+)+b|y)",
        "--route", "/p/:c",
    ]
    static let url = "x://h/p/" + String(repeating: "a", count: 28) + "bc"

    @Test("a route the budget did not reach says so, apart from its own limit")
    func text() async throws {
        let result = try await CLI.run(Self.arguments + [Self.url])
        #expect(result.status == 0)
        #expect(
            result.output == """
                \(Self.url)
                  1. /p/:a((a+)+b|x): stopped: regex from path segment 2 hit the regex match limit
                  2. /p/:b((a+)+b|y): stopped: regex from path segment 2 not reached: the lookup's regex budget is spent
                  3. /p/:c: matched (c = "\(Self.url.dropFirst(8))")
                winner: /p/:c

                """)
    }

    @Test("--json names the stop regexBudgetSpent, at the regex's segment")
    func json() async throws {
        let result = try await CLI.run(Self.arguments + ["--json", Self.url])
        let report = try JSONValue(parsing: result.output)
        #expect(report["routes"]?[0]?["stop"] == "limitHit")
        #expect(report["routes"]?[1]?["stop"] == "regexBudgetSpent")
        #expect(report["routes"]?[1]?["at"] == "path segment 2")
    }

    @Test("--regex-budget must be a whole number that fits", arguments: ["-1", "4294967296", "lots"])
    func badBudget(_ value: String) async throws {
        let result = try await CLI.run(["explain", "--regex-budget", value, "--route", "/a", "x://h/a"])
        #expect(result.status == 2)
        #expect(result.errors.contains("--regex-budget takes a whole number from 0 to 4294967295"))
    }
}
