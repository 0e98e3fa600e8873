import Foundation
import Testing
import Waypoint

/// An app's session: links to its account pages wait until the user signs in. Written as
/// app code: a main-actor model whose handlers append to its path.
@MainActor
final class SessionModel {
    enum Destination: Hashable { case product(Int), orders }

    let router = Router()
    private(set) var path: [Destination] = []
    private(set) var loginShown = 0

    init() throws {
        router.delivery.hold()  // until the first screen is up
        try router.register(
            "/products/:id",
            onMainActor: { [weak self] link in
                self?.path.append(.product(link.parameters.get("id", as: Int.self) ?? 0))
            })
        try router.register("/account/orders", onMainActor: { [weak self] _ in self?.path.append(.orders) })
        router.delivery.require(.signedIn, for: "/account/orders")
        let reports = Locked<[DeferredLinkResult]>([])
        router.delivery.onDeferredResult { report in reports.withLock { $0.append(report) } }
        self.reportLog = reports
    }

    private var reportLog: Locked<[DeferredLinkResult]>?

    /// What `onOpenURL` calls.
    func open(_ url: URL) {
        let result = router.handle(url)
        if case .awaitingApproval(.signedIn)? = result.pending { loginShown += 1 }
    }

    func appeared() { router.delivery.release() }
    func signedIn() { router.delivery.grant(.signedIn) }
    func loginCancelled() { router.delivery.denyWaiting(.signedIn) }

    var reported: [DeferredLinkResult] { reportLog?.withLock { $0 } ?? [] }
}

@Suite("Held links and conditions", .timeLimit(.minutes(5)))
struct DeliveryTests {
    static func url(_ text: String) -> URL { URL(string: text)! }

    @Test("a cold start: links wait for the first screen, then run in arrival order")
    @MainActor
    func coldStart() throws {
        let model = try SessionModel()
        model.open(Self.url("shop://x/products/1"))
        model.open(Self.url("shop://x/products/2"))
        #expect(model.path.isEmpty, "held until the first screen appears")
        model.appeared()
        #expect(model.path == [.product(1), .product(2)])
        #expect(model.reported.map(\.url.absoluteString) == ["shop://x/products/1", "shop://x/products/2"])
        #expect(model.reported.allSatisfy { $0.result.isHandled })
        model.open(Self.url("shop://x/products/3"))
        #expect(model.path.last == .product(3), "once released, links run at once")
    }

