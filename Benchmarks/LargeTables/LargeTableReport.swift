import Foundation

/// `--cache-report`: what a large table adds to a lookup, Waypoint against the C trie
///: the time per lookup at each REST size, timed interleaved in one process
/// (``LargeTableTiming``), and the simulated cache misses per hit (``CacheSimulation``).
struct LargeTableReport: Codable {
    var machine: MachineInfo
    /// The load averages when the timing started and ended (`/proc/loadavg`), if known.
    var load: [String]
    var seed: UInt64
    var sizes: [Int]
    var runs: Int
    var passes: Int
    var timing: [LargeTableTiming.Series]
    var simulation: [CacheSimulation.Counts]

    /// The contender keys in report order.
    static let order = ["cSegmentTrie", "waypointPath", "waypointURL", "waypointDispatch"]

    /// The system's load averages, or nil where `/proc/loadavg` does not exist.
    static var loadAverages: String? {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
            .joined(separator: " ")
    }

    /// The run-by-run latency `key` adds at `size` over the smallest size, on hits or misses.
    func added(_ key: String, size: Int, isHits: Bool) -> [Double]? {
        func series(_ size: Int) -> [Double]? {
            timing.first { $0.size == size && $0.key == key && $0.isHits == isHits }?.nanoseconds
        }
        guard let smallest = sizes.first, let small = series(smallest), let large = series(size) else {
            return nil
        }
        return zip(large, small).map { $0 - $1 }
    }

    var text: String {
        var lines: [String] = []
        let keys = Self.order.filter { key in
            timing.contains { $0.key == key } || simulation.contains { $0.key == key }
        }
        if !timing.isEmpty, let smallest = sizes.first {
            lines.append(
                "Thread CPU time per lookup, \(runs) runs of every series interleaved in one process (median of the runs, "
                    + "[min-max]); load averages \(load.joined(separator: " -> ")). Added: over rest-\(smallest), run "
                    + "by run; x C: that over the C trie's added latency in the same run.")
            for isHits in [true, false] {
                lines.append("")
                var header = "  " + TextReport.pad(isHits ? "hits" : "misses", 30)
                for size in sizes { header += TextReport.pad("ns rest-\(size)", 16, right: true) }
                for _ in sizes.dropFirst() {
                    header +=
                        TextReport.pad("added", 11, right: true)
                        + TextReport.pad("x C added [range]", 22, right: true)
                }
                lines.append(header)
                for key in keys {
                    var line = "  " + TextReport.pad(InstructionReport.names[key] ?? key, 30)
                    for size in sizes {
                        let ns = timing.first { $0.size == size && $0.key == key && $0.isHits == isHits }?
                            .nanoseconds
                        line += TextReport.pad(
                            ns.map { TextReport.number(Summary($0).median) } ?? "-", 16, right: true)
                    }
                    for size in sizes.dropFirst() {
                        let mine = added(key, size: size, isHits: isHits)
                        line += TextReport.pad(
                            mine.map { TextReport.number(Summary($0).median) } ?? "-", 11, right: true)
                        var ratio = ""
                        if key != "cSegmentTrie", let mine,
                            let floor = added("cSegmentTrie", size: size, isHits: isHits)
                        {
                            let ratios = Summary(zip(mine, floor).map { $0 / $1 })
                            ratio =
                                "\(TextReport.fixed(ratios.median, 2)) [\(TextReport.fixed(ratios.min, 2)), "
                                + "\(TextReport.fixed(ratios.max, 2))]"
                        }
                        line += TextReport.pad(ratio, 22, right: true)
                    }
                    lines.append(line)
                }
            }
        }
        if !simulation.isEmpty {
            if !lines.isEmpty { lines.append("") }
            let levels = CacheSimulation.lastLevels
            lines.append(
                "Simulated cache misses per hit (callgrind --cache-sim, only the timed loop: \(passes) warm passes over "
                    + "the hits in timed order; D1 \(Self.describe(CacheSimulation.firstLevel)); LL "
                    + levels.map { "\($0.name) \(Self.describe($0))" }.joined(separator: " or ") + ")")
            var header =
                "  " + TextReport.pad("contender", 30) + TextReport.pad("routes", 9, right: true)
                + TextReport.pad("Ir/hit", 9, right: true) + TextReport.pad("D1 miss/hit", 13, right: true)
            for level in levels { header += TextReport.pad("LL=\(level.name) miss/hit", 18, right: true) }
            lines.append(header)
            for key in keys {
                for size in sizes {
                    let counts = simulation.filter { $0.key == key && $0.size == size }
                    guard let first = counts.first else { continue }
                    var line =
                        "  " + TextReport.pad(InstructionReport.names[key] ?? key, 30)
                        + TextReport.pad(TextReport.integer(size), 9, right: true)
                        + TextReport.pad(
                            TextReport.integer(Int(first.instructions.rounded())), 9, right: true)
                        + TextReport.pad(TextReport.fixed(first.firstLevelDataMisses, 2), 13, right: true)
                    for level in levels {
                        let miss = counts.first { $0.lastLevel == level.name }?.lastLevelDataMisses
                        line += TextReport.pad(miss.map { TextReport.fixed($0, 3) } ?? "-", 18, right: true)
                    }
                    lines.append(line)
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ geometry: CacheSimulation.Geometry) -> String {
        let size = geometry.size >= 1 << 20 ? "\(geometry.size >> 20) MiB" : "\(geometry.size >> 10) KiB"
        return "\(size) \(geometry.ways)-way"
    }
}

extension WaypointBench {
    /// `--cache-report`: the interleaved timing, the cache simulation, or both.
    static func runLargeTableReport(_ options: BenchmarkOptions) throws {
        let keys = LargeTableReport.order.filter { options.contenders.contains($0) || $0 == "cSegmentTrie" }
        let sizes = options.sizes.sorted()
        guard sizes.count >= 2 else {
            throw BenchmarkError.usage("--cache-report needs two REST sizes or more")
        }
        var report = LargeTableReport(
            machine: .current, load: [], seed: options.seed, sizes: sizes, runs: options.plan.runs,
            passes: options.passes, timing: [], simulation: [])
        if options.cacheReport != "sim" {
            report.load.append(LargeTableReport.loadAverages ?? "n/a")
            report.timing = try LargeTableTiming(
                sizes: sizes, keys: keys, seed: options.seed, baseURL: options.baseURL, plan: options.plan,
                log: log
            ).run()
            report.load.append(LargeTableReport.loadAverages ?? "n/a")
        }
        if options.cacheReport != "time" {
            let common = ["--seed", String(options.seed), "--base-url", options.baseURL]
            report.simulation = try CacheSimulation(
                corpora: sizes.map { ($0, ["--sizes", String($0), "--app-sizes", "0"] + common) }, keys: keys,
                passes: options.passes, outputDirectory: options.callgrindOutputDirectory, log: log
            ).run()
        }
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            FileHandle.standardOutput.write(try encoder.encode(report) + Data("\n".utf8))
            FileHandle.standardError.write(Data((report.text + "\n").utf8))
        } else {
            print(report.text)
        }
    }
}
