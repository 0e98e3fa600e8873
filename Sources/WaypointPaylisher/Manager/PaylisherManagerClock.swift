import Foundation

/// The manager's view of its injected clock: instants as offsets from the manager's start,
/// so the manager need not be generic over the clock type, and wall-clock dates derived from
/// the same clock, so a test clock drives journey ages too.
struct PaylisherManagerClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void
    private let startDate: Date

    init<C: Clock>(_ clock: C, startDate: Date = Date()) where C.Duration == Duration {
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleeper = { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) }
        self.startDate = startDate
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
