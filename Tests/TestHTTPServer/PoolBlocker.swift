import Foundation

/// Occupies every thread of Swift concurrency's cooperative pool with jobs that block, so a
/// test can show that something still happens while no async code can run (a deadline that
/// is a dispatch timer, a transfer that is stopped off the pool).
///
/// The jobs block on a semaphore that ``release()`` signals, or at most `hangGuard` seconds
/// each (``TestSignal/hangGuard`` by default, ten minutes), so a test whose awaited condition
/// never comes fails instead of hanging the process. Nothing else here waits on a clock: the
/// waits for the pool to fill and for the awaited condition are ``TestSignal`` waits.
/// The pool width is the processor count (how the Linux and Apple runtimes size it); more
/// jobs than threads are started, so every thread is taken even if the pool is one wider, and
/// the extra jobs run, and return at once, after the release.
package final class PoolBlocker: Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var blocking = 0
    private nonisolated(unsafe) var released = false
    private nonisolated(unsafe) var timedOut = 0
    private let gate = DispatchSemaphore(value: 0)
    private let jobs: Int
    private let hangGuard: Double

    /// The cooperative pool's width on this machine.
    package static var poolWidth: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Starts the blocking jobs. Call from async code; they occupy the pool at once.
    package init(hangGuard: Double = Double(TestSignal.hangGuard.components.seconds)) {
        jobs = Self.poolWidth + 2
        self.hangGuard = hangGuard
        for _ in 0..<jobs {
            Task.detached { [self] in block() }
        }
    }

    private func block() {
        let already = lock.withLock { () -> Bool in
            if released { return true }
            blocking += 1
            return false
        }
        guard !already else { return }
        TestSignal.changed()
        // The point of the test: a blocking wait on a pool thread.
        if gate.wait(timeout: .now() + hangGuard) == .timedOut {
            lock.withLock { timedOut += 1 }
        }
        lock.withLock { blocking -= 1 }
    }

    /// How many jobs are blocking a pool thread now.
    package var blockingJobs: Int { lock.withLock { blocking } }

    /// How many jobs stopped blocking because the hang guard passed, not a release.
    package var timedOutJobs: Int { lock.withLock { timedOut } }

    /// Waits on the calling (non-pool) thread until every pool thread is blocked, or the
    /// hang guard passes; returns whether they all were.
    package func waitUntilPoolIsFull() -> Bool {
        TestSignal.waitOnThread { blockingJobs >= Self.poolWidth }
    }

    /// Lets every job return.
    package func release() {
        lock.withLock { released = true }
        for _ in 0..<jobs { gate.signal() }
    }

    /// Runs `body` on a new thread (not the pool) and resumes the caller with its result;
    /// the caller waits without holding a pool thread.
    package static func onThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.start()
        }
    }

    /// Blocks every pool thread, then, from a thread of its own, calls `act` and waits until
    /// `done` holds (a ``TestSignal`` wait: what `done` reads must signal its changes);
    /// releases the pool. Returns whether the pool was full,
    /// whether `done` came while it still was, and whether no blocking job gave up first:
    /// all three true show that `act`'s effect needed no pool thread.
    package static func whileBlocked(
        _ act: @escaping @Sendable () -> Void, until done: @escaping @Sendable () -> Bool
    ) async -> (full: Bool, doneWhileFull: Bool, noJobGaveUp: Bool) {
        let blocker = PoolBlocker()
        let (full, doneWhileFull) = await onThread { () -> (Bool, Bool) in
            defer { blocker.release() }
            guard blocker.waitUntilPoolIsFull() else { return (false, false) }
            act()
            TestSignal.waitOnThread(until: done)
            return (true, done() && blocker.blockingJobs >= poolWidth)
        }
        return (full, doneWhileFull, blocker.timedOutJobs == 0)
    }
}
