import Foundation
import Observation
import Testing
import Waypoint
import WaypointNavigation

// The Swift blocks of the DocC article "Integrating with your app" that compile everywhere,
// as written there (ReadmeTests finds them here), and what they do.

@MainActor
final class ShopLinks {
    static let shared = ShopLinks()

    let router = Router()
    private(set) var screen = "home"

    private init() {
        do {
            try router.register(
                "/products/:id",
                onMainActor: { [weak self] link in
                    self?.screen = "product \(link.parameters.get("id", as: Int.self) ?? 0)"
                })
            try router.register("/cart", onMainActor: { [weak self] _ in self?.screen = "cart" })
        } catch {
            preconditionFailure("the app's routes are valid: \(error)")
        }
    }
}

/// What every entry point below does with a link: `open(myapp://open/products/42)` is true,
/// and `ShopLinks.shared.screen` is then `product 42`.
@MainActor
func open(_ url: URL) -> Bool {
    ShopLinks.shared.router.handle(url).isHandled
}

enum ShopScreen: Hashable, Sendable {
    case product(id: Int, color: String?)
    case order(UUID)
    case cart
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
final class ShopNavigation {
    var path: [ShopScreen] = []
    private let screens = DestinationRouter<ShopScreen>()

    init() {
        do {
            try screens.register("/products/:id") { link in
                .product(
                    id: try link.parameters.require("id", as: Int.self),
                    color: link.parameters.get("color", as: String.self))
            }
            try screens.register("/orders/:order") { link in
                .order(try link.parameters.require("order", as: UUID.self))
            }
            try screens.register("/cart") { _ in .cart }
        } catch {
            preconditionFailure("the app's routes are valid: \(error)")
        }
    }

    /// Pushes the screen `url` stands for; false when no route gives one.
    @discardableResult
    func open(_ url: URL) -> Bool {
        guard let screen = screens.destination(for: url) else { return false }
        path.append(screen)
        return true
    }
}

@Suite("The integration article's examples")
@MainActor
struct IntegrationArticleTests {
    @Test("the app's router runs its main-actor handler before handle returns")
    func shopLinks() throws {
        #expect(open(try #require(URL(string: "myapp://open/products/42"))))
        #expect(ShopLinks.shared.screen == "product 42")
        #expect(!open(try #require(URL(string: "myapp://open/unknown"))))
    }

    @Test("the navigation model pushes the destination of each link, typed")
    func navigation() throws {
        let navigation = ShopNavigation()
        let order = UUID()
        #expect(navigation.open(try #require(URL(string: "myapp://x/products/42?color=red"))))
        #expect(navigation.open(try #require(URL(string: "https://shop.example/orders/\(order)"))))
        #expect(navigation.open(try #require(URL(string: "myapp://x/cart"))))
        #expect(!navigation.open(try #require(URL(string: "myapp://x/products/forty-two"))))
        #expect(navigation.path == [.product(id: 42, color: "red"), .order(order), .cart])
    }
}
