@testable import WaypointDetour

/// A thread-safe counter for test doubles.
final class DetourLockedCounter: Sendable {
    private let count = DetourLocked(0)

    var value: Int { count.withLock { $0 } }

    func increment() {
        count.withLock { $0 += 1 }
    }
}
