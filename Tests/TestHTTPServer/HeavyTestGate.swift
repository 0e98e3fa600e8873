/// Runs the heaviest network tests of every test target one at a time.
///
/// Swift Testing runs suites of different targets side by side in one process. Two kinds of
/// test here must not overlap: the floods (up to 64 connections written at full speed, and
/// as many FoundationNetworking work queues reading them) and the pool tests (which block
/// every thread of the cooperative pool until the exchanges they started are stopped). A
/// pool test beside a flood keeps the flood's callers from returning, and so its server from
/// stopping, and the two-core machine then has no time left for the stops the pool test
/// waits for. Waiting for the gate suspends, never blocks.
package actor HeavyTestGate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    private static let shared = HeavyTestGate()

    private func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }

    /// Runs `body` when no other heavy test runs.
    package static func exclusively<Value: Sendable>(
        _ body: @Sendable () async throws -> Value
    ) async rethrows -> Value {
        await shared.acquire()
        do {
            let value = try await body()
            await shared.release()
            return value
        } catch {
            await shared.release()
            throw error
        }
    }
}
