import Waypoint

/// A clock that moves only when a test advances it, so timers and timeouts run
/// deterministically. Sleepers whose deadline is reached are resumed by ``advance(by:)``;
/// a cancelled sleeper throws `CancellationError`. A task that starts or stops sleeping on
/// it is a ``TestSignal`` change, so a test can wait for a timer to be armed.
package final class TestClock: Clock, Sendable {
    /// An instant: the time since the clock was created.
    package struct Instant: InstantProtocol {
        /// The time since the clock was created.
        package var offset: Duration

        /// Creates an instant `offset` after the clock's start.
        package init(offset: Duration) { self.offset = offset }

        package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        package func duration(to other: Instant) -> Duration { other.offset - offset }
        package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        var cancelled: Set<UInt64> = []
    }

    private let state = Locked(State())

    /// Creates a clock at offset zero.
    package init() {}

    /// The current instant.
    package var now: Instant { state.withLock { $0.now } }

    /// Zero: the clock moves only by ``advance(by:)``.
    package var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on this clock.
    package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until the clock reaches `deadline`; throws when the task is cancelled.
    package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome {
                    continuation.resume(with: outcome)
                } else {
                    TestSignal.changed()
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
            TestSignal.changed()
        }
    }

    /// Moves the clock forward by `step` each time a task sleeps on it, until `finished`
    /// holds: how a test makes a deadline pass that starts at some point of an operation
    /// (its timer may be armed late). Each wait is for a ``TestSignal`` change, none for a
    /// time, so `finished` must signal when it becomes true.
    package func advanceDeadlines(by step: Duration, until finished: () -> Bool) async {
        while await TestSignal.wait(until: { finished() || sleeperCount > 0 }), !finished() {
            advance(by: step)
        }
    }

    /// Waits until at least `count` tasks sleep on this clock (``TestSignal``: no other
    /// clock decides it); false only when the hang guard passed first.
    @discardableResult
    package func waitForSleepers(_ count: Int = 1) async -> Bool {
        await TestSignal.wait { sleeperCount >= count }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come, earliest first.
    package func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.continuation.resume() }
        if !due.isEmpty { TestSignal.changed() }
    }

    deinit {
        let sleepers = state.withLock { state in
            defer { state.sleepers.removeAll() }
            return Array(state.sleepers.values)
        }
        for sleeper in sleepers { sleeper.continuation.resume(throwing: CancellationError()) }
    }
}
