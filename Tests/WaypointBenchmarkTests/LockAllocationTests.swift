import Testing

@testable import Waypoint
@testable import WaypointBenchmark

/// Heap allocations of `Locked`, which every router and every link with a query makes.
@Suite("Lock allocations")
struct LockAllocationTests {
    #if os(Linux)
        @Test("a lock is one allocation: its value and mutex live in the object")
        func lock() {
            guard AllocationCounter.isWorking else { return }
            // The first lock of a type also instantiates its metadata.
            var lock: Locked<Int>? = Locked(0)
            let count = AllocationCounter.count { lock = Locked(7) }
            #expect(count == 1)
            #expect(lock?.withLock { $0 } == 7)
        }

        @Test("a link's query is two allocations: the query and its lock")
        func linkQuery() {
            guard AllocationCounter.isWorking else { return }
            var query = LinkQuery.of("warm=up")
            let count = AllocationCounter.count { query = LinkQuery.of("a=1") }
            #expect(count == 2)
            #expect(query?.parses == 0)
        }
    #endif
}
