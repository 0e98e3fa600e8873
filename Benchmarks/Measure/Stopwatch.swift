/// Timing: wall clock on the monotonic clock, or the calling thread's CPU time.
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

    /// The CPU time the calling thread spent in `body`, in seconds: unlike the wall clock, not
    /// stretched by other processes on a loaded machine.
    static func threadCPUSeconds(_ body: () throws -> Void) rethrows -> Double {
        let start = CPUTimedSeries.threadCPUTime()
        try body()
        return Double(CPUTimedSeries.threadCPUTime() - start) * 1e-9
    }
}
