import Foundation

/// How tests wait for something to happen without a clock deciding whether it did.
///
/// Whatever a test may wait for calls ``changed()`` right after it happens: the test server
/// when it has recorded a request or closed a connection, a ``TestClock`` when a task starts
/// or stops sleeping on it, the analytics queue (through its environment) when it has
/// recorded an attempt, the recording sinks and fake transports when they record. A waiter
/// checks its own condition, and checks it again after each change: ``wait(until:)`` from
/// async code, ``waitOnThread(until:)`` from a thread of its own (one that must not need the
/// cooperative pool). There is one signal for the whole process, so a change wakes every
/// waiter and each goes back to waiting unless its own condition holds: a spurious wake-up
/// costs one check, a missed one cannot happen.
///
/// A slow machine only delays the changes, so it cannot make a wait fail. The only clock is
/// a hang guard, ``hangGuard`` (ten minutes), which ends a wait whose condition never holds,
/// so that a broken test fails instead of hanging the run.
package enum TestSignal {
    /// How long a wait may last before it gives up: only a test whose awaited event never
    /// comes reaches it.
    package static let hangGuard: Duration = .seconds(600)

    // nonisolated(unsafe): `version` and `waiters` are read and written only with
    // `condition` locked.
    private static let condition = NSCondition()
    private nonisolated(unsafe) static var version: UInt64 = 0
    private nonisolated(unsafe) static var waiters: [CheckedContinuation<Void, Never>] = []

    /// Says that something a test may wait for has happened: wakes every waiter.
    package static func changed() {
        condition.lock()
        version &+= 1
        let woken = waiters
        waiters = []
        condition.broadcast()
        condition.unlock()
        for waiter in woken { waiter.resume() }
    }

    /// The number of changes so far.
    private static var currentVersion: UInt64 {
        condition.lock()
        defer { condition.unlock() }
        return version
    }

    /// Suspends until ``changed()`` is called after the change numbered `seen`.
    private static func nextChange(after seen: UInt64) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            if version != seen {
                condition.unlock()
                continuation.resume()
                return
            }
            waiters.append(continuation)
            condition.unlock()
        }
    }

    /// Waits until `condition` holds, checking it now and after every change.
    ///
    /// - Returns: true once it holds; false when the calling task is cancelled first, or,
    ///   for a test whose awaited event never comes, when ``hangGuard`` passes first.
    @discardableResult
    package static func wait(
        isolation: isolated (any Actor)? = #isolation, until condition: () async -> Bool
    ) async -> Bool {
        let start = ContinuousClock.now
        // Wakes the waiter once the hang guard has passed, so that it can give up.
        let alarm = Task {
            try? await Task.sleep(for: hangGuard)
            if !Task.isCancelled { changed() }
        }
        defer { alarm.cancel() }
        while true {
            // Cancelled, the condition is not checked again: a condition that takes something
            // when it holds (a test's fake timer claiming a silent request) must not take it
            // for a waiter that has gone.
            if Task.isCancelled { return false }
            let seen = currentVersion
            if await condition() { return true }
            if ContinuousClock.now - start >= hangGuard { return false }
            await withTaskCancellationHandler {
                await nextChange(after: seen)
            } onCancel: {
                changed()
            }
        }
    }

    /// Blocks the calling thread until `condition` holds, checking it now and after every
    /// change. Never call it on a thread of the cooperative pool.
    ///
    /// - Returns: true once it holds; false only when ``hangGuard`` passed first.
    @discardableResult
    package static func waitOnThread(until condition: () -> Bool) -> Bool {
        let seconds = Double(hangGuard.components.seconds)
        let limit = Date().addingTimeInterval(seconds)
        while true {
            let seen = currentVersion
            if condition() { return true }
            self.condition.lock()
            while version == seen {
                guard self.condition.wait(until: limit) else {
                    self.condition.unlock()
                    return condition()
                }
            }
            self.condition.unlock()
        }
    }
}
