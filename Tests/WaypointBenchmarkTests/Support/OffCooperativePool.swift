import Foundation

/// Runs CPU-bound test work on a thread of its own, neither on Swift concurrency's
/// cooperative pool (one thread per core) nor on Dispatch's global queues: on a two-core
/// machine a long synchronous test on either keeps other suites' timers and network
/// callbacks waiting, and their timing tests then measure the load. The operating system
/// shares the cores fairly between this thread and the others. Expectations stay in the
/// test: the work returns what to check.
func offCooperativePool<Result: Sendable>(
    _ work: @escaping @Sendable () throws -> Result
) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Swift.Result { try work() }) }
        thread.start()
    }
}
