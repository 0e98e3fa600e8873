import CMallocCounter

/// Counts the heap allocations of the calling thread (CMallocCounter interposes glibc's
/// malloc family; other platforms report nothing).
enum AllocationCounter {
    /// Whether counting works here: the platform supports it and a self-check counted two
    /// known allocations exactly. They are made by the Swift runtime (`swift_slowAlloc` in
    /// libswiftCore), so the check also proves that calls from shared libraries reach the
    /// interposed malloc.
    static let isWorking: Bool = {
        guard waypoint_malloc_counter_is_available() else { return false }
        waypoint_malloc_counter_start()
        let first = UnsafeMutableRawPointer.allocate(byteCount: 40, alignment: 8)
        let second = UnsafeMutableRawPointer.allocate(byteCount: 48, alignment: 16)
        second.deallocate()
        first.deallocate()
        let counts = waypoint_malloc_counter_stop()
        return counts.allocations == 2 && counts.frees == 2 && counts.bytes == 88
    }()

    /// The number of allocations `body` made on this thread, or nil when counting does not
    /// work here.
    static func count(_ body: () -> Void) -> Int? {
        guard isWorking else { return nil }
        waypoint_malloc_counter_start()
        body()
        return Int(waypoint_malloc_counter_stop().allocations)
    }
}
