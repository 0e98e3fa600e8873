import Foundation
import Waypoint

/// `waypoint-bench --regex-budget`: what the per-lookup regex budget
/// (`RouterOptions.regexBudget`, Documentation/spec/routing.md §4) does to lookups in tables
/// of many regex tails under one prefix, with the budget at its default and, in the same run,
/// as large as it goes (`UInt32.max`, the lookup unbounded as before the budget existed).
///
/// Every answer is checked before it is timed. The measurements: the median time of a miss
/// with 1, 100 and 10,000 harmless tails (`/p/:v(x0-[0-9]+)`, …); then, in interleaved
/// rounds, the reference (a URL whose winner is the last of 10,000 ordinary tails) and the
/// worst of a few hostile URLs in tables of 10,000 catastrophic tails (`/p/:v0((a+)+b)`, …,
/// one pattern; `/p/:v((a+)+b|z0)`, …, distinct patterns), each as the median of runs on the
/// thread's CPU clock, with their ratio taken round by round, so that a loaded machine
/// slows both sides of each ratio alike; last, the unbounded tables once.
///
/// With `--instructions`, the reference and each hostile URL of the distinct patterns are
/// counted under callgrind instead, each in a child process of its own
/// (`--regex-budget-child`), counting only the lookups: ratios that do not depend on the
/// machine's load at all.
struct RegexBudgetBenchmark {
    /// Tail counts of the miss measurement.
    var harmlessCounts = [1, 100, 10_000]
    /// Routes of the catastrophic tables and of the reference.
    var catastrophicCount = 10_000
    /// Timed runs per measurement.
    var runs = 5
    /// Target duration of one run, in seconds.
    var runSeconds = 0.05
    /// Interleaved rounds of the ratio measurement.
    var rounds = 5
    /// Lookups counted per child under `--instructions`.
    var passes = 3

    /// The budgets compared: the default, and the largest.
    static let budgets: [(name: String, budget: UInt32)] = [
        ("default budget", RouterOptions().regexBudget), ("budget UInt32.max", .max),
    ]

    /// Runs of `a` of these lengths, then `bc`: the hostile URLs.
    static let hostileLengths = [12, 28, 100, 1_000]

    /// The hostile URL with a run of `length` `a`s.
    static func hostileURL(_ length: Int) -> String {
        "https://example.com/p/" + String(repeating: "a", count: length) + "bc"
    }

    /// `count` ordinary tails, `/p/:v(x0-[0-9]+)`, …
    static func ordinaryRoutes(_ count: Int) -> [String] {
        (0..<count).map { "/p/:v(x\($0)-[0-9]+)" }
    }

    /// The URL whose winner is the last of `count` ordinary tails.
    static func referenceURL(_ count: Int) -> String {
        "https://example.com/p/x\(count - 1)-7"
    }

    /// The catastrophic tables: one pattern under `count` names, and `count` distinct patterns.
    static func catastrophicTables(_ count: Int) -> [(label: String, routes: [String])] {
        [
            ("catastrophic tails (one pattern)", (0..<count).map { "/p/:v\($0)((a+)+b)" }),
            ("catastrophic tails (distinct patterns)", (0..<count).map { "/p/:v((a+)+b|z\($0))" }),
        ]
    }