    @Test("a link that needs sign-in waits, runs once granted, and later ones pass")
    @MainActor
    func signIn() throws {
        let model = try SessionModel()
        model.appeared()
        model.open(Self.url("shop://x/account/orders"))
        #expect(model.loginShown == 1 && model.path.isEmpty)
        #expect(
            model.router.delivery.waitingLink(for: .signedIn)?.absoluteString == "shop://x/account/orders")
        model.signedIn()
        #expect(model.path == [.orders])
        #expect(model.reported.last?.result.isHandled == true)
        model.open(Self.url("shop://x/account/orders"))
        #expect(model.path == [.orders, .orders] && model.loginShown == 1)
        model.router.delivery.revoke(.signedIn)
        model.open(Self.url("shop://x/account/orders"))
        #expect(model.loginShown == 2)
    }

    @Test("denied and superseded links are reported, never run")
    @MainActor
    func deniedAndSuperseded() throws {
        let model = try SessionModel()
        model.appeared()
        model.open(Self.url("shop://x/account/orders?n=1"))
        model.open(Self.url("shop://x/account/orders?n=2"))
        #expect(model.reported.map(\.url.query) == ["n=1"])
        #expect(model.reported.last?.result.failure == .superseded)
        #expect(model.reported.last?.result.failure?.code == 22033)
        model.loginCancelled()
        #expect(model.reported.last?.url.query == "n=2" && model.reported.last?.result.failure == .denied)
        #expect(model.router.delivery.waitingLink(for: .signedIn) == nil)
        #expect(
            !model.router.delivery.denyWaiting(.signedIn) && !model.router.delivery.approveWaiting(.signedIn))
        model.signedIn()
        #expect(model.path.isEmpty, "nothing was waiting")
    }

    @Test("approving one link runs it without granting the condition")
    func approveOnce() throws {
        let router = Router()
        let ran = Locked(0)
        try router.register("/a") { _ in ran.withLock { $0 += 1 } }
        #expect(router.delivery.require(.signedIn, for: "/a"))
        #expect(router.handle(Self.url("s://h/a")).pending != nil)
        #expect(router.delivery.approveWaiting(.signedIn))
        #expect(ran.withLock { $0 } == 1 && !router.delivery.isGranted(.signedIn))
        #expect(router.handle(Self.url("s://h/a")).pending != nil, "the next link waits again")
    }

    @Test("a requirement belongs to its route")
    func requirementLifetime() throws {
        let router = Router()
        #expect(!router.delivery.require(.signedIn, for: "/nowhere"), "an unknown route")
        #expect(router.delivery.requirement(for: "/nowhere") == nil)
        try router.register("/a") { _ in }
        #expect(router.delivery.require(.signedIn, for: "/a"))
        try router.register("/a") { _ in }
        #expect(router.delivery.requirement(for: "/a") == .signedIn, "registering again keeps it")
        router.remove("/a")
        try router.register("/a") { _ in }
        #expect(router.delivery.requirement(for: "/a") == nil, "removing the route drops it")
        #expect(router.handle(Self.url("s://h/a")).isHandled)
        #expect(router.delivery.require(.signedIn, for: "/a") && router.delivery.removeRequirement(for: "/a"))
        #expect(router.handle(Self.url("s://h/a")).isHandled)
    }

    @Test("the hold keeps every link of an ordinary launch, at ten times its size")
    func holdKeepsOrdinaryLoads() throws {
        let router = Router()
        let handled = Locked<[Int]>([])
        let dropped = Locked(0)
        try router.register("/p/:n") { link in
            handled.withLock { $0.append(Int(link.url.lastPathComponent)!) }
        }
        router.delivery.onDeferredResult { report in
            if report.result.failure == .dropped { dropped.withLock { $0 += 1 } }
        }
        router.delivery.hold()
        // A launch brings a handful of links; forty is ten times a busy one.
        for n in 0..<40 { #expect(router.handle(Self.url("s://h/p/\(n)")).pending != nil) }
        #expect(router.delivery.release() == 40)
        #expect(handled.withLock { $0 } == Array(0..<40) && dropped.withLock { $0 } == 0)
    }

    @Test("a flood of held links keeps the newest, and reports every one it drops")
    func holdDropsOldest() throws {
        let router = Router()
        let handled = Locked<[Int]>([])
        let dropped = Locked<[Int]>([])
        try router.register("/p/:n") { link in
            handled.withLock { $0.append(Int(link.url.lastPathComponent)!) }
        }
        router.delivery.onDeferredResult { report in
            if report.result.failure == .dropped {
                dropped.withLock { $0.append(Int(report.url.lastPathComponent)!) }
            }
        }
        router.delivery.hold(limit: 64)
        for n in 0..<10_000 { router.handle(Self.url("s://h/p/\(n)")) }
        #expect(dropped.withLock { $0 } == Array(0..<9_936))
        #expect(router.delivery.release() == 64)
        #expect(handled.withLock { $0 } == Array(9_936..<10_000))
        router.delivery.hold(limit: 4)
        for n in 0..<6 { router.handle(Self.url("s://h/p/\(n)")) }
        router.delivery.hold(limit: 2)
        #expect(dropped.withLock { $0 }.suffix(4) == [0, 1, 2, 3], "a lower limit drops the oldest")
    }

    @Test("a link a handler hands over during a release waits for the held ones")
    func reentrantArrival() throws {
        let router = Router()
        let handled = Locked<[String]>([])
        // Weak: a handler that holds its own router strongly is a cycle that outlives the test.
        try router.register("/p/:n") { [weak router] link in
            let n = link.routeParameters["n"] ?? ""
            handled.withLock { $0.append(n) }
            if n == "1" { router?.handle(Self.url("s://h/p/late")) }
        }
        router.delivery.hold()
        router.handle(Self.url("s://h/p/1"))
        router.handle(Self.url("s://h/p/2"))
        router.delivery.release()
        #expect(handled.withLock { $0 } == ["1", "2", "late"])
    }

    @Test("dispatch returns at once for a held link; a main-actor handler runs on release")
    @MainActor
    func asyncAndMainActor() async throws {
        let router = Router()
        var ran = 0
        try router.register("/m", onMainActor: { _ in ran += 1 })
        router.delivery.hold()
        let result = await router.dispatch(Self.url("s://h/m"))
        guard case .held? = result.pending else {
            Issue.record("expected held, got \(String(describing: result.pending))")
            return
        }
        #expect(!result.isHandled && result.failure == nil && ran == 0)
        router.delivery.release()
        #expect(ran == 1)
    }

    @Test("links from several threads while the app holds and releases: each delivered once, in order")
    func concurrentHoldAndRelease() async throws {
        let router = Router()
        let handled = Locked<[Int: [Int]]>([:])
        try router.register("/p/:producer/:n") { link in
            let producer = Int(link.routeParameters["producer"] ?? "") ?? -1
            let n = Int(link.routeParameters["n"] ?? "") ?? -1
            handled.withLock { $0[producer, default: []].append(n) }
        }
        let perProducer = 300
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for round in 0..<100 {
                    router.delivery.hold(limit: 100_000)
                    await Task.yield()
                    if round % 2 == 0 { router.delivery.release() }
                    await Task.yield()
                }
                router.delivery.release()
            }
            for producer in 0..<4 {
                group.addTask {
                    for n in 0..<perProducer {
                        router.handle(Self.url("s://h/p/\(producer)/\(n)"))
                        if n % 16 == 0 { await Task.yield() }
                    }
                }
            }
        }
        router.delivery.release()
        for producer in 0..<4 {
            #expect(handled.withLock { $0[producer] } == Array(0..<perProducer), "producer \(producer)")
        }
    }
}
