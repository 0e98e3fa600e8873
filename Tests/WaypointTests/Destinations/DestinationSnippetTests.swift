import Foundation
import Testing
import Waypoint
import WaypointNavigation
import WaypointReverseRouting

// The README's and the Destinations article's snippets, verbatim: downstream code, with
// only `import Waypoint` (no `@testable`), compiled as Swift 6 in a main-actor model.

// Destinations.md snippet begins
enum Screen: Hashable, Sendable {
    case product(id: Int)
    case order(UUID)
    case search(String?)
}

extension RouteName {
    static let product = RouteName("/products/:id([0-9]+)")
    static let order = RouteName("/orders/:id")
    static let search = RouteName("/search/:query?")
}

@MainActor
final class Navigation {
    private(set) var path: [Screen] = []
    let screens = DestinationRouter<Screen>()

    init() throws {
        try screens.register(.product) { link in
            .product(id: try link.parameters.require("id", as: Int.self))
        } link: { screen in
            guard case .product(let id) = screen else { return nil }
            return ["id": String(id)]
        }
        try screens.register(.order) { link in
            .order(try link.parameters.require("id", as: UUID.self))
        } link: { screen in
            guard case .order(let id) = screen else { return nil }
            return ["id": id.uuidString]
        }
        try screens.register(.search) { link in
            .search(link.parameters["query"])
        } link: { screen in
            guard case .search(let query) = screen else { return nil }
            return query.map { ["query": $0] } ?? [:]
        }
    }

    func open(_ url: URL) {
        if let screen = screens.destination(for: url) { path.append(screen) }
    }

    func shareLink(for screen: Screen) -> URL? {
        do {
            return try screens.url(for: screen, scheme: "https", host: "shop.example")
        } catch {
            print(error)  // why no link opens this screen again
            return nil
        }
    }
}
// Destinations.md snippet ends

// Destinations.md snippet begins
enum Page: Hashable, Sendable { case article(slug: String), draft }

func pages() throws -> DestinationRouter<Page> {
    let pages = DestinationRouter<Page>()
    try pages.register("/articles/:slug([a-z0-9-]+)") { link in
        .article(slug: link.parameters["slug"] ?? "")
    } link: { page in
        guard case .article(let slug) = page else { return nil }
        return ["slug": slug]
    }
    return pages
}

func refusals() throws {
    let pages = try pages()
    do {
        _ = try pages.url(for: .article(slug: "Hello World"), scheme: "myapp")
    } catch {
        // parameter "slug" of route "/articles/:slug([a-z0-9-]+)" does not match its pattern: "Hello World"
        print(error)
    }
    do {
        _ = try pages.url(for: .draft, scheme: "myapp")
    } catch {
        print(error)  // no route prints the destination draft
    }
}
// Destinations.md snippet ends

// ReadingAndBuildingLinks.md snippet begins
extension RouteName {
    static let docPage = RouteName("/docs/:section/:page")
    static let docs = RouteName("/docs/**")
}

func docLinks() throws -> [URL] {
    let router = Router()
    try router.register(.docPage) { _ in }
    try router.register(.docs) { _ in }
    let page = try router.url(
        for: .docPage, parameters: ["section": "guide", "page": "intro"], scheme: "app")
    // app:///docs/guide/intro
    let path = try router.url(for: .docs, parameters: ["**": "guide/intro"], scheme: "app")
    // app:///docs/guide%2Fintro: as two segments, guide/intro would open /docs/:section/:page
    return [page, path]
}
// ReadingAndBuildingLinks.md snippet ends

// README snippet begins
enum Place: Hashable, Sendable { case product(id: Int), search(String?) }

extension RouteName {
    static let productPage = RouteName("/products/:id([0-9]+)")
}

@MainActor
func placeLinks() throws -> [URL] {
    let places = DestinationRouter<Place>()
    try places.register(.productPage) { link in
        .product(id: try link.parameters.require("id", as: Int.self))
    } link: { place in
        guard case .product(let id) = place else { return nil }
        return ["id": String(id)]
    }
    try places.register("/search/:query?") { link in
        .search(link.parameters["query"])
    } link: { place in
        guard case .search(let query) = place else { return nil }
        return query.map { ["query": $0] } ?? [:]
    }
    let share = try places.url(for: .product(id: 42), scheme: "https", host: "shop.example")
    // https://shop.example/products/42, which places.destination(for:) reads as .product(id: 42)
    let search = try places.url(for: .search("red shoes"), scheme: "myapp")  // myapp:///search/red%20shoes
    return [share, search]
}
// README snippet ends

@Suite("Destination snippets")
struct DestinationSnippetTests {
    @Test("the navigation model opens links and shares them")
    @MainActor
    func navigation() throws {
        let model = try Navigation()
        let order = UUID()
        for screen in [Screen.product(id: 42), .order(order), .search(nil), .search("red shoes/50%")] {
            let url = try #require(model.shareLink(for: screen))
            model.open(url)
            #expect(model.path.last == screen, "\(url)")
        }
        #expect(model.shareLink(for: .product(id: 42))?.absoluteString == "https://shop.example/products/42")
        #expect(model.shareLink(for: .search(nil))?.absoluteString == "https://shop.example/search")
        // A negative id fails the route's [0-9]+: no link, and the error is printed.
        #expect(model.shareLink(for: .product(id: -1)) == nil)
    }

    @Test("refusals print what the comments say")
    func refusalMessages() throws {
        try refusals()
        let pages = try pages()
        #expect(throws: DestinationLinkError.self) { try pages.url(for: .draft, scheme: "myapp") }
        do {
            _ = try pages.url(for: .article(slug: "Hello World"), scheme: "myapp")
            Issue.record("no error")
        } catch {
            #expect(
                error.description
                    == #"parameter "slug" of route "/articles/:slug([a-z0-9-]+)" does not match its pattern: "Hello World""#
            )
        }
        do {
            _ = try pages.url(for: .draft, scheme: "myapp")
            Issue.record("no error")
        } catch {
            #expect(error.description == "no route prints the destination draft")
        }
    }

    @Test("route names and other spellings")
    func names() throws {
        #expect(
            try docLinks().map(\.absoluteString) == ["app:///docs/guide/intro", "app:///docs/guide%2Fintro"])
    }

    @Test("README: a destination prints its own link")
    @MainActor
    func readme() throws {
        let links = try placeLinks()
        #expect(
            links.map(\.absoluteString) == [
                "https://shop.example/products/42", "myapp:///search/red%20shoes",
            ])
    }
}
