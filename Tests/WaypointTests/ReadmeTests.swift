import Foundation
import Testing
import Waypoint

/// The README's router snippets, copied verbatim between the markers, so they compile and
/// do what the README says; and a check that every Swift block of the README and of the
/// DocC articles appears in the project's tests or examples, so no snippet goes stale.
@Suite("README")
struct ReadmeTests {
    @Test("the five-minute tour")
    func tour() throws {
        // README snippet begins
        let router = Router()
        try router.register("/products/:id") { link in
            print("product", link.routeParameters["id"] ?? "")
        }
        try router.register("shop.example/campaigns/:code([A-Z0-9]{6})") { link in
            let source = link.queryParameters["utm_source"]?.stringValue ?? "direct"
            print("campaign", link.routeParameters["code"] ?? "", "from", source)
        }
        try router.register(".*") { link in
            print("fallback", link.url)
        }

        router.handle(URL(string: "myapp://open/products/42")!)  // product 42
        router.handle(URL(string: "https://shop.example/campaigns/SPRING")!)  // campaign SPRING from direct
        router.handle(URL(string: "myapp://somewhere/else")!)  // fallback myapp://somewhere/else
        // README snippet ends
        #expect(router.handle(URL(string: "myapp://open/products/42")!).route == "/products/:id")
        #expect(
            router.handle(URL(string: "https://shop.example/campaigns/SPRING")!).deepLink?["code"] == "SPRING"
        )
        #expect(router.handle(URL(string: "myapp://somewhere/else")!).route == ".*")

        var printed = ""
        // README snippet begins
        do {
            try router.register("/items/:id([0-9]+") { _ in }
        } catch {
            print(error)  // unbalanced bracket in route "/items/:id([0-9]+" at column 11: "(" is never closed
        }
        // README snippet ends
        do {
            try router.register("/items/:id([0-9]+") { _ in }
        } catch {
            printed = "\(error)"
        }
        #expect(
            printed == #"unbalanced bracket in route "/items/:id([0-9]+" at column 11: "(" is never closed"#)

