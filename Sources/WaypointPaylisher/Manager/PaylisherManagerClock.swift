import Foundation
import WaypointHTTP

/// The manager's view of its injected clock: instants as offsets from the manager's start,
/// so the manager need not be generic over the clock type, and wall-clock dates derived from
/// the same clock, so a test clock drives journey ages too.
struct PaylisherManagerClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void
    private let startDate: Date
    /// The timer that keeps request deadlines off the cooperative pool, when the clock is
    /// the system's (`ContinuousClock` or `SuspendingClock`): a Dispatch timer, which fires
    /// even when every pool thread is busy. Nil for any other clock (a test's), which alone
    /// then decides every deadline through ``sleep(until:)``.
    let deadlineTimer: DeadlineTimer?

    init<C: Clock>(_ clock: C, startDate: Date = Date()) where C.Duration == Duration {
        self.init(
            clock, startDate: startDate,
            deadlineTimer: clock is ContinuousClock || clock is SuspendingClock ? .dispatch : nil)
    }

    /// A clock whose request deadlines are also kept by `deadlineTimer` (tests pass one
    /// they fire by hand).
    init<C: Clock>(_ clock: C, startDate: Date = Date(), deadlineTimer: DeadlineTimer?)
    where C.Duration == Duration {
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleeper = { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) }
        self.startDate = startDate
        self.deadlineTimer = deadlineTimer
    }

    /// The time since the manager started.
    func now() -> Duration {
        elapsed()
    }

    /// Sleeps until `offset` after the manager's start; throws when the task is cancelled.
    func sleep(until offset: Duration) async throws {
        try await sleeper(offset)
    }

    /// The wall-clock date of `offset`.
    func date(at offset: Duration) -> Date {
        startDate.addingTimeInterval(offset.paylisherSeconds)
    }
}
