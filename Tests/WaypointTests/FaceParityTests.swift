import Foundation
import Testing
import Waypoint
import WaypointExplain
import WaypointNavigation
import WaypointReverseRouting

/// What both faces offer, in the same words: `Router` and `DestinationRouter` each conform,
/// so a capability added to one face and not the other fails to compile here.
protocol LinkFace: AnyObject, Sendable {
    associatedtype Explanation
    associatedtype BulkRoute
    var delivery: LinkDelivery { get }
    var options: RouterOptions { get }
    var routes: [String] { get }
    var gate: (@Sendable (URL) -> Bool)? { get set }
    func register(_ routes: some Sequence<BulkRoute>) throws(RouteError)
    func remove(_ route: RouteName) -> Bool
    func explain(_ url: URL) -> [Explanation]
    func explain(_ url: String) -> [Explanation]
    func url(
        for route: RouteName, parameters: RouteParameters, scheme: String?, host: String?
    ) throws(ReverseRoutingError) -> URL
    func handle(_ url: URL) -> DeepLinkResult
    func handle(_ url: String) -> DeepLinkResult
    func handle(_ link: some RoutableLink) -> DeepLinkResult
    func handle(_ url: URL, completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void)
    func handle(userActivity: UserActivity) -> Bool
    func dispatch(_ url: URL, isolation: isolated (any Actor)?) async -> DeepLinkResult
    func dispatch(_ link: some RoutableLink, isolation: isolated (any Actor)?) async -> DeepLinkResult
}

extension Router: LinkFace {
    typealias Explanation = RouteExplanation
    typealias BulkRoute = (RouteName, RouteHandler)
}

extension DestinationRouter: LinkFace {
    typealias Explanation = DestinationExplanation
    typealias BulkRoute = Route
}

/// Each capability, run on both faces: the same links get the same results and reports, so
/// the faces cannot drift apart again.
@Suite("Both faces, capability by capability")
@MainActor
struct FaceParityTests {
    /// One face set up for a capability: routes `/open/:n` (a link given at once),
    /// `/slow/:n` (asynchronous: a handler or builder that awaits) and `/account/:n`, and
    /// what the face delivered, in order.
    struct Setup {
        let name: String
        let face: any LinkFace
        let delivered: Locked<[Int]>
        let asyncRegistered: Bool
    }

    nonisolated static func number(_ url: URL) -> Int { Int(url.lastPathComponent) ?? -1 }
    nonisolated static func url(_ path: String, _ n: Int) -> URL { URL(string: "app://x/\(path)/\(n)")! }

    static func router() throws -> Setup {
        let router = Router()
        let delivered = Locked<[Int]>([])
        for path in ["open", "account"] {
            try router.register(RouteName("/\(path)/:n")) { link in
                delivered.withLock { $0.append(number(link.url)) }
            }
        }
        try router.register("/slow/:n") { link in
            await Task.yield()
            delivered.withLock { $0.append(number(link.url)) }
        }
        return Setup(name: "Router", face: router, delivered: delivered, asyncRegistered: true)
    }

    static func destinations() throws -> Setup {
        let screens = DestinationRouter<Int>()
        let delivered = Locked<[Int]>([])
        for path in ["open", "account"] {
            try screens.register(RouteName("/\(path)/:n")) { link in
                number(link.url)
            } link: {
                ["n": String($0)]
            }
        }
        try screens.register("/slow/:n") { link in
            await Task.yield()
            return number(link.url)
        }
        screens.onDestination { n in delivered.withLock { $0.append(n) } }
        return Setup(name: "DestinationRouter", face: screens, delivered: delivered, asyncRegistered: true)
    }

    static var faces: [Setup] { get throws { [try router(), try destinations()] } }

    @Test("handle: a link goes to its route at once")
    func handle() throws {
        for setup in try Self.faces {
            #expect(setup.face.handle(Self.url("open", 1)).isHandled, "\(setup.name)")
            #expect(setup.face.handle("app://x/open/2").isHandled, "\(setup.name)")
            #expect(setup.face.handle("not a url").failure == .invalidURL, "\(setup.name)")
            // A control character, which no URL holds (`match` reads it as written).
            #expect(setup.face.handle("app://x/open/\u{0}5").failure == .invalidURL, "\(setup.name)")
            #expect(setup.face.handle(Self.url("none", 3)).failure == .routeNotFound, "\(setup.name)")
            #expect(setup.delivered.withLock { $0 } == [1, 2], "\(setup.name)")
        }
    }

