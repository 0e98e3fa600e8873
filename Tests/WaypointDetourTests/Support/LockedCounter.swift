import TestHTTPServer
import Waypoint

@testable import WaypointDetour

/// A thread-safe counter for test doubles.
final class LockedCounter: Sendable {
    private let count = Locked(0)

    var value: Int { count.withLock { $0 } }

    func increment() {
        count.withLock { $0 += 1 }
        TestSignal.changed()
    }
}
