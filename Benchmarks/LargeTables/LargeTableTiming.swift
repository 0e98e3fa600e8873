import Foundation
import Waypoint

/// The timed half of `--cache-report`: every contender on every REST size, all alive in
/// one process and timed interleaved, run r of each series close in time to run r of the
/// others, so that the latency a large table adds (its time per lookup less the smallest
/// table's) is compared run by run between contenders on the same machine state.
///
/// `waypoint-bench`'s main table measures one corpus after the other, so a change in the
/// machine's load between the small and the large corpus lands in the difference; here it
/// lands in every series alike. Runs are timed on the thread's CPU clock, not the wall
/// clock, so that the time the thread spends descheduled on a busy machine is left out
/// (what other processes do to the caches meanwhile is not).
struct LargeTableTiming {
    /// REST corpus sizes, the smallest first: the difference is taken against it.
    let sizes: [Int]
    /// The contender keys timed, the C trie (the reference of the ratios) among them.
    let keys: [String]
    let seed: UInt64
    let baseURL: String
    let plan: MeasurementPlan
    let log: (String) -> Void

    /// The nanoseconds per lookup of each run, by size, contender and set.
    struct Series: Codable {
        var size: Int
        var key: String
        var isHits: Bool
        var nanoseconds: [Double]
    }

    func run() throws -> [Series] {
        var timed: [CPUTimedSeries] = []
        // The routers and tries stay alive while every series is timed.
        var keepAlive: [AnyObject] = []
        for size in sizes {
            let corpus = RESTCorpus.corpus(count: size, seed: seed, baseURL: baseURL)
            log("rest-\(size): registering, verifying and calibrating \(keys.joined(separator: ", "))")
            let sink = DispatchSink()
            let router = Router()
            try router.register(
                zip(corpus.routes, sink.handlers(count: corpus.routes.count)).map {
                    (RouteName($0), .closure($1))
                })
            keepAlive.append(router)
            let (contenders, notes) = try CorpusBenchmark.contenders(
                for: corpus, router: router, sink: sink, selected: Set(keys), log: log)
            for key in keys {
                guard let contender = contenders.first(where: { $0.key == key }) else {
                    throw BenchmarkError.usage("\(key) cannot run on rest-\(size): \(notes[key]?.note ?? "")")
                }
                keepAlive.append(contender)
                for (isHits, set) in [(true, corpus.hits), (false, corpus.misses)] where !set.isEmpty {
                    timed.append(
                        try CPUTimedSeries(
                            size: size, contender: contender, isHits: isHits, set: set, plan: plan))
                }
            }
        }
        log("\(plan.runs) interleaved runs of \(timed.count) series")
        for _ in 0..<plan.runs {
            for series in timed { try series.run() }
        }
        withExtendedLifetime(keepAlive) {}
        return timed.map {
            Series(size: $0.size, key: $0.contender.key, isHits: $0.isHits, nanoseconds: $0.nanoseconds)
        }
    }
}

/// One contender on one lookup set of one size, timed on the thread's CPU clock: every
/// lookup verified, then run in the shuffled order ``TimedSeries`` uses, the passes per run
/// calibrated to the plan's run time.
final class CPUTimedSeries {
    let size: Int
    let contender: any Contender
    let isHits: Bool
    /// Nanoseconds of thread CPU time per lookup, one entry per run.
    private(set) var nanoseconds: [Double] = []
    private let pass: () -> Int
    private let checksum: Int
    private let count: Int
    private let passes: Int

    init(size: Int, contender: any Contender, isHits: Bool, set: [Lookup], plan: MeasurementPlan) throws {
        for lookup in set {
            let actual = contender.answer(lookup)
            guard actual == lookup.expected else {
                throw BenchmarkError.wrongAnswer(
                    contender: contender.name, url: lookup.url, expected: lookup.expected, actual: actual)
            }
        }
        var random = SplitMix64(seed: plan.orderSeed)
        let lookups = set.shuffled(using: &random)
        self.size = size
        self.contender = contender
        self.isHits = isHits
        pass = contender.pass(over: lookups)
        checksum = Answer.checksum(of: lookups.map(\.expected))
        count = lookups.count
        guard pass() == checksum else { throw BenchmarkError.checksum(contender: contender.name) }
        let start = Stopwatch.threadCPUTime()
        _ = pass()
        let once = Double(Stopwatch.threadCPUTime() - start) * 1e-9
        passes = max(1, Int((plan.runSeconds / max(once, 1e-9)).rounded()))
    }

    /// Times one run and records it.
    func run() throws {
        let start = Stopwatch.threadCPUTime()
        var total = 0
        for _ in 0..<passes { total &+= pass() }
        let elapsed = Stopwatch.threadCPUTime() - start
        guard total == checksum &* passes else { throw BenchmarkError.checksum(contender: contender.name) }
        nanoseconds.append(Double(elapsed) / Double(passes * count))
    }
}
