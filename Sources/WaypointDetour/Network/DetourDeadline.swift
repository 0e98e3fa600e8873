import Foundation
import Waypoint
import WaypointHTTP

/// Runs an operation with an exact overall time limit.
///
/// The operation runs as a task and races a timer; whichever finishes first decides the
/// result and the other is cancelled. The caller is resumed at once, even when the operation
/// ignores cancellation (FoundationNetworking rounds its own timeouts to whole seconds, so
/// they cannot be relied on).
///
/// The timer is a ``DeadlineTimer`` (a Dispatch timer in production): when it fires, it
/// resumes the caller's continuation and cancels the operation's task from a Dispatch
/// thread, so the deadline is kept, and the transport told to stop, even when every thread
/// of the cooperative pool is busy; the caller runs as soon as a pool thread is free. Without
/// one, the timer is a task that sleeps (tests drive that sleep with a clock of their own).
package enum DetourDeadline {
    /// The error thrown when the limit passes first.
    package struct Exceeded: Error, Sendable, CustomStringConvertible {
        /// The limit, in seconds.
        package let seconds: TimeInterval

        package var description: String { "timed out after \(seconds) s" }
    }

    private struct Race<Value: Sendable>: Sendable {
        var continuation: CheckedContinuation<Value, any Error>?
        var outcome: Result<Value, any Error>?
        var tasks: [Task<Void, Never>] = []
        var armed: DeadlineTimer.Armed?
        var finished = false
    }

    /// Runs `operation`, throwing `Exceeded` when it has not finished after `seconds`.
    /// A non-finite limit means no limit. Cancelling the caller cancels the operation and
    /// throws `CancellationError`.
    ///
    /// - Parameter sleep: the timer: waits the given seconds, throwing when cancelled.
    package static func run<Value: Sendable>(
        seconds: TimeInterval, sleep: @escaping @Sendable (TimeInterval) async throws -> Void,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await run(seconds: seconds, timer: nil, sleep: sleep, operation)
    }

    /// Runs `operation`, throwing `Exceeded` when it has not finished after `seconds` on
    /// `timer` (or, when it is nil, `sleep`). A non-finite limit means no limit. Cancelling
    /// the caller cancels the operation and throws `CancellationError`.
    ///
    /// - Parameters:
    ///   - timer: the timer, off the cooperative pool; nil to use `sleep`.
    ///   - sleep: the timer when `timer` is nil: waits the given seconds, throwing when
    ///     cancelled.
    package static func run<Value: Sendable>(
        seconds: TimeInterval, timer: DeadlineTimer?,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard seconds.isFinite else { return try await operation() }
        let race = Locked(Race<Value>())
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let work = Task {
                    let outcome: Result<Value, any Error>
                    do {
                        outcome = .success(try await operation())
                    } catch {
                        outcome = .failure(error)
                    }
                    finish(race, with: outcome)
                }
                var tasks = [work]
                var armed: DeadlineTimer.Armed?
                if let timer {
                    armed = timer.arm(after: seconds) {
                        finish(race, with: .failure(Exceeded(seconds: seconds)))
                    }
                } else {
                    tasks.append(
                        Task {
                            try? await sleep(seconds)
                            guard !Task.isCancelled else { return }
                            finish(race, with: .failure(Exceeded(seconds: seconds)))
                        })
                }
                let early = race.withLock { state -> Result<Value, any Error>? in
                    if let outcome = state.outcome { return outcome }
                    state.continuation = continuation
                    state.tasks = tasks
                    state.armed = armed
                    return nil
                }
                if let early {
                    for task in tasks {
                        task.cancel()
                    }
                    armed?.cancel()
                    continuation.resume(with: early)
                }
            }
        } onCancel: {
            finish(race, with: .failure(CancellationError()))
        }
    }

    /// Records the first outcome; resumes the caller when it is already waiting and cancels
    /// both tasks. Later outcomes are ignored.
    private static func finish<Value: Sendable>(
        _ race: Locked<Race<Value>>, with outcome: Result<Value, any Error>
    ) {
        let ready = race.withLock {
            state -> (CheckedContinuation<Value, any Error>, [Task<Void, Never>], DeadlineTimer.Armed?)? in
            guard !state.finished else { return nil }
            state.finished = true
            guard let continuation = state.continuation else {
                state.outcome = outcome
                return nil
            }
            state.continuation = nil
            defer {
                state.tasks = []
                state.armed = nil
            }
            return (continuation, state.tasks, state.armed)
        }
        guard let (continuation, tasks, armed) = ready else { return }
        // Resume first: cancelling the operation runs its cancellation handler on this
        // thread, and the caller need not wait for it.
        continuation.resume(with: outcome)
        armed?.cancel()
        for task in tasks {
            task.cancel()
        }
    }
}
