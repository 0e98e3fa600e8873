/// The figures of `--instructions`: instructions (and, with `--cache-sim`, cache misses)
/// per lookup, by corpus and contender.
struct InstructionReport: Codable {
    /// Counts per lookup over one lookup set.
    struct Counts: Codable {
        /// Lookups in the set.
        var lookups: Int
        /// Instructions executed (callgrind's Ir) per lookup.
        var instructions: Double
        /// Simulated last-level cache misses per lookup (instruction and data), with
        /// `--cache-sim`.
        var lastLevelMisses: Double?
        /// Simulated first-level data cache misses per lookup, with `--cache-sim`.
        var firstLevelDataMisses: Double?
        /// Heap allocations per lookup over one pass (not under the counted loop); nil where
        /// allocations cannot be counted.
        var allocations: Double?
        /// Calls per lookup to the runtime's reference counting and locks, each an atomic
        /// read-modify-write (``InstructionBenchmark/atomicFunctions``).
        var atomicCalls: Double?
    }

    /// One contender's counts on hits and misses.
    struct Contender: Codable {
        var key: String
        var hits: Counts?
        var misses: Counts?
    }

    /// One corpus.
    struct Corpus: Codable {
        var name: String
        var contenders: [Contender]

        /// `key`'s count per hit or miss divided by the C trie's, when both ran.
        func ratioToFloor(_ key: String, hits: Bool) -> Double? {
            func value(_ key: String) -> Double? {
                contenders.first { $0.key == key }.flatMap { hits ? $0.hits : $0.misses }?.instructions
            }
            guard let mine = value(key), let floor = value("cSegmentTrie"), floor > 0 else { return nil }
            return mine / floor
        }
    }

    /// Passes over each set inside the counted loop.
    var passes: Int
    var cacheSimulation: Bool
    var corpora: [Corpus]

    /// Display names by key.
    static let names = [
        "cSegmentTrie": "C segment trie", "waypointPath": "Waypoint match(path:)",
        "waypointBorrowed": "Waypoint withMatch(path:)",
        "waypointURL": "Waypoint match(_:) URL string", "waypointURLValue": "Waypoint match(_:) URL",
        "waypointDispatch": "Waypoint handle(URL)",
        "waypointDispatchString": "Waypoint handle(String)",
        "waypointDestination": "Waypoint destination(for: URL)",
        "waypointStackTop": "Waypoint destination(for:), 3-deep",
        "waypointStack": "Waypoint stack(for:), 3-deep",
        "waypointStackMachinery": "Waypoint stack(for:), parents nil",
        "pcre2Scan": "PCRE2 scan", "nsRegularExpressionScan": "NSRegularExpression scan",
        "swiftRegexScan": "Swift Regex scan",
    ]

    /// The table printed on standard output.
    var text: String {
        var lines = [
            "Instructions per lookup under callgrind (only the timed loop counted, \(passes) passes; "
                + "deterministic, unlike times). x C is the ratio to the C segment trie; RMW is "
                + "calls to reference counting and locks, each an atomic read-modify-write (a "
                + "router's lookup makes 2 more, inline: its publication's enter and leave)."
        ]
        for corpus in corpora {
            lines.append("")
            lines.append(corpus.name)
            var header =
                "  " + TextReport.pad("contender", 32) + TextReport.pad("Ir/hit", 10, right: true)
                + TextReport.pad("Ir/miss", 10, right: true) + TextReport.pad("x C hit", 9, right: true)
                + TextReport.pad("x C miss", 9, right: true)
                + TextReport.pad("RMW/hit", 9, right: true) + TextReport.pad("RMW/miss", 9, right: true)
                + TextReport.pad("alloc/hit", 11, right: true)
            if cacheSimulation {
                header +=
                    TextReport.pad("LL miss/hit", 13, right: true)
                    + TextReport.pad("LL miss/miss", 14, right: true)
                    + TextReport.pad("D1 miss/hit", 13, right: true)
            }
            lines.append(header)
            for contender in corpus.contenders {
                func figure(_ value: Double?, digits: Int) -> String {
                    value.map { digits == 0 ? String(Int($0.rounded())) : TextReport.fixed($0, digits) }
                        ?? "-"
                }
                var line =
                    "  " + TextReport.pad(Self.names[contender.key] ?? contender.key, 32)
                    + TextReport.pad(figure(contender.hits?.instructions, digits: 0), 10, right: true)
                    + TextReport.pad(figure(contender.misses?.instructions, digits: 0), 10, right: true)
                let isFloor = contender.key == "cSegmentTrie"
                line += TextReport.pad(
                    isFloor ? "" : figure(corpus.ratioToFloor(contender.key, hits: true), digits: 2), 9,
                    right: true)
                line += TextReport.pad(
                    isFloor ? "" : figure(corpus.ratioToFloor(contender.key, hits: false), digits: 2), 9,
                    right: true)
                line +=
                    TextReport.pad(figure(contender.hits?.atomicCalls, digits: 1), 9, right: true)
                    + TextReport.pad(figure(contender.misses?.atomicCalls, digits: 1), 9, right: true)
                    + TextReport.pad(figure(contender.hits?.allocations, digits: 2), 11, right: true)
                if cacheSimulation {
                    line +=
                        TextReport.pad(figure(contender.hits?.lastLevelMisses, digits: 3), 13, right: true)
                        + TextReport.pad(
                            figure(contender.misses?.lastLevelMisses, digits: 3), 14, right: true)
                        + TextReport.pad(
                            figure(contender.hits?.firstLevelDataMisses, digits: 2), 13, right: true)
                }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
