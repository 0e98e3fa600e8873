import Foundation
import Waypoint

/// `waypoint-bench --regex-budget`: what the per-lookup regex budget
/// (`RouterOptions.regexBudget`, Documentation/spec/routing.md §4) does to lookups in tables of many regex
/// tails under one prefix, with the budget at its default and, in the same run, as large as
/// it goes (`UInt32.max`, the lookup unbounded as before the budget existed).
///
/// Two measurements, each answer checked before it is timed: the median time of a miss
/// with 1, 100 and 10,000 harmless tails (`/p/:v(x0-[0-9]+)`, …), and the slowest of a few
/// lookups of a hostile URL in a table of 10,000 catastrophic tails
/// (`/p/:v0((a+)+b)`, …), each of which reaches its match limit.
struct RegexBudgetBenchmark {
    /// Tail counts of the miss measurement.
    var harmlessCounts = [1, 100, 10_000]
    /// Routes of the catastrophic table.
    var catastrophicCount = 10_000
    /// Timed runs per measurement.
    var runs = 5
    /// Target duration of one run of misses, in seconds.
    var runSeconds = 0.05

    /// The budgets compared: the default, and the largest.
    static let budgets: [(name: String, budget: UInt32)] = [
        ("default budget", RouterOptions().regexBudget), ("budget UInt32.max", .max),
    ]

    /// Runs both measurements and returns the report's lines.
    func run(log: (String) -> Void) throws -> [String] {
        var lines = ["regex budget (default \(RouterOptions().regexBudget) units per lookup)"]
        for count in harmlessCounts {
            let routes = (0..<count).map { "/p/:v(x\($0)-[0-9]+)" }
            for (name, budget) in Self.budgets {
                let router = try Self.router(routes, budget: budget)
                let url = "https://example.com/p/y1"
                try Self.expectMiss(router.match(url), name: name, url: url)
                let seconds = medianPerLookup(router, url)
                lines.append("  miss, \(count) harmless tails, \(name): \(Self.format(seconds))")
            }
        }
        // The reference of issue 21: a URL whose winner is the last of 10,000 ordinary tails,
        // with the default budget, in the same run.
        let ordinary = (0..<catastrophicCount).map { "/p/:v(x\($0)-[0-9]+)" }
        let ordinaryRouter = try Self.router(ordinary, budget: RouterOptions().regexBudget)
        let lastURL = "https://example.com/p/x\(catastrophicCount - 1)-7"
        guard ordinaryRouter.match(lastURL)?.route == ordinary.last else {
            throw BenchmarkError.usage(
                "the last of \(catastrophicCount) ordinary tails did not win \(lastURL)")
        }
        let reference = medianPerLookup(ordinaryRouter, lastURL)
        lines.append(
            "  winner is the last of \(catastrophicCount) ordinary tails, default budget: \(Self.format(reference))"
        )
        // Hostile URLs: runs of `a` of several lengths, then `bc`.
        let urls = [12, 28, 100, 1_000].map {
            "https://example.com/p/" + String(repeating: "a", count: $0) + "bc"
        }
        let tables: [(String, [String])] = [
            ("catastrophic tails (one pattern)", (0..<catastrophicCount).map { "/p/:v\($0)((a+)+b)" }),
            (
                "catastrophic tails (distinct patterns)",
                (0..<catastrophicCount).map { "/p/:v((a+)+b|z\($0))" }
            ),
        ]
        for (label, routes) in tables {
            for (name, budget) in Self.budgets {
                log("\(label), \(name)")
                let router = try Self.router(routes, budget: budget)
                var worst = 0.0
                for url in urls {
                    for _ in 0..<2 {
                        let (seconds, match) = Stopwatch.measure { router.match(url) }
                        try Self.expectMiss(match, name: name, url: url)
                        worst = max(worst, seconds)
                    }
                }
                lines.append(
                    "  worst URL, \(catastrophicCount) \(label), \(name): \(Self.format(worst)) (\(String(format: "%.2f", worst / reference))× the reference)"
                )
            }
        }
        return lines
    }

    /// The median, over ``runs`` runs, of the time per lookup of `url`.
    private func medianPerLookup(_ router: Router, _ url: String) -> Double {
        var perLookup: [Double] = []
        var batch = 1
        while perLookup.count < runs {
            let (seconds, _) = Stopwatch.measure {
                for _ in 0..<batch { _ = router.match(url) }
            }
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
