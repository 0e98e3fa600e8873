import Foundation

/// The retry wait of the analytics queue (Documentation/spec/detour.md §8).
package enum DetourAnalyticsBackoff {
    /// The longest exponential wait, in seconds.
    package static let maximumWait: TimeInterval = 300
    /// The longest wait a `Retry-After` header can ask for, in seconds.
    package static let maximumRetryAfter: TimeInterval = 3600

    /// The wait after the n-th consecutive failure: `min(300, 2^(n-1)) × (0.5 + 0.5r)`,
    /// raised to `retryAfter` (at most 3600 s) when that is longer.
    ///
    /// - Parameters:
    ///   - consecutiveFailures: n, at least 1.
    ///   - random: r in [0, 1); values outside are clamped.
    ///   - retryAfter: the server's `Retry-After`, in seconds from now.
    package static func wait(
        consecutiveFailures: Int, random: Double, retryAfter: TimeInterval?
    ) -> TimeInterval {
        let exponent = min(max(consecutiveFailures - 1, 0), 16)
        let base = min(maximumWait, pow(2, Double(exponent)))
        let jitter = random.isFinite ? min(max(random, 0), 1) : 0
        var wait = base * (0.5 + 0.5 * jitter)
        if let retryAfter, retryAfter.isFinite, retryAfter > wait {
            wait = min(retryAfter, maximumRetryAfter)
        }
        return wait
    }
}
