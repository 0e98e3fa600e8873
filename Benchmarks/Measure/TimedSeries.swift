import Waypoint

/// One contender on one lookup set: the verified lookups it is timed on, the calibrated
/// pass, and the time of each run.
final class TimedSeries {
    /// The contender.
    let contender: any Contender
    /// Whether the lookups are hits (else misses).
    let isHits: Bool
    /// The size of the whole set.
    let setSize: Int
    /// The lookups timed, in timing order.
    let lookups: [Lookup]
    /// Passes per run.
    let passes: Int
    /// Nanoseconds per lookup, one entry per run.
    private(set) var nanoseconds: [Double] = []

    private let pass: () -> Int
    private let checksum: Int

    /// Chooses the lookups to time, verifies every one of them, warms up and calibrates.
    ///
    /// - Throws: ``BenchmarkError/wrongAnswer(contender:url:expected:actual:)`` for the
    ///   first lookup answered differently from its expected answer.
    init(contender: any Contender, isHits: Bool, set: [Lookup], plan: MeasurementPlan) throws {
        self.contender = contender
        self.isHits = isHits
        setSize = set.count
        var sample = set
        if contender.scansLinearly && set.count > plan.minimumSample {
            // Estimate the cost of one lookup on a few, then keep as many as fit in a run.
            let probe = Self.spread(set, count: plan.minimumSample)
            try Self.verify(contender, probe)
            let probePass = contender.pass(over: probe)
            let perLookup = Stopwatch.measure(probePass).seconds / Double(probe.count)
            let fitting = Int(plan.runSeconds / max(perLookup, 1e-9))
            sample = Self.spread(set, count: min(set.count, max(plan.minimumSample, fitting)))
        }
        try Self.verify(contender, sample)
        var random = SplitMix64(seed: plan.orderSeed)
        let lookups = sample.shuffled(using: &random)
        let pass = contender.pass(over: lookups)
        let checksum = Answer.checksum(of: lookups.map(\.expected))
        // Warm up, check the pass agrees with the verified answers, and calibrate.
        guard pass() == checksum else { throw BenchmarkError.checksum(contender: contender.name) }
        let once = Stopwatch.measure(pass).seconds
        passes = max(1, Int((plan.runSeconds / max(once, 1e-9)).rounded()))
        self.lookups = lookups
        self.pass = pass
        self.checksum = checksum
    }

    /// Times one run and records it.
    ///
    /// - Throws: ``BenchmarkError/checksum(contender:)`` when the run answered differently.
    func run() throws {
        let passes = passes
        let pass = pass
        let (seconds, total) = Stopwatch.measure {
            var total = 0
            for _ in 0..<passes { total &+= pass() }
            return total
        }
        guard total == checksum &* passes else { throw BenchmarkError.checksum(contender: contender.name) }
        nanoseconds.append(seconds * 1e9 / Double(passes * lookups.count))
    }

    /// Heap allocations per lookup over one pass, or nil where they are not counted.
    func allocationsPerLookup() -> Double? {
        let pass = pass
        return AllocationCounter.count { _ = pass() }.map { Double($0) / Double(lookups.count) }
    }

    /// `count` lookups spread evenly over `set` (which is in route order, so a linear scan
    /// sees winners across the whole table).
    static func spread(_ set: [Lookup], count: Int) -> [Lookup] {
        guard count < set.count else { return set }
        return (0..<count).map { set[$0 * set.count / count + set.count / (2 * count)] }
    }

    private static func verify(_ contender: any Contender, _ lookups: [Lookup]) throws {
        for lookup in lookups {
            let actual = contender.answer(lookup)
            guard actual == lookup.expected else {
                throw BenchmarkError.wrongAnswer(
                    contender: contender.name, url: lookup.url, expected: lookup.expected, actual: actual)
            }
        }
    }
}
