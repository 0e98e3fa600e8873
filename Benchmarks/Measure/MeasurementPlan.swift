/// How long and how often to measure.
struct MeasurementPlan {
    /// Timed runs per contender and lookup set; ratios are taken run by run.
    var runs = 11
    /// The target duration of one run; iterations are calibrated to it.
    var runSeconds = 0.1
    /// The fewest lookups a linear scan is timed on when its table is too large to time
    /// every lookup within a run.
    var minimumSample = 8
    /// Bulk registrations timed per corpus size: more for small tables.
    var bulkRepetitions: (Int) -> Int = { routes in routes >= 100_000 ? 3 : routes >= 10_000 ? 5 : 11 }
    /// The largest table registered one route at a time.
    var oneByOneLimit = 10_000
    /// Register-and-remove cycles timed beside each corpus's routes.
    var cycles = 101
    /// Seeds the order in which lookups are timed.
    var orderSeed: UInt64 = 0x0DE4
}
