import WaypointDetour

/// Records completion calls: how many, and each result, in order.
@MainActor
final class CompletionProbe {
    private(set) var results: [DetourResult] = []
    private var waiters: [CheckedContinuation<DetourResult, Never>] = []

    var completion: @MainActor (DetourResult) -> Void {
        { [self] result in
            MainActor.assertIsolated()
            results.append(result)
            if !waiters.isEmpty {
                waiters.removeFirst().resume(returning: result)
            }
        }
    }

    /// The result of call number `index` (0-based), waiting for it if needed.
    func result(_ index: Int = 0) async -> DetourResult {
        if results.count > index { return results[index] }
        return await withCheckedContinuation { waiters.append($0) }
    }
}
