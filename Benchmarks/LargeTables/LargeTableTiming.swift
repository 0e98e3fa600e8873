import Waypoint

/// The timed half of `--cache-report`: every contender on every REST size, all alive in
/// one process and timed interleaved, run r of each series close in time to run r of the
/// others, so that the latency a large table adds (its time per lookup less the smallest
/// table's) is compared run by run between contenders on the same machine state.
///
/// `waypoint-bench`'s main table measures one corpus after the other, so a change in the
/// machine's load between the small and the large corpus lands in the difference; here it
/// lands in every series alike.
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
        var timed: [(size: Int, series: TimedSeries)] = []
        // The routers and tries stay alive while every series is timed.
        var keepAlive: [AnyObject] = []
        for size in sizes {
            let corpus = RESTCorpus.corpus(count: size, seed: seed, baseURL: baseURL)
            log("rest-\(size): registering, verifying and calibrating \(keys.joined(separator: ", "))")
            let sink = DispatchSink()
            let router = Router()
            try router.register(
                zip(corpus.routes, sink.handlers(count: corpus.routes.count)).map { ($0, .closure($1)) })
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
                        (size, try TimedSeries(contender: contender, isHits: isHits, set: set, plan: plan)))
                }
            }
        }
        log("\(plan.runs) interleaved runs of \(timed.count) series")
        for _ in 0..<plan.runs {
            for item in timed { try item.series.run() }
        }
        withExtendedLifetime(keepAlive) {}
        return timed.map {
            Series(
                size: $0.size, key: $0.series.contender.key, isHits: $0.series.isHits,
                nanoseconds: $0.series.nanoseconds)
        }
    }
}
