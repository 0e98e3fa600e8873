import Foundation

/// Polls `condition` every 10 ms until it holds or `seconds` pass; returns whether it held.
/// Used only for monotonic conditions (a counter reaching a value), so a generous limit
/// (a hang guard, 120 s by default, not a timing assertion) cannot make a test flaky.
func eventually(within seconds: Double = 120, _ condition: () async -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if await condition() { return true }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return await condition()
}
