import Testing
import Waypoint

@testable import WaypointCLI

/// A routes file line's name annotation (`/products/:id  @productDetail`): what the reader
/// takes as the route and as the name, so every command sees the same route.
@Suite("Routes files: name annotations")
struct RoutesFileNameTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let line: String
        let route: String
        var name: String?
        var column = 0
        var testDescription: String { line.debugDescription }
    }

    static let cases: [Case] = [
        Case(
            line: "/products/:id  @productDetail", route: "/products/:id", name: "productDetail", column: 16),
        Case(
            line: "/products/:id\t@productDetail  \t", route: "/products/:id", name: "productDetail",
            column: 15),
        Case(line: "/café @menu", route: "/café", name: "menu", column: 7),
        Case(line: "/a @", route: "/a", name: "", column: 4),
        Case(line: "/a @2fa", route: "/a", name: "2fa", column: 4),
        Case(line: "/a @b c", route: "/a @b c"),
        Case(line: "/a@b", route: "/a@b"),
        Case(line: "@home", route: "@home"),
        Case(line: "   @home", route: "   @home"),
        Case(line: "/x/:id ", route: "/x/:id "),
        Case(line: "/a b/c", route: "/a b/c"),
    ]

    @Test("the route and the name of a line", arguments: cases)
    func line(_ example: Case) throws {
        for ending in ["\n", "\r\n"] {
            let file = RoutesFile(path: "routes.txt", text: "# comment\n" + example.line + ending)
            let entry = try #require(file.entries.first)
            #expect(entry.line == 2)
            #expect(entry.route == example.route)
            #expect(entry.name?.text == example.name)
            if let name = entry.name { #expect(name.column == example.column) }
        }
    }

    @Test("a byte order mark before an annotated first line keeps the name")
    func byteOrderMark() throws {
        let file = RoutesFile(path: "routes.txt", text: "\u{FEFF}/home  @home\n").skippingByteOrderMark
        let entry = try #require(file.entries.first)
        #expect(entry.route == "/home")
        #expect(entry.name?.text == "home")
    }

    @Test("match, lint and aasa generate read the route without its annotation")
    func commands() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", "/products/:id(\\d+)  @productDetail\n/cart\t@cart\n")
        let match = try await CLI.run(
            ["match", "--routes", "routes.txt", "app://x/products/42"], in: directory.url)
        #expect(match.status == 0, "\(match)")
        #expect(match.lines.contains(#"  route: /products/:id(\d+)"#))
        let lint = try await CLI.run(["lint", "routes.txt"], in: directory.url)
        #expect(lint.status == 0, "\(lint)")
        #expect(lint.output == "2 routes, 0 findings\n")
        let generate = try await CLI.run(
            [
                "aasa", "generate", "--app-id", "ABCDE12345.com.example.app", "--host", "example.com",
                "routes.txt",
            ],
            in: directory.url)
        #expect(generate.output.contains(#""comment": "route /cart""#), "\(generate)")
    }
}
