import Foundation
import Testing
import Waypoint

// The app and server code, compiled as written in Swift 6 mode: main-actor handlers
// registered from main-actor code, an `onOpenURL`-style call site, main-actor handler
// classes, a nonisolated server handler, and both ways to handle a link from async code.
// None of it needs `assumeIsolated`, `@unchecked`, `@preconcurrency` or `Task {}`.

/// A view model: its routes' handlers call its main-actor methods.
@MainActor
final class ShopModel {
    enum Screen: Equatable { case home, product(Int), cart, reviews(Int) }

    let router = Router()
    private(set) var screen: Screen = .home

    init() throws {
        try router.register("/products/:id", onMainActor: showProduct)
        try router.register("/cart") { @MainActor [weak self] _ in self?.showCart() }
    }

    func showProduct(_ link: DeepLink) {
        screen = .product(link.parameters.get("id", as: Int.self) ?? 0)
    }

    func showCart() {
        screen = .cart
    }
}

extension ShopModel {
    func show(_ screen: Screen) {
        self.screen = screen
    }
}

/// SwiftUI's `onOpenURL(perform:)` has this shape: a main-actor closure that gets the URL.
@MainActor
func onOpenURL(_ url: URL, perform action: @MainActor (URL) -> Void) {
    action(url)
}

/// A main-actor class conforming to the handler protocol.
@MainActor
final class ReviewsScreen: MainActorDeepLinkHandler {
    let model: ShopModel
    private(set) var opened = 0

    init(model: ShopModel) { self.model = model }

    func handle(_ deepLink: DeepLink) -> DeepLinkHandling {
        guard let id = deepLink.parameters.get("id", as: Int.self) else { return .noTarget }
        opened += 1
        model.show(.reviews(id))
        return .handled
    }
}

/// A stateful handler class in DeepLinkKit's `DPLRouteHandler` style: subclasses say where a
/// link leads and how to present it; the base class keeps what it presented. It is
/// main-actor isolated because its protocol is.
class ScreenHandler: MainActorDeepLinkHandler {
    private(set) var presented: [String] = []
    var isReady = true

    var preferModalPresentation: Bool { false }

    func targetScreen(for deepLink: DeepLink) -> String? { nil }

    func handle(_ deepLink: DeepLink) -> DeepLinkHandling {
        guard isReady else { return .declined }
        guard let target = targetScreen(for: deepLink) else { return .noTarget }
        presented.append(preferModalPresentation ? "modal " + target : target)
        return .handled
    }
}

final class OrderScreenHandler: ScreenHandler {
    override var preferModalPresentation: Bool { true }

    override func targetScreen(for deepLink: DeepLink) -> String? {
        deepLink.parameters.get("order", as: UUID.self).map { "order \($0.uuidString)" }
    }
}

/// A server's handler: nonisolated and `Sendable`, it runs wherever the link is handled.
struct ProductAPIHandler: DeepLinkHandler {
    let served: Locked<[Int]>

    func handle(_ deepLink: DeepLink) -> DeepLinkHandling {
        guard let id = try? deepLink.parameters.require("id", as: Int.self) else { return .noTarget }
        served.withLock { $0.append(id) }
        return .handled
    }
}

/// Both ways to handle a link, called from an `async` function.
func handleBothWays(_ router: Router, _ url: URL) async -> (now: DeepLinkResult, awaited: DeepLinkResult) {
    let now = router.handle(url)
    router.handle(url)
    await router.dispatch(url)
    let awaited = await router.dispatch(url)
    return (now, awaited)
}

@Suite("Main-actor handlers (Documentation/spec/routing.md §5)")
struct MainActorHandlerTests {
    static let product = URL(string: "shop://app/products/42")!
    static let cart = URL(string: "shop://app/cart")!

    @Test("on the main actor, main-actor handlers run synchronously")
    @MainActor
    func synchronousOnMainActor() throws {
        let model = try ShopModel()
        onOpenURL(Self.product) { url in model.router.handle(url) }
        #expect(model.screen == .product(42))
        let result = model.router.handle(Self.cart)
        #expect(result.isHandled && result.route == "/cart")
        #expect(model.screen == .cart)
    }

    @Test("off the main actor, handle stops at a main-actor handler with requiresMainActor")
    func synchronousElsewhere() async throws {
        let model = try await ShopModel()
        let router = model.router
        let result = await Task.detached { router.handle(Self.product) }.value
        #expect(!result.isHandled)
        #expect(result.failure == .requiresMainActor && result.failure?.code == 22028)
        #expect(result.route == "/products/:id")
        #expect(result.deepLink?.routeParameters == ["id": "42"])
        #expect(await model.screen == .home, "the handler did not run")
    }