    /// Runs the timed measurements and returns the report's lines.
    func run(log: (String) -> Void) throws -> [String] {
        var lines = ["regex budget (default \(RouterOptions().regexBudget) units per lookup)"]
        for count in harmlessCounts {
            let routes = Self.ordinaryRoutes(count)
            for (name, budget) in Self.budgets {
                let router = try Self.router(routes, budget: budget)
                let url = "https://example.com/p/y1"
                try Self.expectMiss(router.match(url), name: name, url: url)
                let seconds = medianPerLookup(router, url)
                lines.append("  miss, \(count) harmless tails, \(name): \(Self.format(seconds))")
            }
        }
        // The reference: a URL whose winner is the last of 10,000 ordinary tails,
        // with the default budget, timed in the same rounds as the hostile URLs.
        let ordinary = Self.ordinaryRoutes(catastrophicCount)
        let reference = try Self.router(ordinary, budget: RouterOptions().regexBudget)
        let referenceURL = Self.referenceURL(catastrophicCount)
        try Self.expectWinner(reference, referenceURL, route: ordinary[ordinary.count - 1])
        let urls = Self.hostileLengths.map(Self.hostileURL)
        let tables = try Self.catastrophicTables(catastrophicCount).map { label, routes in
            let router = try Self.router(routes, budget: RouterOptions().regexBudget)
            for url in urls { try Self.expectMiss(router.match(url), name: label, url: url) }
            return (label, router)
        }
        lines.append(
            "  \(rounds) interleaved rounds, thread CPU time, default budget: the winner is the last of "
                + "\(catastrophicCount) ordinary tails (reference), and the worst URL of \(catastrophicCount) "
                + "catastrophic tails (median of \(runs) runs per URL)")
        var ratios: [[Double]] = Array(repeating: [], count: tables.count)
        for round in 1...rounds {
            log("round \(round) of \(rounds)")
            let referenceSeconds = medianPerLookup(reference, referenceURL)
            var line = "    round \(round): reference \(Self.format(referenceSeconds))"
            for (index, (label, router)) in tables.enumerated() {
                let worst = urls.map { medianPerLookup(router, $0) }.max() ?? 0
                ratios[index].append(worst / referenceSeconds)
                line += String(format: "; %@ %@ (%.2f×)", label, Self.format(worst), worst / referenceSeconds)
            }
            lines.append(line)
        }
        for (index, (label, _)) in tables.enumerated() {
            let sorted = ratios[index].sorted()
            lines.append(
                String(
                    format:
                        "  worst URL, %d %@, default budget: %.2f× the reference (median of rounds; %.2f–%.2f×)",
                    catastrophicCount, label, sorted[sorted.count / 2], sorted[0], sorted[sorted.count - 1]))
        }
        // The tables without a budget, once each (the distinct patterns take seconds a URL).
        let referenceSeconds = medianPerLookup(reference, referenceURL)
        for (label, routes) in Self.catastrophicTables(catastrophicCount) {
            log("\(label), budget UInt32.max")
            let router = try Self.router(routes, budget: .max)
            var worst = 0.0
            for url in urls {
                let start = Stopwatch.threadCPUTime()
                let match = router.match(url)
                let seconds = Double(Stopwatch.threadCPUTime() - start) * 1e-9
                try Self.expectMiss(match, name: "budget UInt32.max", url: url)
                worst = max(worst, seconds)
            }
            lines.append(
                String(
                    format: "  worst URL, %d %@, budget UInt32.max: %@ (%.2f× the reference)",
                    catastrophicCount,
                    label, Self.format(worst), worst / referenceSeconds))
        }
        return lines
    }

    /// `--regex-budget --instructions`: the instructions of one lookup of the reference and
    /// of each hostile URL of the distinct catastrophic patterns, each counted under
    /// callgrind in a child process; returns the report's lines.
    func countInstructions(log: (String) -> Void) throws -> [String] {
        let counter = InstructionBenchmark(
            corpora: [], selected: [], passes: passes, cacheSimulation: false, log: { _ in })
        let executable = try InstructionBenchmark.strippedCopy()
        defer { try? FileManager.default.removeItem(atPath: executable) }
        func count(_ spec: String) throws -> Double {
            log("callgrind \(spec)")
            guard
                let counts = try counter.count(
                    executable, ["--regex-budget-child", spec], countingAtomicCalls: false)
            else {
                throw BenchmarkError.usage("the child \(spec) counted no lookup")
            }
            return counts.instructions
        }
        let reference = try count("reference")
        var lines = [
            "regex budget, instructions per lookup under callgrind (\(passes) lookups counted each, default budget)",
            String(
                format: "  reference, the winner is the last of %d ordinary tails: %.0f Ir",
                catastrophicCount,
                reference),
        ]
        var worst = 0.0
        for length in Self.hostileLengths {
            let instructions = try count("distinct:\(length)")
            worst = max(worst, instructions)
            lines.append(
                String(
                    format: "  %d distinct catastrophic tails, a{%d}bc: %.0f Ir (%.2f× the reference)",
                    catastrophicCount, length, instructions, instructions / reference))
        }
        lines.append(String(format: "  worst URL: %.2f× the reference", worst / reference))
        return lines
    }

