import CMallocCounter
import Foundation

/// The process's memory, for bytes-per-route figures.
enum MemoryProbe {
    /// Resident memory in bytes (`/proc/self/statm`), or nil where there is no procfs.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Heap bytes in use (glibc's mallinfo2), or nil where that is not available.
    static func heapBytes() -> Int? {
        guard AllocationCounter.isWorking else { return nil }
        return Int(waypoint_heap_bytes_in_use())
    }

    /// Returns free heap memory to the system where the allocator can, so a following
    /// resident-memory delta counts new pages rather than reused ones.
    static func trim() {
        waypoint_heap_trim()
    }
}
