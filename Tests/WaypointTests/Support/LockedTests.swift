import Testing

@testable import Waypoint

/// `Locked`: one value, its accesses exclusive across threads, released with the last copy.
@Suite("Locked")
struct LockedTests {
    /// A value that says when it is freed.
    final class Tracked: Sendable {
        let freed: Locked<Bool>
        init(freed: Locked<Bool>) { self.freed = freed }
        deinit { freed.withLock { $0 = true } }
    }

    @Test("increments from many tasks at once all land")
    func concurrentIncrements() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 8_000)
    }

    @Test("copies share one value")
    func copiesShare() {
        let lock = Locked([1])
        let copy = lock
        copy.withLock { $0.append(2) }
        #expect(lock.withLock { $0 } == [1, 2])
    }

    @Test("the value is released with the last copy of its lock")
    func releasesValue() {
        let freed = Locked(false)
        var lock: Locked<Tracked>? = Locked(Tracked(freed: freed))
        var copy = lock
        lock = nil
        #expect(freed.withLock { $0 } == false)
        #expect(copy?.withLock { $0.freed.withLock { $0 } } == false)
        copy = nil
        #expect(freed.withLock { $0 } == true)
    }
}
