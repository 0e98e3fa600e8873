import Foundation
import Testing
import Waypoint

// The README's and the DocC article's snippets for asynchronous handlers, links that wait
// and the adapter seam, copied verbatim, then exercised.

struct Order: Hashable, Sendable {
    let id: Int
}

struct OrderService: Sendable {
    func order(_ id: Int) async throws -> Order { Order(id: id) }
}

@MainActor
final class OrdersNavigation {
    enum Destination: Hashable { case order(Order), cart }

    private(set) var path: [Destination] = []
    let router = Router()
    let service = OrderService()

    init() throws {
        try router.register("/orders/:id") { [weak self] link in
            guard let self else { return }
            let order = try await service.order(link.parameters.require("id", as: Int.self))
            path.append(.order(order))
        }
        try router.register("/cart", onMainActor: { [weak self] _ in self?.path.append(.cart) })
    }

    func open(_ url: URL) async {
        let result = await router.dispatch(url)  // returns once the handler has finished
        if let error = result.error { print("could not open \(url): \(error)") }
    }
}

actor WebhookStore {
    private(set) var sources: [String] = []
    func save(source: String) throws { sources.append(source) }
}

func registerWebhooks(on router: Router, store: WebhookStore) throws {
    try router.register("/webhooks/:source") { link in
        try await store.save(source: link.routeParameters["source"] ?? "")
    }
}

extension LinkCondition {
    static let signedIn: LinkCondition = "signedIn"
}

@MainActor
final class AccountLinks {
    private(set) var path: [String] = []
    private(set) var showsLogin = false
    let router = Router()

    init() throws {
        router.delivery.hold()  // until the first screen is up
        try router.register("/account/orders", onMainActor: { [weak self] _ in self?.path.append("orders") })
        router.delivery.require(.signedIn, for: "/account/orders")
        router.delivery.onDeferredResult { report in
            // A link dropped from the hold, denied, or superseded by a newer one.
            if let failure = report.result.failure { print(report.url, failure) }
        }
    }

    func open(_ url: URL) {
        if case .awaitingApproval(.signedIn)? = router.handle(url).pending { showsLogin = true }
    }

    func firstScreenAppeared() { router.delivery.release() }
    func signedIn() { router.delivery.grant(.signedIn) }  // the waiting link runs
    func loginCancelled() { router.delivery.denyWaiting(.signedIn) }  // reported as denied
}

struct ChatLink: RoutableLink {
    let room: String
    var routeURL: String { "chat:/rooms/" + room }
    var receivedURL: URL { URL(string: "https://chat.example/r/" + room)! }
}

func openChat(_ link: ChatLink, with router: Router) async -> Bool {
    await router.dispatch(link).isHandled
}

@Suite("README: asynchronous handlers and links that wait", .timeLimit(.minutes(5)))
struct ReadmeAsyncSnippetTests {
    @Test("the orders model fetches, then navigates, on the main actor")
    @MainActor
    func orders() async throws {
        let model = try OrdersNavigation()
        await model.open(URL(string: "shop://x/orders/7")!)
        #expect(model.path == [.order(Order(id: 7))])
        await model.open(URL(string: "shop://x/orders/seven")!)
        #expect(model.path.count == 1, "the handler threw: nothing navigated")
        model.router.handle(URL(string: "shop://x/cart")!)
        #expect(model.path.last == .cart)
    }

    @Test("the server's webhook handler runs nonisolated")
    func webhooks() async throws {
        let router = Router()
        let store = WebhookStore()
        try registerWebhooks(on: router, store: store)
        #expect(await router.dispatch(URL(string: "https://api.example/webhooks/stripe")!).isHandled)
        #expect(await store.sources == ["stripe"])
    }

    @Test("account links wait for the first screen, then for sign-in")
    @MainActor
    func accountLinks() throws {
        let links = try AccountLinks()
        links.open(URL(string: "shop://x/account/orders")!)
        #expect(!links.showsLogin && links.path.isEmpty, "held")
        links.firstScreenAppeared()
        #expect(links.router.delivery.waitingLink(for: .signedIn) != nil && links.path.isEmpty)
        links.signedIn()
        #expect(links.path == ["orders"])
        links.router.delivery.revoke(.signedIn)
        links.open(URL(string: "shop://x/account/orders")!)
        #expect(links.showsLogin)
        links.loginCancelled()
        #expect(links.router.delivery.waitingLink(for: .signedIn) == nil && links.path == ["orders"])
    }

    @Test("a link type of one's own reaches the router through the seam")
    func chatLink() async throws {
        let router = Router()
        try router.register("/rooms/:room") { _ in }
        #expect(await openChat(ChatLink(room: "general"), with: router))
        #expect(router.match(ChatLink(room: "x"))?.routeParameters == ["room": "x"])
    }
}
