// expect: compiles
//
// Issue 23 §1 and §2: the navigation model of the Destinations article, as downstream Swift 6
// code with warnings as errors: one registration parses and prints each screen, route names
// are declared once, and nothing needs a force cast, a string switch or assumeIsolated.
import Foundation
import Waypoint

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

let model = try Navigation()
if let link = model.shareLink(for: .search("red shoes")) {
    model.open(link)
    print(link, model.path)
}