    @Test("dispatch awaits an asynchronous handler or builder")
    func asynchronous() async throws {
        for setup in try Self.faces {
            let result = await setup.face.dispatch(Self.url("slow", 7), isolation: #isolation)
            #expect(result.isHandled && result.route == "/slow/:n", "\(setup.name)")
            #expect(setup.delivered.withLock { $0 } == [7], "\(setup.name)")
            let started = setup.face.handle(Self.url("slow", 8))
            guard case .running(let task)? = started.pending else {
                Issue.record("\(setup.name): a synchronous handle starts the asynchronous route in a task")
                continue
            }
            #expect(await task.value.isHandled, "\(setup.name)")
        }
    }

    @Test("hold and release: links wait, then arrive in order, and are reported")
    func holdAndRelease() async throws {
        for setup in try Self.faces {
            let reports = Locked<[Int]>([])
            setup.face.delivery.onDeferredResult { report in
                if report.result.isHandled { reports.withLock { $0.append(Self.number(report.url)) } }
            }
            setup.face.delivery.hold()
            for n in 1...3 { #expect(setup.face.handle(Self.url("open", n)).pending != nil, "\(setup.name)") }
            #expect(setup.delivered.withLock { $0 }.isEmpty, "\(setup.name)")
            #expect(setup.face.delivery.release() == 3, "\(setup.name)")
            #expect(setup.delivered.withLock { $0 } == [1, 2, 3], "\(setup.name)")
            #expect(reports.withLock { $0 } == [1, 2, 3], "\(setup.name)")
        }
    }

    @Test("a condition: the link waits, grant runs it, deny drops it")
    func condition() throws {
        for setup in try Self.faces {
            let denied = Locked<[Int]>([])
            setup.face.delivery.onDeferredResult { report in
                if report.result.failure == .denied { denied.withLock { $0.append(Self.number(report.url)) } }
            }
            #expect(setup.face.delivery.require("signedIn", for: "/account/:n"), "\(setup.name)")
            guard case .awaitingApproval? = setup.face.handle(Self.url("account", 1)).pending else {
                Issue.record("\(setup.name): the link waits for the condition")
                continue
            }
            #expect(setup.face.delivery.denyWaiting("signedIn"), "\(setup.name)")
            _ = setup.face.handle(Self.url("account", 2))
            setup.face.delivery.grant("signedIn")
            #expect(setup.delivered.withLock { $0 } == [2], "\(setup.name)")
            #expect(denied.withLock { $0 } == [1], "\(setup.name)")
            #expect(
                setup.face.handle(Self.url("account", 3)).isHandled, "\(setup.name): granted, it runs at once"
            )
        }
    }

    @Test("the gate refuses links on both faces")
    func gate() throws {
        for setup in try Self.faces {
            setup.face.gate = { $0.host != "blocked" }
            #expect(setup.face.handle("app://blocked/open/1").failure == .refusedByGate, "\(setup.name)")
            #expect(setup.face.handle("app://x/open/2").isHandled, "\(setup.name)")
        }
    }

    @Test("remove by route name, and reverse routing by route name")
    func namesAndReverse() throws {
        for setup in try Self.faces {
            let url = try setup.face.url(for: "/open/:n", parameters: ["n": "4"], scheme: "app", host: "x")
            #expect(url.absoluteString == "app://x/open/4", "\(setup.name)")
            #expect(setup.face.remove("/open/:n"), "\(setup.name)")
            #expect(!setup.face.routes.contains("/open/:n"), "\(setup.name)")
            #expect(setup.face.handle(Self.url("open", 4)).failure == .routeNotFound, "\(setup.name)")
        }
    }

    @Test("universal links and adapters' links")
    func activitiesAndAdapterLinks() async throws {
        struct Link: RoutableLink {
            var routeURL: String { "chat:/open/9" }
            var receivedURL: URL { URL(string: "https://chat.example/9")! }
        }
        for setup in try Self.faces {
            #expect(
                setup.face.handle(
                    userActivity: UserActivity(
                        activityType: UserActivity.browsingWeb, webpageURL: URL(string: "https://x/open/5"))),
                "\(setup.name)")
            #expect(!setup.face.handle(userActivity: UserActivity(activityType: "other")), "\(setup.name)")
            #expect(setup.face.handle(Link()).isHandled, "\(setup.name)")
            #expect(await setup.face.dispatch(Link(), isolation: #isolation).isHandled, "\(setup.name)")
            #expect(setup.delivered.withLock { $0 } == [5, 9, 9], "\(setup.name)")
        }
    }

    @Test("explain names the stop of each route")
    func explain() throws {
        let router = Router()
        let screens = DestinationRouter<Int>()
        for route in ["/open/:n", "/open/:n([a-z]+)", "/account/:n"] {
            try router.register(RouteName(route)) { _ in }
            try screens.register(RouteName(route)) { _ in 1 }
        }
        for url in ["app://x/open/1", "app://x/account", "nope"] {
            #expect(
                router.explain(url).map(\.description) == screens.explain(url).map(\.matching.description))
        }
    }
}
