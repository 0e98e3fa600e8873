import Waypoint

/// A one-way door for tests: tasks that `wait()` resume once it is opened, and after that
/// `wait()` returns at once. No clock is involved.
final class Latch: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Whether the latch is open.
    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Opens the latch, resuming every waiter.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the latch is open.
    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if open { continuation.resume() }
        }
    }
}
