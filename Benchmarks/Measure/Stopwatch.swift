import Foundation

/// Wall-clock timing on the monotonic clock, and the thread's CPU clock.
enum Stopwatch {
    /// The calling thread's CPU time in nanoseconds: what a run costs, whatever else the
    /// machine runs beside it.
    static func threadCPUTime() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

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
        let start = threadCPUTime()
        try body()
        return Double(threadCPUTime() - start) * 1e-9
    }
}
