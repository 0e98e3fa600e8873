import Foundation
import Waypoint
import WaypointHTTP

/// A ``DeadlineTimer`` that a test fires by hand, from whatever thread it likes (a thread of
/// its own while every thread of the cooperative pool is blocked, say): armed deadlines
/// never pass on their own, so no outcome depends on the machine's speed.
package final class ManualDeadlineTimer: Sendable {
    private let armed = Locked<[@Sendable () -> Void]>([])

    /// Creates a timer with nothing armed.
    package init() {}

    /// The timer to inject.
    package var timer: DeadlineTimer {
        DeadlineTimer { [armed] _, fire in
            armed.withLock { $0.append(fire) }
            TestSignal.changed()
        }
    }

    /// How many deadlines were armed and not fired yet (cancelled ones included).
    package var armedCount: Int { armed.withLock { $0.count } }

    /// Fires every armed deadline on the calling thread (a cancelled one does nothing).
    package func fireAll() {
        let due = armed.withLock { armed in
            defer { armed = [] }
            return armed
        }
        for fire in due {
            fire()
        }
    }
}

/// Ends the test process when a test has not finished after a generous time, so a hang
/// fails CI with a message instead of stalling it. It runs on a thread of its own, so it
/// works when the cooperative pool itself is stuck. Not a timing assertion: the limit is
/// longer than ``TestSignal/hangGuard``, so a wait inside the test gives up, and fails the
/// test, first.
package final class Watchdog: Sendable {
    private let done = DispatchSemaphore(value: 0)

    /// Starts watching: after `seconds` without ``disarm()``, prints `label` and aborts.
    package init(_ label: String, seconds: Double = 900) {
        let done = done
        Thread.detachNewThread {
            if done.wait(timeout: .now() + seconds) == .timedOut {
                FileHandle.standardError.write(
                    Data("watchdog: \(label) still running after \(seconds) s\n".utf8))
                abort()
            }
        }
    }

    /// Stops watching.
    package func disarm() {
        done.signal()
    }
}
