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
