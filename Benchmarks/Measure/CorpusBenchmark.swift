import Waypoint
import WaypointReference

/// Runs every contender on one corpus: registration, verification, interleaved timed
/// runs, and allocation counts.
struct CorpusBenchmark {
    let corpus: Corpus
    let plan: MeasurementPlan
    /// The contender keys to run (the baseline always runs).
    let selected: Set<String>
    /// Progress messages.
    let log: (String) -> Void

    func run() throws -> CorpusReport {
        let routes = corpus.routes
        log("\(corpus.name): registering \(routes.count) routes")
        let sink = DispatchSink()
        let (registration, router) = try RegistrationBenchmark(
            routes: routes, handlers: sink.handlers(count: routes.count), plan: plan
        ).run()
        let baseline = corpus.isPathOnly ? "waypointPath" : "waypointURL"
        var (contenders, reports) = try Self.contenders(
            for: corpus, router: router, sink: sink, selected: selected, log: log)
        contenders.removeAll { $0.key != baseline && !selected.contains($0.key) }

        log("\(corpus.name): verifying and calibrating \(contenders.map(\.name).joined(separator: ", "))")
        var series: [TimedSeries] = []
        for contender in contenders {
            for isHits in [true, false] {
                let set = corpus.lookups(for: contender.key, hits: isHits)
                guard !set.isEmpty else { continue }
                series.append(try TimedSeries(contender: contender, isHits: isHits, set: set, plan: plan))
            }
        }
        log("\(corpus.name): \(plan.runs) runs")
        // Interleaved: run r of every contender happens close in time, so run-by-run ratios
        // cancel most of the noise of a shared machine.
        for _ in 0..<plan.runs {
            for item in series { try item.run() }
        }
        for contender in contenders {
            func report(_ isHits: Bool) -> SetReport? {
                guard let item = series.first(where: { $0.contender === contender && $0.isHits == isHits })
                else {
                    return nil
                }
                let base = series.first { $0.contender.key == baseline && $0.isHits == isHits }
                return setReport(item, baseline: contender.key == baseline ? nil : base)
            }
            reports[contender.key] = ContenderReport(
                key: contender.key, name: contender.name, hits: report(true), misses: report(false))
        }
        let order = [
            "cSegmentTrie", "waypointPath", "waypointBorrowed", "waypointURL", "waypointURLValue",
            "waypointDispatch", "waypointDestination", "waypointStackTop", "waypointStack",
            "waypointStackMachinery", "pcre2Scan",
            "nsRegularExpressionScan",
            "swiftRegexScan",
        ]
        return CorpusReport(
            name: corpus.name, family: corpus.family, routes: routes.count, hits: corpus.hits.count,
            misses: corpus.misses.count, baseline: baseline, registration: registration,
            contenders: order.compactMap { reports[$0] }.filter {
                $0.key == baseline || selected.contains($0.key)
            })
    }

    /// The contenders that can run on `corpus` with `router` (bulk-registered with the
    /// handlers of `sink`), and notes for those that cannot. Linear scans are made only
    /// when `selected` names one of them.
    static func contenders(
        for corpus: Corpus, router: Router, sink: DispatchSink, selected: Set<String>,
        log: (String) -> Void
    ) throws -> ([any Contender], [String: ContenderReport]) {
        let routes = corpus.routes
        var contenders: [any Contender] = []
        var reports: [String: ContenderReport] = [:]
        if corpus.hasPathLookups {
            if selected.contains("cSegmentTrie") && corpus.isPathOnly {
                do {
                    contenders.append(try CSegmentTrieContender(routes: routes))
                } catch let error as ScanError {
                    reports["cSegmentTrie"] = ContenderReport(
                        key: "cSegmentTrie", name: "C segment trie", note: "n/a: \(error)")
                }
            }
            if !corpus.isPathOnly {
                reports["cSegmentTrie"] = ContenderReport(
                    key: "cSegmentTrie", name: "C segment trie", note: "n/a: it takes bare paths only")
            }
            contenders.append(WaypointPathContender(router: router))
            if selected.contains("waypointBorrowed") {
                contenders.append(WaypointBorrowedContender(router: router))
            }
        } else {
            reports["waypointPath"] = ContenderReport(
                key: "waypointPath", name: "Waypoint path",
                note: "n/a: host and scheme routes are not reachable from a bare path")
            reports["cSegmentTrie"] = ContenderReport(
                key: "cSegmentTrie", name: "C segment trie", note: "n/a: it takes bare paths only")
        }
        contenders.append(WaypointURLContender(router: router))
        if selected.contains("waypointURLValue") {
            contenders.append(WaypointURLValueContender(router: router))
        }
        contenders.append(WaypointDispatchContender(router: router, routes: routes, sink: sink))
        contenders.append(WaypointStringDispatchContender(router: router, routes: routes, sink: sink))
        if selected.contains("waypointDestination") {
            contenders.append(try WaypointDestinationContender(routes: routes))
        }
        let stackModes: [(String, WaypointStackContender.Mode)] = [
            ("waypointStackTop", .destination), ("waypointStack", .stack),
            ("waypointStackMachinery", .machinery),
        ]
        for (key, mode) in stackModes where selected.contains(key) {
            contenders.append(try WaypointStackContender(routes: routes, mode: mode))
        }
        if selected.contains("pcre2Scan") || selected.contains("nsRegularExpressionScan")
            || selected.contains("swiftRegexScan")
        {
            log("\(corpus.name): compiling \(routes.count) PCRE2 and NSRegularExpression patterns")
            let reference = try ReferenceMatcher(routes: routes)
            contenders.append(PCRE2ScanContender(reference: reference))
            do {
                contenders.append(try NSRegularExpressionScanContender(routes: routes, reference: reference))
            } catch let error as ScanError {
                reports["nsRegularExpressionScan"] = ContenderReport(
                    key: "nsRegularExpressionScan", name: "NSRegularExpression scan", note: "n/a: \(error)")
            }
            if selected.contains("swiftRegexScan") {
                do {
                    contenders.append(try SwiftRegexScanContender(routes: routes, reference: reference))
                } catch let error as ScanError {
                    reports["swiftRegexScan"] = ContenderReport(
                        key: "swiftRegexScan", name: "Swift Regex scan", note: "n/a: \(error)")
                }
            }
        }
        return (contenders, reports)
    }

    private func setReport(_ item: TimedSeries, baseline: TimedSeries?) -> SetReport {
        let times = Summary(item.nanoseconds)
        let ratios = baseline.map { base in Summary(zip(item.nanoseconds, base.nanoseconds).map { $0 / $1 }) }
        return SetReport(
            lookups: item.setSize, timed: item.lookups.count, passesPerRun: item.passes,
            nanosecondsPerMatch: times, matchesPerSecond: 1e9 / times.median, ratioToBaseline: ratios,
            allocationsPerMatch: item.allocationsPerLookup())
    }
}