    @Test("off the main actor, dispatch hops to the main actor and returns the result")
    func dispatchHops() async throws {
        let model = try await ShopModel()
        let router = model.router
        let result = await Task.detached { await router.dispatch(Self.product) }.value
        #expect(result.isHandled && result.route == "/products/:id")
        #expect(await model.screen == .product(42))
        let both = await handleBothWays(router, Self.cart)
        #expect(both.now.failure == .requiresMainActor)
        #expect(both.awaited.isHandled)
    }

    @Test("dispatch from the main actor runs main-actor handlers without a hop")
    @MainActor
    func dispatchOnMainActor() async throws {
        let model = try ShopModel()
        let result = await model.router.dispatch(Self.product)
        #expect(result.isHandled && model.screen == .product(42))
    }

    @Test("off the main actor, the completion variant runs the handler on the main actor")
    func completionHops() async throws {
        let model = try await ShopModel()
        let router = model.router
        let result = await withCheckedContinuation { continuation in
            Task.detached {
                router.handle(Self.cart) { result in continuation.resume(returning: result) }
            }
        }
        #expect(result.isHandled && result.route == "/cart")
        #expect(await model.screen == .cart)
    }

    @Test("main-actor handler classes: state, declining and no target pass the link on")
    @MainActor
    func handlerClasses() throws {
        let model = try ShopModel()
        let reviews = ReviewsScreen(model: model)
        let orders = OrderScreenHandler()
        let fallback = Locked<[String]>([])
        try model.router.register("/products/:id/reviews", handler: reviews)
        try model.router.register("/orders/:order", handler: orders)
        try model.router.register("/**") { link in fallback.withLock { $0.append(link.url.path) } }

        #expect(model.router.handle("shop://app/products/7/reviews").route == "/products/:id/reviews")
        #expect(model.screen == .reviews(7) && reviews.opened == 1)
        #expect(model.router.handle("shop://app/products/x/reviews").route == "/**", "no target: next route")

        let order = "shop://app/orders/E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        #expect(model.router.handle(order).route == "/orders/:order")
        #expect(orders.presented == ["modal order E621E1F8-C36C-495A-93FC-0C247A3E6E5F"])
        orders.isReady = false
        #expect(model.router.handle(order).route == "/**", "declined: next route")
        #expect(
            fallback.withLock { $0 } == [
                "/products/x/reviews", "/orders/E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            ])
    }

    @Test("a nonisolated handler before a main-actor one is asked once, then the dispatch hops")
    func mixedOrder() async throws {
        let asked = Locked(0)
        struct Declining: DeepLinkHandler {
            let asked: Locked<Int>
            func handle(_ deepLink: DeepLink) -> DeepLinkHandling {
                asked.withLock { $0 += 1 }
                return .declined
            }
        }
        let model = try await ShopModel()
        let router = Router()
        try router.register("/products/:id", handler: Declining(asked: asked))
        try router.register("/products/*") { @MainActor _ in model.showCart() }
        let result = await Task.detached { await router.dispatch(Self.product) }.value
        #expect(result.route == "/products/*" && result.isHandled)
        #expect(asked.withLock { $0 } == 1)
        #expect(await model.screen == .cart)
    }

    @Test("nonisolated server handlers run wherever the link is handled")
    func serverHandlers() async throws {
        let served = Locked<[Int]>([])
        let router = Router()
        try router.register("/api/products/:id", handler: ProductAPIHandler(served: served))
        let url = URL(string: "https://api.example/api/products/5")!
        let detached = await Task.detached { router.handle(url) }.value
        #expect(detached.isHandled)
        let both = await handleBothWays(router, url)
        #expect(both.now.isHandled && both.awaited.isHandled)
        #expect(served.withLock { $0 } == [5, 5, 5, 5, 5])
        #expect(router.handle("https://api.example/api/products/x").failure == .handlerHasNoTarget)
    }

    @Test("the subscript takes main-actor closures and handler values")
    @MainActor
    func subscriptForms() throws {
        let model = try ShopModel()
        model.router["/home"] = .mainActorClosure { _ in model.show(.home) }
        model.router["/r/:id"] = .mainActorHandler(ReviewsScreen(model: model))
        model.router.handle(Self.cart)
        model.router.handle("shop://app/r/3")
        #expect(model.screen == .reviews(3))
        model.router.handle("shop://app/home")
        #expect(model.screen == .home)
    }
}
