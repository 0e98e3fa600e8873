import Foundation
import Testing
import Waypoint

/// The delivery gate under concurrency (Documentation/spec/routing.md §10): threads and actors
/// hand the router links while a controller holds, releases, grants, revokes, approves and
/// denies at random. Whatever the interleaving, each link is accounted for exactly once
/// (delivered, dropped, denied, superseded or refused), none is dropped for a hold's limit
/// once its release began, and each source's links that need no condition are delivered in
/// the order it sent them, for closures, asynchronous handlers and main-actor handlers alike.
@Suite("Delivery gate, concurrent sources against the gate's invariants", .timeLimit(.minutes(5)))
struct DeliveryGateConcurrentTests {
    static let signedIn: LinkCondition = "signedIn"

    /// What the sources send: by `k % 4`, a closure route, one that needs `signedIn`, an
    /// asynchronous handler and a main-actor handler (actors only send the last two).
    static func url(source: Int, k: Int) -> URL {
        let n = source * 1_000_000 + k
        let path = ["open", "account", "async", "main"][k % 4]
        return URL(string: "app://x/\(path)/\(n)")!
    }

    static func number(_ url: URL) -> Int { Int(url.lastPathComponent) ?? -1 }

    /// Where a run's outcomes go: each link once, whatever became of it.
    final class Ledger: Sendable {
        let delivered = Locked<[Int]>([])
        let lost = Locked<[Int]>([])
        let accounted = Tally()

        func deliver(_ n: Int) {
            delivered.withLock { $0.append(n) }
            accounted.add()
        }

        func lose(_ n: Int) {
            lost.withLock { $0.append(n) }
            accounted.add()
        }
    }

    /// A source that hands the router links from an actor's isolation.
    actor ActorSource {
        func send(_ router: Router, _ urls: [URL], ledger: Ledger, sent: Tally) async {
            for url in urls {
                let result = await router.dispatch(url)
                if result.failure == .dropped, result.pending == nil { ledger.lose(Self.number(url)) }
                sent.add()
            }
        }

        static func number(_ url: URL) -> Int { Int(url.lastPathComponent) ?? -1 }
    }

    @Test("random interleavings keep every link exactly once and each source's order", arguments: 0..<40)
    func interleavings(seed: Int) async throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 77)
        let router = Router()
        let ledger = Ledger()
        try router.register("/open/:n") { link in ledger.deliver(Self.number(link.url)) }
        try router.register("/account/:n") { link in ledger.deliver(Self.number(link.url)) }
        try router.register("/async/:n") { link in
            await Task.yield()
            ledger.deliver(Self.number(link.url))
        }
        try router.register("/main/:n", onMainActor: { link in ledger.deliver(Self.number(link.url)) })
        router.delivery.require(Self.signedIn, for: "/account/:n")
        router.delivery.onDeferredResult { report in
            switch report.result.failure {
            case .dropped?, .denied?, .superseded?: ledger.lose(Self.number(report.url))
            default: break
            }
        }
        let perSource = 60
        let threads = 3
        let actors = 2
        // Threads send closure and condition links synchronously; actors await asynchronous
        // and main-actor handlers.
        let threadURLs = (0..<threads).map { source in
            (0..<perSource).map { Self.url(source: source + 1, k: ($0 / 2) * 4 + $0 % 2) }
        }
        let actorURLs = (0..<actors).map { source in
            (0..<perSource).map { Self.url(source: threads + source + 1, k: ($0 / 2) * 4 + 2 + $0 % 2) }
        }
        let operations = (0..<40).map { _ in [0, 1, 1, 1, 2, 2, 3, 4, 5].randomElement(using: &random)! }
        let limits = (0..<40).map { _ in [8, 64, 1000, 1000].randomElement(using: &random)! }
        let total = (threads + actors) * perSource
        // The controller's operations are spread over the sending: the i-th waits for its
        // share of the links to be sent, counted, not timed.
        let sent = Tally()
        await withTaskGroup(of: Void.self) { group in
            for urls in threadURLs {
                group.addTask {
                    await ReleaseOrderTests.onOwnThread {
                        for url in urls {
                            let result = router.handle(url)
                            if result.failure == .dropped, result.pending == nil {
                                ledger.lose(Self.number(url))
                            }
                            sent.add()
                        }
                    }
                }
            }
            for urls in actorURLs {
                group.addTask { await ActorSource().send(router, urls, ledger: ledger, sent: sent) }
            }
            group.addTask {
                for (index, (operation, limit)) in zip(operations, limits).enumerated() {
                    await sent.wait(for: index * total / operations.count)
                    await ReleaseOrderTests.onOwnThread {
                        switch operation {
                        case 0: router.delivery.hold(limit: limit)
                        case 1: router.delivery.release()
                        case 2: router.delivery.grant(Self.signedIn)
                        case 3: router.delivery.revoke(Self.signedIn)
                        case 4: router.delivery.approveWaiting(Self.signedIn)
                        default: router.delivery.denyWaiting(Self.signedIn)
                        }
                    }
                }
            }
        }
        // Everything sent is in; let the rest through and wait until each link is accounted.
        router.delivery.grant(Self.signedIn)
        router.delivery.release()
        await ledger.accounted.wait(for: total)
        let delivered = ledger.delivered.withLock { $0 }
        let lost = ledger.lost.withLock { $0 }
        #expect(Set(delivered).count == delivered.count, "seed \(seed): a link was delivered twice")
        #expect(Set(delivered).isDisjoint(with: lost), "seed \(seed): a link delivered and lost")
        let all = Set((threadURLs + actorURLs).joined().map(Self.number))
        #expect(Set(delivered).union(lost) == all, "seed \(seed): a link was lost without a report")
        #expect(ledger.accounted.count == total, "seed \(seed): a link was accounted twice")
        // Each source's links that need no condition arrive in the order it sent them.
        for source in 1...(threads + actors) {
            let sent = (threadURLs + actorURLs)[source - 1].map(Self.number).filter {
                ($0 % 1_000_000) % 4 != 1
            }
            let seen = delivered.filter { $0 / 1_000_000 == source && ($0 % 1_000_000) % 4 != 1 }
            let kept = sent.filter(Set(seen).contains)
            #expect(seen == kept, "seed \(seed): source \(source) out of order")
        }
    }
}
