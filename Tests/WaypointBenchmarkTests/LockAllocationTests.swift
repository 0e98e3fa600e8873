import CMallocCounter
import Testing

@testable import Waypoint
@testable import waypoint_bench

/// Heap allocations of `Locked`, which every router and every link with a query makes.
@Suite("Lock allocations")
struct LockAllocationTests {
    #if os(Linux)
        @Test("a lock is one allocation: its value and mutex live in the object")
        func lock() {
            // Sanitizers replace malloc, so the counter is off there; anywhere else on Linux
            // it must work, or these tests would pass without counting anything.
            guard waypoint_malloc_counter_is_available() else { return }
            #expect(AllocationCounter.isWorking)
            // The first lock of a type also instantiates its metadata.
            var lock: Locked<Int>? = Locked(0)
            let count = AllocationCounter.count { lock = Locked(7) }
            #expect(count == 1)
            #expect(lock?.withLock { $0 } == 7)
        }

        @Test("a link's query is two allocations: the query and its lock")
        func linkQuery() {
            // Sanitizers replace malloc, so the counter is off there; anywhere else on Linux
            // it must work, or these tests would pass without counting anything.
            guard waypoint_malloc_counter_is_available() else { return }
            #expect(AllocationCounter.isWorking)
            var query = LinkQuery.of("warm=up")
            let count = AllocationCounter.count { query = LinkQuery.of("a=1") }
            #expect(count == 2)
            #expect(query?.parses == 0)
        }
    #endif
}