        // README snippet begins
        struct AccountHandler: DeepLinkHandler {
            let isLoggedIn: @Sendable () -> Bool
            func shouldHandle(_ deepLink: DeepLink) -> Bool { isLoggedIn() }
            func handle(_ deepLink: DeepLink) -> DeepLinkHandling { .handled }
        }
        try router.register("/account/:section?", handler: AccountHandler(isLoggedIn: { false }))
        // README snippet ends
        #expect(
            router.handle(URL(string: "myapp://x/account/orders")!).route == ".*", "declined, so the fallback"
        )

        // README snippet begins
        let url = URL(string: "myapp://x/products/7")!
        let parameters = router.match(url)?.routeParameters  // ["id": "7"]
        let winners = router.matches(url).map(\.route)  // ["/products/:id", ".*"]
        for line in router.explain(URL(string: "https://shop.example/campaigns/spring")!) {
            print(line)
        }
        // /products/:id: stopped: literal differs at path segment 1: expected "products", got "campaigns"
        // shop.example/campaigns/:code([A-Z0-9]{6}): stopped: regex failed from path segment 2
        // .*: matched
        // /account/:section?: stopped: literal differs at path segment 1: expected "account", got "campaigns"
        // README snippet ends
        #expect(parameters == ["id": "7"])
        #expect(winners == ["/products/:id", ".*"])
        #expect(
            router.explain(URL(string: "https://shop.example/campaigns/spring")!).map(\.description) == [
                #"/products/:id: stopped: literal differs at path segment 1: expected "products", got "campaigns""#,
                "shop.example/campaigns/:code([A-Z0-9]{6}): stopped: regex failed from path segment 2",
                ".*: matched",
                #"/account/:section?: stopped: literal differs at path segment 1: expected "account", got "campaigns""#,
            ])
    }

    /// The project's root.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The tour's typed destinations: a route table that makes the app's own values.
    enum Screen: Equatable, Sendable {
        case product(id: Int, color: String?)
        case order(UUID)
    }

    @Test("typed destinations, typed parameters and reverse routing")
    func destinations() throws {
        // README snippet begins
        let screens = DestinationRouter<Screen>()
        try screens.register("/products/:id") { link in
            let id = try link.parameters.require("id", as: Int.self)
            return .product(id: id, color: link.parameters.get("color", as: String.self))
        }
        try screens.register("/orders/:order") { link in
            .order(try link.parameters.require("order", as: UUID.self))
        }

        let shown = screens.destination(for: "myapp://x/products/42?color=red")  // .product(42, "red")
        let passed = screens.destination(for: "myapp://x/products/forty-two")  // nil: not an Int
        // README snippet ends
        #expect(shown == .product(id: 42, color: "red"))
        #expect(passed == nil)
        let order = UUID()
        #expect(screens.destination(for: "myapp://x/orders/\(order.uuidString)") == .order(order))

        // README snippet begins
        let links = Router()
        try links.register("/products/:id") { _ in }
        let share = try links.url(
            for: "/products/:id", parameters: ["id": "42"], scheme: "https", host: "shop.example")
        print(share)  // https://shop.example/products/42
        do {
            _ = try links.url(for: "/products/:id", parameters: [:], scheme: "https", host: "shop.example")
        } catch {
            print(error)  // route "/products/:id" needs the parameter "id"
        }
        // README snippet ends
        #expect(share.absoluteString == "https://shop.example/products/42")
        #expect(links.match(share)?.routeParameters == ["id": "42"])
        #expect(throws: ReverseRoutingError.missingParameter(route: "/products/:id", name: "id")) {
            try links.url(for: "/products/:id", parameters: [:], scheme: "https", host: "shop.example")
        }
        let message = "\(ReverseRoutingError.missingParameter(route: "/products/:id", name: "id"))"
        #expect(message == #"route "/products/:id" needs the parameter "id""#)
    }

    @Test("the install snippet")
    func install() throws {
        // README snippet begins
        let router = Router()
        try router.register("/products/:id") { link in
            print("product", link.routeParameters["id"] ?? "")
        }
        router.handle(URL(string: "myapp://open/products/42")!)
        // README snippet ends
        #expect(router.handle(URL(string: "myapp://open/products/42")!).deepLink?["id"] == "42")
    }

    /// The README and every DocC article of the library targets.
    static func documents() throws -> [URL] {
        var documents = [root.appendingPathComponent("README.md")]
        let sources = root.appendingPathComponent("Sources")
        guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
            return documents
        }
        for case let file as URL in files
        where file.pathExtension == "md" && file.deletingLastPathComponent().pathExtension == "docc" {
            documents.append(file)
        }
        return documents.sorted { $0.path < $1.path }
    }

    /// The Swift code blocks of a Markdown document, except those marked
    /// `<!-- apple-only -->` on the line before the fence: they need UIKit or SwiftUI, which
    /// no test here can build.
    static func swiftBlocks(in markdown: String) -> [String] {
        let parts = markdown.components(separatedBy: "```swift\n")
        return parts.indices.dropFirst().compactMap { index in
            guard !parts[index - 1].hasSuffix("<!-- apple-only -->\n") else { return nil }
            return String(parts[index].components(separatedBy: "```")[0])
        }
    }

    @Test("every Swift block of the README and the DocC articles appears in a test or an example")
    func snippetsAreCompiled() throws {
        var sources: [String] = []
        for directory in ["Tests", "Examples"] {
            let base = Self.root.appendingPathComponent(directory)
            guard let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let file as URL in files where file.pathExtension == "swift" {
                sources.append(Self.normalize(try String(contentsOf: file, encoding: .utf8)))
            }
        }
        let documents = try Self.documents()
        #expect(documents.count > 1, "the DocC articles were found")
        var blockCount = 0
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            let name = document.path.dropFirst(Self.root.path.count + 1)
            for block in Self.swiftBlocks(in: text) where !block.contains(".package(") {
                // A manifest fragment cannot compile on its own; every other block must, with
                // the imports it shows: some test or example holds its code and those imports.
                blockCount += 1
                let lines = Self.normalize(block).split(separator: "\n").map(String.init)
                let imports = lines.filter { $0.hasPrefix("import ") }
                let code = lines.filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
                let found = sources.contains { source in
                    source.contains(code)
                        && imports.allSatisfy { source.contains("\n\($0)\n") || source.hasPrefix("\($0)\n") }
                }
                #expect(
                    found, "\(name): block not found, with its imports, in a test or an example:\n\(block)")
            }
        }
        #expect(blockCount > 10)
    }

    /// Lines trimmed and runs of spaces collapsed, so indentation and the formatter's
    /// alignment of trailing comments do not matter.
    static func normalize(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }
}
