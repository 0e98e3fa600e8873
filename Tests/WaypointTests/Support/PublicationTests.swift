import Dispatch
import Testing

@testable import Waypoint

/// `Publication`: readers borrow the published object without a lock or a retain, and a
/// replaced object is released only once no reader can still see it.
@Suite("Publication")
struct PublicationTests {
    /// A value that records when it is freed, and whose two fields always agree while it lives.
    final class Tracked: Sendable {
        let id: Int
        let double: Int
        let frees: Locked<[Int]>
        init(_ id: Int, frees: Locked<[Int]>) {
            self.id = id
            double = 2 * id
            self.frees = frees
        }
        deinit { frees.withLock { $0.append(id) } }
    }

    @Test("a replaced object is released at once when no reader holds it, the last with the publication")
    func releasesReplaced() {
        let frees = Locked<[Int]>([])
        do {
            let publication = Publication(Tracked(0, frees: frees))
            #expect(publication.read { $0.id } == 0)
            publication.publish(Tracked(1, frees: frees))
            #expect(frees.withLock { $0 } == [0])
            #expect(publication.read { $0.id } == 1)
            let kept = publication.current
            publication.publish(Tracked(2, frees: frees))
            // A strong reference taken from a read keeps its object past the publication.
            #expect(frees.withLock { $0 } == [0])
            #expect(kept.id == 1)
        }
        #expect(frees.withLock { $0 }.sorted() == [0, 1, 2])
    }

    @Test("readers on other threads never see a freed or half-made object while one publishes")
    func readersDuringPublication() {
        let frees = Locked<[Int]>([])
        let publishes = 300
        let publication = Publication(Tracked(0, frees: frees))
        let bad = Locked(0)
        let done = Locked(false)
        // Threads of their own (concurrentPerform), not the cooperative pool: a publication
        // waits for readers.
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread == 0 {
                for id in 1...publishes { publication.publish(Tracked(id, frees: frees)) }
                done.withLock { $0 = true }
            } else {
                var reads = 0
                while !done.withLock({ $0 }) || reads < 1_000 {
                    let fine = publication.read { object in
                        object.double == 2 * object.id && !object.frees.withLock { $0.contains(object.id) }
                    }
                    if !fine { bad.withLock { $0 += 1 } }
                    reads += 1
                }
            }
        }
        #expect(bad.withLock { $0 } == 0)
        #expect(frees.withLock { $0 }.count == publishes)
        #expect(publication.read { $0.id } == publishes)
    }

    @Test("matches made while routes are registered and removed on another thread all find their route")
    func matchingDuringRegistration() throws {
        let router = Router()
        try router.register("/stays/:id") { _ in }
        let misses = Locked(0)
        let done = Locked(false)
        DispatchQueue.concurrentPerform(iterations: 3) { thread in
            if thread == 0 {
                for index in 0..<400 {
                    try? router.register("/churn/\(index)/:id") { _ in }
                    if index % 2 == 0 { router.remove("/churn/\(index)/:id") }
                }
                done.withLock { $0 = true }
            } else {
                var lookups = 0
                while !done.withLock({ $0 }) || lookups < 1_000 {
                    let match = router.match(path: "/stays/\(lookups)")
                    if match?.route != "/stays/:id" || match?.routeParameters["id"] != "\(lookups)" {
                        misses.withLock { $0 += 1 }
                    }
                    lookups += 1
                }
            }
        }
        #expect(misses.withLock { $0 } == 0)
        #expect(router.routes.count == 201)
        #expect(router.match(path: "/churn/399/7")?.route == "/churn/399/:id")
    }
}
