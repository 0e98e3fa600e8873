import Foundation
import Testing

@testable import Waypoint

/// Documentation/spec/routing.md §8: matching reads an immutable table while registrations publish new ones.
/// Run under `swift test --sanitize=thread` (`./dev sanitize`) this also proves the absence
/// of data races.
@Suite("Concurrency (Documentation/spec/routing.md §8)")
struct ConcurrencyTests {
    @Test("8 tasks match and dispatch while another registers and removes")
    func matchWhileRegistering() async throws {
        let router = Router()
        let handled = Counter()
        try router.register("/stable/:id") { _ in handled.increment() }
        let rounds = 300
        let done = Counter()
        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                defer { done.increment() }
                for index in 0..<rounds {
                    try router.register("/r/\(index)/:x") { _ in handled.increment() }
                    await Task.yield()
                    if index % 3 == 0 { router.remove("/r/\(index / 2)/:x") }
                    if index % 7 == 0 { try router.register("/r/:n([0-9]+)/x") { _ in } }
                }
                return 0
            }
            for reader in 0..<8 {
                group.addTask {
                    var generator = SplitMix64(seed: UInt64(reader))
                    var checks = 0
                    while done.value == 0 || checks < 200 {
                        let index = Int(generator.next() % UInt64(rounds))
                        let url = "s://h/r/\(index)/v\(reader)"
                        let all = router.matches(url)
                        // Whatever table a call saw, it is internally consistent.
                        #expect(all.map(\.priority) == all.map(\.priority).sorted())
                        if let match = router.match(url) {
                            #expect(match.route == "/r/\(index)/:x")
                            #expect(match.routeParameters == ["x": "v\(reader)"])
                        }
                        let stable = router.handle("s://h/stable/\(checks)")
                        #expect(stable.isHandled && stable.deepLink?.routeParameters == ["id": "\(checks)"])
                        checks += 1
                        // Yield so these CPU-bound loops do not hold the cooperative pool
                        // (one thread per core) and starve other suites' timers.
                        await Task.yield()
                    }
                    return checks
                }
            }
            var total = 0
            for try await checks in group { total += checks }
            #expect(total >= 8 * 200)
        }
        // After the writer finished every reader sees the final table.
        #expect(router.match("s://h/r/299/z")?.route == "/r/299/:x")
        #expect(router.match("s://h/r/0/z") == nil, "removed at index 0")
        #expect(handled.value >= 8 * 200)
    }
}

/// A counter shared between tasks.
final class Counter: Sendable {
    private let storage = Locked(0)
    var value: Int { storage.withLock { $0 } }
    func increment() { storage.withLock { $0 += 1 } }
}
