/// The human-readable tables of a ``BenchmarkReport``.
struct TextReport {
    let report: BenchmarkReport

    var text: String {
        var lines: [String] = []
        let machine = report.machine
        lines.append(
            "Waypoint match benchmark: \(machine.build) build, \(machine.processor), \(machine.cores) cores, "
                + "\(machine.system)")
        lines.append(
            "\(report.runs) runs of ~\(Self.number(report.runMilliseconds)) ms per measurement, seed "
                + "\(report.seed)\(report.quick ? " (--quick)" : ""). Times are ns per lookup, median "
                + "[min-max] over the runs;")
        lines.append(
            "x base is the median of the run-by-run ratios to the baseline (Waypoint path, or Waypoint URL "
                + "where host and scheme routes exist). Every answer was verified before timing.")
        for corpus in report.corpora {
            lines.append("")
            lines += corpusLines(corpus)
        }
        let scaling = report.corpora.filter { $0.family == .rest }
        if scaling.count > 1 {
            lines.append("")
            lines += scalingLines(scaling)
        }
        return lines.joined(separator: "\n")
    }

    private func corpusLines(_ corpus: CorpusReport) -> [String] {
        let registration = corpus.registration
        var lines = [
            "\(corpus.name): \(Self.integer(corpus.routes)) routes, \(Self.integer(corpus.hits)) hits, "
                + "\(Self.integer(corpus.misses)) misses"
        ]
        var registered =
            "  registration: bulk \(Self.number(registration.bulkMilliseconds.median)) ms "
            + "(median of \(registration.bulkRepetitions), "
            + "\(Self.number(registration.bulkMilliseconds.median * 1e3 / Double(corpus.routes))) us/route)"
        registered +=
            registration.oneByOneMilliseconds.map { ", one by one \(Self.number($0)) ms" }
            ?? ", one by one not timed (table too large)"
        registered += registration.cycleMicroseconds.map { ", register+remove \(Self.number($0)) us" } ?? ""
        lines.append(registered)
        let heap =
            registration.heapBytesPerRoute.map { "\(Self.integer(Int($0))) B/route heap" } ?? "heap n/a"
        let resident = registration.residentBytesPerRoute.map { "\(Self.integer(Int($0))) B/route resident" }
        lines.append("  memory: \(heap), \(resident ?? "resident n/a")")
        lines.append(
            "  " + Self.pad("contender", 25) + Self.pad("hit ns", 24, right: true)
                + Self.pad("miss ns", 24, right: true) + Self.pad("hits/s", 10, right: true)
                + Self.pad("x base hit", 12, right: true) + Self.pad("x base miss", 12, right: true)
                + Self.pad("allocs hit/miss", 17, right: true))
        for contender in corpus.contenders {
            guard let hits = contender.hits else {
                lines.append("  " + Self.pad(contender.name, 25) + (contender.note ?? "n/a"))
                continue
            }
            let misses = contender.misses
            var line = "  " + Self.pad(contender.name, 25)
            line += Self.pad(Self.times(hits), 24, right: true)
            line += Self.pad(misses.map(Self.times) ?? "-", 24, right: true)
            line += Self.pad(Self.rate(hits.matchesPerSecond), 10, right: true)
            line += Self.pad(Self.ratio(hits.ratioToBaseline), 12, right: true)
            line += Self.pad(Self.ratio(misses?.ratioToBaseline), 12, right: true)
            line += Self.pad(
                "\(Self.allocations(hits.allocationsPerMatch)) / \(Self.allocations(misses?.allocationsPerMatch))",
                17, right: true)
            var sampled: [String] = []
            if hits.timed < hits.lookups { sampled.append("\(hits.timed) of \(hits.lookups) hits") }
            if let misses, misses.timed < misses.lookups {
                sampled.append("\(misses.timed) of \(misses.lookups) misses")
            }
            if !sampled.isEmpty { line += "  (timed \(sampled.joined(separator: ", ")))" }
            lines.append(line)
        }
        return lines
    }

    private func scalingLines(_ corpora: [CorpusReport]) -> [String] {
        var lines = ["Scaling on the REST corpus: median ns per hit (per miss) against route count"]
        var header = "  " + Self.pad("contender", 25)
        for corpus in corpora { header += Self.pad(Self.integer(corpus.routes), 20, right: true) }
        lines.append(header)
        for contender in corpora[0].contenders {
            var line = "  " + Self.pad(contender.name, 25)
            for corpus in corpora {
                let entry = corpus.contenders.first { $0.key == contender.key }
                let hit = entry?.hits.map { Self.number($0.nanosecondsPerMatch.median) } ?? "-"
                let miss = entry?.misses.map { Self.number($0.nanosecondsPerMatch.median) } ?? "-"
                line += Self.pad("\(hit) (\(miss))", 20, right: true)
            }
            lines.append(line)
        }
        // The growth from 100 routes (the smallest size with some depth), else from the
        // smallest size, to the largest.
        let base = corpora.first { $0.routes == 100 } ?? corpora.first
        if let first = base, let last = corpora.last, first.routes != last.routes {
            for key in ["waypointPath", "waypointURL"] {
                guard let small = first.contenders.first(where: { $0.key == key }),
                    let large = last.contenders.first(where: { $0.key == key }),
                    let smallHit = small.hits, let largeHit = large.hits
                else { continue }
                let hitRatio = largeHit.nanosecondsPerMatch.median / smallHit.nanosecondsPerMatch.median
                var line =
                    "  \(small.name): t(\(Self.integer(last.routes)))/t(\(Self.integer(first.routes))) = "
                    + "\(Self.fixed(hitRatio, 2)) for hits"
                if let smallMiss = small.misses, let largeMiss = large.misses {
                    let missRatio =
                        largeMiss.nanosecondsPerMatch.median / smallMiss.nanosecondsPerMatch.median
                    line += ", \(Self.fixed(missRatio, 2)) for misses"
                }
                lines.append(line)
            }
        }
        return lines
    }

    // MARK: Formatting

    private static func times(_ set: SetReport) -> String {
        let time = set.nanosecondsPerMatch
        return "\(number(time.median)) [\(number(time.min))-\(number(time.max))]"
    }

    private static func ratio(_ ratio: Summary?) -> String {
        guard let ratio else { return "-" }
        return ratio.median >= 100 ? integer(Int(ratio.median.rounded())) : fixed(ratio.median, 2)
    }

    private static func allocations(_ count: Double?) -> String {
        guard let count else { return "n/a" }
        return count == count.rounded() ? String(Int(count)) : fixed(count, 2)
    }

    private static func rate(_ perSecond: Double) -> String {
        if perSecond >= 1e6 { return fixed(perSecond / 1e6, 1) + " M" }
        if perSecond >= 1e3 { return fixed(perSecond / 1e3, 1) + " k" }
        return fixed(perSecond, 1)
    }

    /// Three significant digits below 100, whole numbers with thousands separators above.
    static func number(_ value: Double) -> String {
        if value >= 100 { return integer(Int(value.rounded())) }
        if value >= 10 { return fixed(value, 1) }
        return fixed(value, 2)
    }

    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = integer(scaled / Int(scale))
        guard digits > 0 else { return whole }
        let fraction = String(abs(scaled) % Int(scale))
        return whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// `value` with `,` between thousands.
    static func integer(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        guard text.count < width else { return right ? " " + text : text + " " }
        let padding = String(repeating: " ", count: width - text.count)
        return right ? padding + text : text + padding
    }
}
