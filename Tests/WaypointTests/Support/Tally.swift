import Waypoint

/// A count that tasks can wait on: `wait(for:)` returns once `add()` has been called that
/// many times in all. No clock is involved.
final class Tally: Sendable {
    private struct State {
        var count = 0
        var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    /// The count so far.
    var count: Int { state.withLock { $0.count } }

    /// Adds one, resuming the waiters whose target it reaches.
    func add() {
        let ready = state.withLock { state in
            state.count += 1
            let count = state.count
            let ready = state.waiters.filter { $0.target <= count }
            state.waiters.removeAll { $0.target <= count }
            return ready
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once the count is at least `target`.
    func wait(for target: Int) async {
        await withCheckedContinuation { continuation in
            let reached = state.withLock { state in
                if state.count < target { state.waiters.append((target, continuation)) }
                return state.count >= target
            }
            if reached { continuation.resume() }
        }
    }
}
