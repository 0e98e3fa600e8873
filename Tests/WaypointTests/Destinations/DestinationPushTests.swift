import Foundation
import Testing
import Waypoint
import WaypointExplain
import WaypointNavigation

/// The destination router's push side, asynchronous builders, explanations and bulk
/// registration (Documentation/spec/routing.md §11).
@Suite("Destinations pushed to the app")
@MainActor
struct DestinationPushTests {
    enum Screen: Hashable, Sendable { case product(Int), order(Int), help }

    static func url(_ text: String) -> URL { URL(string: text)! }

    @Test("a pushed link's destination goes to the receiver; without one, no target")
    func receiver() throws {
        let screens = DestinationRouter<Screen>()
        try screens.register("/products/:id") { link in
            .product(try link.parameters.require("id", as: Int.self))
        }
        #expect(screens.handle("app://x/products/1").failure == .handlerHasNoTarget)
        var path: [Screen] = []
        screens.onDestination { path.append($0) }
        #expect(screens.handle("app://x/products/2").isHandled)
        #expect(
            screens.handle("app://x/products/nope").failure == .routeNotFound, "the builder threw: passed on")
        #expect(path == [.product(2)])
    }

    @Test("off the main actor, handle stops at the receiver and dispatch hops to it")
    func offMain() async throws {
        let screens = DestinationRouter<Screen>()
        try screens.register("/help") { _ in .help }
        let received = Locked<[Screen]>([])
        screens.onDestination { screen in received.withLock { $0.append(screen) } }
        let (sync, async) = await Task.detached {
            (
                screens.handle("app://x/help").failure,
                await screens.dispatch(Self.url("app://x/help")).isHandled
            )
        }.value
        #expect(sync == .requiresMainActor)
        #expect(async)
        #expect(received.withLock { $0 } == [.help])
    }

    @Test("a newer link supersedes an asynchronous builder still fetching")
    func superseding() async throws {
        let screens = DestinationRouter<Screen>()
        let fetching = Latch()
        let finish = Latch()
        try screens.register("/orders/:id") { link in
            fetching.open()
            await finish.wait()
            return .order(try link.parameters.require("id", as: Int.self))
        }
        try screens.register("/help") { _ in .help }
        var path: [Screen] = []
        screens.onDestination { path.append($0) }
        let first = Task { await screens.dispatch(Self.url("app://x/orders/1")) }
        await fetching.wait()
        #expect(screens.handle("app://x/help").isHandled, "the newer link arrives during the fetch")
        finish.open()
        let result = await first.value
        #expect(result.failure == .superseded)
        #expect(path == [.help], "the superseded fetch delivers nothing")
        // A fetch that nothing overtakes delivers.
        #expect(await screens.dispatch(Self.url("app://x/orders/2")).isHandled)
        #expect(path == [.help, .order(2)])
    }

    @Test("an asynchronous builder that throws fails the push with its error")
    func throwingBuilder() async throws {
        struct Offline: Error {}
        let screens = DestinationRouter<Screen>()
        try screens.register("/orders/:id") { _ in
            await Task.yield()
            throw Offline()
        }
        screens.onDestination { _ in Issue.record("nothing is delivered") }
        let result = await screens.dispatch(Self.url("app://x/orders/1"))
        #expect(result.failure == .handlerFailed && result.error is Offline)
    }

    @Test("explain says why a lookup gave nil: the builder's error, nil, or an asynchronous builder")
    func explain() throws {
        let screens = DestinationRouter<Screen>()
        try screens.register("/products/:id") { link in
            .product(try link.parameters.require("id", as: Int.self))
        }
        try screens.register("/products/*") { _ in nil }
        try screens.register("/products/:slug") { _ in .help }
        try screens.register("/orders/:id") { _ in .order(1) }
        let explained = screens.explain("app://x/products/shoes")
        #expect(explained.count == 4)
        guard case .threw(let error) = explained[0].builder else {
            Issue.record("the first builder threw: \(explained[0])")
            return
        }
        #expect("\(error)".contains("shoes"))
        guard case .declined = explained[1].builder, case .built(let built) = explained[2].builder else {
            Issue.record("then nil, then a destination: \(explained)")
            return
        }
        #expect(built == "help")
        #expect(explained[3].builder == nil && !explained[3].matching.matched)
        #expect(screens.destination(for: "app://x/products/shoes") == .help)

        let fetching = DestinationRouter<Screen>()
        try fetching.register("/orders/:id") { _ in
            await Task.yield()
            return .order(1)
        }
        try fetching.register("/orders/:id(.*)") { _ in .help }
        #expect(
            fetching.destination(for: "app://x/orders/1") == nil, "an asynchronous builder takes the link")
        guard case .asynchronous = fetching.explain("app://x/orders/1")[0].builder else {
            Issue.record("explain names the asynchronous builder")
            return
        }
        #expect(fetching.explain("app://x/orders/1")[1].builder == nil)
    }

    @Test("bulk registration takes builders and printers, in order, with one publication")
    func bulk() throws {
        let screens = DestinationRouter<Screen>()
        try screens.register([
            .init("/products/:id") { link in
                .product(try link.parameters.require("id", as: Int.self))
            } link: {
                guard case .product(let id) = $0 else { return nil }
                return ["id": String(id)]
            },
            .init("/help") { _ in
                .help
            } link: {
                $0 == .help ? [:] : nil
            },
            .init("/orders/:id") { link in .order(try link.parameters.require("id", as: Int.self)) },
        ])
        #expect(screens.routes == ["/products/:id", "/help", "/orders/:id"])
        #expect(try screens.url(for: .product(3), scheme: "app").absoluteString == "app:///products/3")
        #expect(try screens.url(for: .help, scheme: "app").absoluteString == "app:///help")
        #expect(throws: DestinationLinkError.self) { try screens.url(for: .order(1), scheme: "app") }
        #expect(throws: RouteError.self) {
            try screens.register([.init("/ok") { _ in .help }, .init("/bad/:id(") { _ in .help }])
        }
        #expect(!screens.routes.contains("/ok"), "a failed bulk registration registers none")
    }
}

extension DestinationExplanation.BuilderOutcome? {
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        default: false
        }
    }
}
