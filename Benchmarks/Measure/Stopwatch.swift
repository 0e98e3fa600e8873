/// Wall-clock timing on the monotonic clock.
enum Stopwatch {
    /// How long `body` took, in seconds, and what it returned.
    @inline(__always)
    static func measure<T>(_ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        let elapsed = clock.now - start
        let (seconds, attoseconds) = elapsed.components
        return (Double(seconds) + Double(attoseconds) * 1e-18, result)
    }
}
