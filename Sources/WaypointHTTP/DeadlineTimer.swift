import Dispatch
import Waypoint

/// Calls a function once a delay has passed, from a Dispatch queue: never from a thread of
/// Swift concurrency's cooperative pool, so a deadline armed with it fires even when every
/// pool thread is busy or blocked.
///
/// The adapters arm one for each request deadline. What the fired function does must not
/// block and must not need the pool: it records the timeout, resumes the waiting caller's
/// continuation and cancels the request's task (cancellation handlers run on the calling
/// thread), which orders the exchange stopped on a queue of its own. Tests replace the
/// Dispatch timer with one they fire by hand, from a thread of their own.
package struct DeadlineTimer: Sendable {
    /// A timer armed by ``arm(after:_:)``; cancelling it keeps `fire` from being called.
    package struct Armed: Sendable {
        private let cancelled: Locked<Bool>

        fileprivate init(cancelled: Locked<Bool>) {
            self.cancelled = cancelled
        }

        /// Keeps the timer from firing, if it has not yet. Safe from any thread, any number
        /// of times.
        package func cancel() {
            cancelled.withLock { $0 = true }
        }

        /// Whether ``cancel()`` was called.
        package var isCancelled: Bool { cancelled.withLock { $0 } }
    }

    private let schedule: @Sendable (Double, @escaping @Sendable () -> Void) -> Void

    /// A timer whose `schedule` calls its function once, after the given seconds, from any
    /// thread but the cooperative pool's.
    package init(
        schedule: @escaping @Sendable (_ seconds: Double, _ fire: @escaping @Sendable () -> Void) -> Void
    ) {
        self.schedule = schedule
    }

    /// Arms the timer: `fire` is called once, after `seconds` (at least zero, at most a
    /// day: DispatchTime overflows on absurd intervals), unless the returned timer is
    /// cancelled first.
    package func arm(after seconds: Double, _ fire: @escaping @Sendable () -> Void) -> Armed {
        let cancelled = Locked(false)
        let delay = seconds.isFinite ? min(max(0, seconds), 86_400) : 86_400
        schedule(delay) {
            guard !cancelled.withLock({ $0 }) else { return }
            fire()
        }
        return Armed(cancelled: cancelled)
    }

    /// The production timer: `asyncAfter` on a serial Dispatch queue of its own. Not a global
    /// concurrent queue: on Linux, Swift concurrency's pool may be made of those queues'
    /// threads, so a handler queued there waits with the pool. A queue made with a label
    /// runs on threads Dispatch adds as needed. The handlers only resume and cancel, so one
    /// queue serves every deadline.
    package static let dispatch = DeadlineTimer { seconds, fire in
        queue.asyncAfter(deadline: .now() + seconds, execute: fire)
    }

    private static let queue = DispatchQueue(label: "Waypoint.HTTP.deadlines")
}
