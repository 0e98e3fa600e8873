import Dispatch
import Foundation
import Testing
import Waypoint

/// A release delivers every link that arrives while it runs, after the ones it took up and
/// in arrival order, whatever the hold's limit, and one link at a time for every kind of
/// handler (Documentation/spec/routing.md §10).
@Suite(
    "Releasing held links: nothing after the release is dropped, order is arrival order",
    .timeLimit(.minutes(10)))
struct ReleaseOrderTests {
    static func url(_ n: Int) -> URL { URL(string: "app://x/n/\(n)")! }
    static func number(_ url: URL) -> Int { Int(url.lastPathComponent) ?? -1 }

    @Test("links a handler hands the router during a release are delivered after the held ones, none dropped")
    func arrivalsFromHandlers() throws {
        let router = Router()
        let log = Locked<[Int]>([])
        let dropped = Locked<[Int]>([])
        // Weak: a handler that kept its router would keep it alive for ever (a cycle).
        try router.register("/n/:n") { [weak router] link in
            let n = Self.number(link.url)
            log.withLock { $0.append(n) }
            // Each held link brings 20 more while the release delivers: 1,280 in all,
            // twenty times the hold's limit.
            if n <= 64 {
                for k in 0..<20 { #expect(router?.handle(Self.url(1000 + n * 20 + k)).isHeld == true) }
            }
        }
        router.delivery.onDeferredResult { report in
            if report.result.failure == .dropped { dropped.withLock { $0.append(Self.number(report.url)) } }
        }
        router.delivery.hold(limit: 64)
        for n in 1...64 { #expect(router.handle(Self.url(n)).isHeld) }
        #expect(router.delivery.release() == 64 + 64 * 20)
        let expected = Array(1...64) + (1...64).flatMap { n in (0..<20).map { 1000 + n * 20 + $0 } }
        #expect(log.withLock { $0 } == expected)
        #expect(dropped.withLock { $0 }.isEmpty)
        #expect(!router.delivery.isHolding)
        // Once the release is over, links run at once.
        router.handle(Self.url(5000))
        #expect(log.withLock { $0.last } == 5000)
    }

    @Test("links four threads send while a release delivers are all delivered once, each thread's in order")
    func arrivalsFromThreads() async throws {
        let router = Router()
        let log = Locked<[Int]>([])
        let dropped = Locked(0)
        let deliveries = Tally()
        let sendersDone = DispatchSemaphore(value: 0)
        try router.register("/n/:n") { link in
            let n = Self.number(link.url)
            // The first released link holds the release open until every sender is done, so
            // that all 8,000 links arrive while it delivers.
            if n == 1 { sendersDone.wait() }
            log.withLock { $0.append(n) }
            deliveries.add()
        }
        router.delivery.onDeferredResult { report in
            if report.result.failure == .dropped { dropped.withLock { $0 += 1 } }
        }
        router.delivery.hold(limit: 64)
        for n in 1...64 { router.handle(Self.url(n)) }
        let releaser = Thread { router.delivery.release() }
        releaser.start()
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    await Self.onOwnThread {
                        for k in 0..<2000 {
                            // Held behind the release: it delivers them.
                            let result = router.handle(Self.url(100_000 * (thread + 1) + k))
                            #expect(result.isHeld)
                        }
                    }
                }
            }
        }
        sendersDone.signal()
        await deliveries.wait(for: 64 + 8000)
        let delivered = log.withLock { $0 }
        #expect(delivered.count == 64 + 8000)
        #expect(Array(delivered.prefix(64)) == Array(1...64))
        #expect(Set(delivered).count == delivered.count, "a link was delivered twice")
        for thread in 0..<4 {
            let own = delivered.filter { $0 / 100_000 == thread + 1 }
            #expect(own == (0..<2000).map { 100_000 * (thread + 1) + $0 }, "thread \(thread) out of order")
        }
        #expect(dropped.withLock { $0 } == 0)
    }

    @Test("nonisolated asynchronous handlers of released links start one after another, in arrival order")
    func asynchronousInOrder() async throws {
        let router = Router()
        let events = Locked<[String]>([])
        let reports = Tally()
        try router.register("/n/:n") { link in
            let n = Self.number(link.url)
            events.withLock { $0.append("start \(n)") }
            // Give any other link's handler every chance to start meanwhile.
            for _ in 0..<50 { await Task.yield() }
            events.withLock { $0.append("end \(n)") }
        }
        router.delivery.onDeferredResult { _ in reports.add() }
        router.delivery.hold()
        for n in 1...40 { router.handle(Self.url(n)) }
        router.delivery.release()
        await reports.wait(for: 40)
        #expect(events.withLock { $0 } == (1...40).flatMap { ["start \($0)", "end \($0)"] })
    }

    @Test(
        "a release off the main actor delivers main-actor handlers on it, in order, with links queued behind")
    func mainActorHandlersOffMain() async throws {
        let router = Router()
        let log = Locked<[Int]>([])
        let reports = Tally()
        let results = Locked<[Bool]>([])
        try router.register(
            "/n/:n", onMainActor: { link in log.withLock { $0.append(Self.number(link.url)) } })
        router.delivery.onDeferredResult { report in
            results.withLock { $0.append(report.result.isHandled) }
            reports.add()
        }
        router.delivery.hold()
        for n in 1...10 { router.handle(Self.url(n)) }
        await Self.onOwnThread {
            router.delivery.release()
            // Arrives while the task still delivers: queued behind, not run off the main actor.
            #expect(router.handle(Self.url(11)).isHeld)
        }
        await reports.wait(for: 11)
        #expect(log.withLock { $0 } == Array(1...11))
        #expect(results.withLock { $0 }.allSatisfy { $0 })
    }

    @Test("the backlog behind a release refuses only past 100,000 links, at the call")
    func backlogLimit() throws {
        let router = Router()
        let delivered = Locked(0)
        let refused = Locked<[Int]>([])
        let limit = 100_000
        try router.register("/n/:n") { [weak router] link in
            delivered.withLock { $0 += 1 }
            guard Self.number(link.url) == 1, let router else { return }
            for k in 0...limit {
                let result = router.handle(Self.url(10 + k))
                if result.failure == .dropped { refused.withLock { $0.append(10 + k) } }
            }
        }
        router.delivery.hold()
        router.handle(Self.url(1))
        #expect(router.delivery.release() == 1 + limit)
        #expect(delivered.withLock { $0 } == 1 + limit)
        #expect(refused.withLock { $0 } == [10 + limit], "only the link past the limit is refused")
    }

    /// Runs `body` on a thread of its own, off the cooperative pool and off the main actor.
    static func onOwnThread(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                body()
                continuation.resume()
            }.start()
        }
    }
}

extension DeepLinkResult {
    /// Whether the result says the link is held.
    var isHeld: Bool {
        if case .held? = pending { true } else { false }
    }
}
