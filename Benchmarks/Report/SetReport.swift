/// The figures of one contender on one lookup set (hits or misses) of a corpus.
struct SetReport: Codable {
    /// Lookups in the set.
    var lookups: Int
    /// Lookups timed and verified: all of them, or an evenly spread sample for a linear
    /// scan over a large table.
    var timed: Int
    /// Passes over the timed lookups in each run.
    var passesPerRun: Int
    /// Nanoseconds per lookup over the runs.
    var nanosecondsPerMatch: Summary
    /// Lookups per second at the median.
    var matchesPerSecond: Double
    /// This contender's time divided by the baseline's, run by run; nil for the baseline.
    var ratioToBaseline: Summary?
    /// Heap allocations per lookup; nil where they are not counted.
    var allocationsPerMatch: Double?
}
