import Foundation
import Waypoint

/// Runs an operation with an exact overall time limit.
///
/// The operation and a timer run as two tasks; whichever finishes first decides the result
/// and the other is cancelled. The caller is resumed at once, even when the operation
/// ignores cancellation (FoundationNetworking rounds its own timeouts to whole seconds, so
/// they cannot be relied on).
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
                let timer = Task {
                    try? await sleep(seconds)
                    guard !Task.isCancelled else { return }
                    finish(race, with: .failure(Exceeded(seconds: seconds)))
                }
                let early = race.withLock { state -> Result<Value, any Error>? in
                    if let outcome = state.outcome { return outcome }
                    state.continuation = continuation
                    state.tasks = [work, timer]
                    return nil
                }
                if let early {
                    work.cancel()
                    timer.cancel()
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
        let ready = race.withLock { state -> (CheckedContinuation<Value, any Error>, [Task<Void, Never>])? in
            guard !state.finished else { return nil }
            state.finished = true
            guard let continuation = state.continuation else {
                state.outcome = outcome
                return nil
            }
            state.continuation = nil
            defer { state.tasks = [] }
            return (continuation, state.tasks)
        }
        guard let (continuation, tasks) = ready else { return }
        for task in tasks {
            task.cancel()
        }
        continuation.resume(with: outcome)
    }
}