    /// The child of ``countInstructions(log:)``: `reference`, or `distinct:LENGTH` (the
    /// hostile URL with `LENGTH` `a`s in the distinct catastrophic patterns). Builds the
    /// table, checks the answer, makes one lookup to warm up, then counts `passes` lookups
    /// in ``waypointBenchTimedLoop(_:passes:)``.
    static func runChild(_ spec: String, count: Int, passes: Int) throws {
        let router: Router
        let url: String
        let expected: String?
        if spec == "reference" {
            let routes = ordinaryRoutes(count)
            router = try Self.router(routes, budget: RouterOptions().regexBudget)
            url = referenceURL(count)
            expected = routes[routes.count - 1]
        } else if spec.hasPrefix("distinct:"), let length = Int(spec.dropFirst("distinct:".count)), length > 0
        {
            router = try Self.router(catastrophicTables(count)[1].routes, budget: RouterOptions().regexBudget)
            url = hostileURL(length)
            expected = nil
        } else {
            throw BenchmarkError.usage("--regex-budget-child takes reference or distinct:LENGTH, not \(spec)")
        }
        let pass = opaque { router.match(url)?.route == expected ? 1 : 0 }
        guard pass() == 1 else {
            throw BenchmarkError.usage("\(spec): \(url) did not give \(expected ?? "no route")")
        }
        FileHandle.standardError.write(Data("lookups: 1\n".utf8))
        guard waypointBenchTimedLoop(pass, passes: passes) == passes else {
            throw BenchmarkError.checksum(contender: "regex budget \(spec)")
        }
    }

    /// `pass`, as a value the optimizer cannot see into: a closure written at the call of
    /// ``waypointBenchTimedLoop(_:passes:)`` would be specialised into a copy of it under
    /// another symbol, which callgrind's `--toggle-collect` does not count.
    @inline(never)
    private static func opaque(_ pass: @escaping () -> Int) -> () -> Int { pass }

    /// The median, over ``runs`` runs, of the thread CPU time per lookup of `url`.
    private func medianPerLookup(_ router: Router, _ url: String) -> Double {
        var perLookup: [Double] = []
        var batch = 1
        while perLookup.count < runs {
            let start = Stopwatch.threadCPUTime()
            for _ in 0..<batch { _ = router.match(url) }
            let seconds = Double(Stopwatch.threadCPUTime() - start) * 1e-9
            if seconds < runSeconds && perLookup.isEmpty {
                batch *= 2
                continue
            }
            perLookup.append(seconds / Double(batch))
        }
        return perLookup.sorted()[perLookup.count / 2]
    }

    /// Throws unless `match` is nil: no route of these tables matches the URLs timed.
    private static func expectMiss(_ match: RouteMatch?, name: String, url: String) throws {
        guard let match else { return }
        throw BenchmarkError.wrongAnswer(
            contender: "Router, \(name)", url: url, expected: nil,
            actual: Answer(priority: match.priority, parameters: match.routeParameters.dictionary))
    }

    /// Throws unless `route` wins `url` in `router`.
    private static func expectWinner(_ router: Router, _ url: String, route: String) throws {
        guard router.match(url)?.route == route else {
            throw BenchmarkError.usage("\(route) did not win \(url)")
        }
    }

    /// A router of `routes` with `budget`.
    private static func router(_ routes: [String], budget: UInt32) throws -> Router {
        let router = Router(options: RouterOptions(regexBudget: budget))
        try router.register(routes.map { (RouteName($0), RouteHandler.closure { _ in }) })
        return router
    }

    /// Seconds as µs or ms.
    private static func format(_ seconds: Double) -> String {
        seconds < 1e-3
            ? String(format: "%.2f µs", seconds * 1e6) : String(format: "%.2f ms", seconds * 1e3)
    }
}
