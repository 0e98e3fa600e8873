import Foundation
import Testing

@testable import Waypoint

/// routing.md §4: the regex work of one lookup, all routes together, is bounded by
/// ``RouterOptions/regexBudget``; `explain` reports the routes the budget did not reach.
/// Work is counted in budget units (``RouteTable/budgetTrace(_:)``), never by time.
@Suite("Per-lookup regex budget")
struct RegexBudgetTests {
    /// `count` routes `/p/:v0((a+)+b)`, `/p/:v1((a+)+b)`, …: nested quantifiers that
    /// backtrack exponentially on a run of `a` followed by `bc`.
    static func catastrophicRoutes(_ count: Int) -> [String] {
        (0..<count).map { "/p/:v\($0)((a+)+b)" }
    }

    /// A URL that makes every catastrophic route reach its match limit, on both engines.
    static let hostileURL = "s://h/p/" + String(repeating: "a", count: 28) + "bc"

    /// The table of `routes`, compiled with `options`.
    static func table(_ routes: [String], options: RouterOptions = RouterOptions()) throws -> RouteTable {
        RouteTable(
            routes: try routes.map { try CompiledRoute($0, options: options) }, options: options,
            limits: RegexLimits(options: options))
    }

    /// A router with `routes`, each with a handler that does nothing.
    static func router(_ routes: [String], options: RouterOptions = RouterOptions()) throws -> Router {
        let router = Router(options: options)
        try router.register(routes.map { ($0, RouteHandler.closure { _ in }) })
        return router
    }

    @Test("the budget is on by default and configurable")
    func defaults() {
        #expect(RouterOptions().regexBudget == 1_000_000)
        #expect(RouterOptions(regexBudget: 5_000).regexBudget == 5_000)
        #expect(LookupBudget.chargePerRun == 1_000)
    }

    @Test("2,000 catastrophic routes: a few reach their limit, the budget stops the rest")
    func catastrophicTable() throws {
        let routes = Self.catastrophicRoutes(2_000) + ["/p/:v"]
        let router = try Self.router(routes)
        // The fallback wins: every regex route is a non-match, by its limit or the budget.
        #expect(router.match(Self.hostileURL)?.route == "/p/:v")

        let outcomes = router.explain(Self.hostileURL).map(\.outcome)
        let limitHits = outcomes.prefix { $0 == .stopped(.limitHit(at: .path(2), limit: .match)) }.count
        // A full match limit costs 100,000 units of the 1,000,000: at most ten fit.
        #expect((1...10).contains(limitHits), "\(outcomes.prefix(12))")
        #expect(
            outcomes[limitHits..<2_000].allSatisfy { $0 == .stopped(.regexBudgetSpent(at: .path(2))) },
            "every later regex route is reported as not reached")
        #expect(outcomes[2_000] == .stopped(.regexBudgetSpent(at: .path(2))) || outcomes[2_000].isMatch)
        #expect(outcomes.last?.isMatch == true)

        let trace = try #require(try Self.table(routes).budgetTrace(Self.hostileURL))
        #expect(trace.spent <= 1_000_000)
        #expect(trace.spent >= UInt32(limitHits) * 100_000, "each limit hit was charged its limit")
        #expect(trace.notReached == (limitHits..<2_000).map(Int32.init))
    }

    @Test("the explanation names the budget, apart from a route's own limit")
    func description() throws {
        let router = try Self.router(Self.catastrophicRoutes(20))
        let explanations = router.explain(Self.hostileURL)
        #expect(
            explanations.last?.description
                == "/p/:v19((a+)+b): stopped: regex from path segment 2 not reached: the lookup's regex budget is spent"
        )
        #expect(
            explanations.first?.description
                == "/p/:v0((a+)+b): stopped: regex from path segment 2 hit the regex match limit")
    }

    @Test("a lower budget reaches fewer routes; a larger one lets every route hit its own limit")
    func configurable() throws {
        let routes = Self.catastrophicRoutes(30)
        let small = try Self.table(routes, options: RouterOptions(regexBudget: 250_000))
        let smallTrace = try #require(small.budgetTrace(Self.hostileURL))
        #expect(smallTrace.spent <= 250_000)
        #expect(smallTrace.notReached.count >= 28)
        let large = try Self.table(routes, options: RouterOptions(regexBudget: .max))
        let largeTrace = try #require(large.budgetTrace(Self.hostileURL))
        #expect(largeTrace.notReached.isEmpty)
        #expect(largeTrace.spent >= 30 * 100_000)
        #expect(
            large.explain(Self.hostileURL).allSatisfy {
                $0.outcome == .stopped(.limitHit(at: .path(2), limit: .match))
            })
    }

    @Test("harmless tails cost 1,000 units a run: a lookup runs at most 1,000 of them")
    func harmlessTails() throws {
        // `x0-[0-9]+`, `x1-[0-9]+`, …: each matches only its own URLs, cheaply.
        let routes = (0..<1_200).map { "/p/:v(x\($0)-[0-9]+)" }
        let table = try Self.table(routes)
        // A miss runs each tail twice, on `y1` and on `y1/` (the ignored trailing slash), so
        // the budget pays for the first 500 routes.
        let miss = try #require(table.budgetTrace("s://h/p/y1"))
        #expect(miss.spent == 1_000_000)
        #expect(miss.notReached == (500..<1_200).map(Int32.init))
        let explained = table.explain("s://h/p/y1").map(\.outcome)
        #expect(explained[..<500].allSatisfy { $0 == .stopped(.regexFailed(at: .path(2))) })
        #expect(explained[500...].allSatisfy { $0 == .stopped(.regexBudgetSpent(at: .path(2))) })

        // Route 499 matches on the 999th run; route 1,100 is past the budget.
        #expect(Self.winner(table, "s://h/p/x499-7") == "/p/:v(x499-[0-9]+)")
        #expect(Self.winner(table, "s://h/p/x1100-7") == nil)
        let relaxed = try Self.table(routes, options: RouterOptions(regexBudget: 3_000_000))
        #expect(Self.winner(relaxed, "s://h/p/x1100-7") == "/p/:v(x1100-[0-9]+)")
    }

    /// The route that wins `url` in `table`, or nil.
    static func winner(_ table: RouteTable, _ url: String) -> String? {
        guard case .examined(let matches, _) = table.best(url) else { return nil }
        return matches.first?.route
    }

    @Test("segment checks are paid from the budget too")
    func segmentChecks() throws {
        // Host routes written as mixed segments are checked by their own regex.
        let routes = [":a.example.com/x", ":b.example.com/x", ":c.example.com/x"]
        let router = try Self.router(routes, options: RouterOptions(regexBudget: 2_000))
        #expect(router.match("s://foo.example.com/x")?.route == ":a.example.com/x")
        #expect(router.matches("s://foo.example.com/x").map(\.route) == Array(routes.prefix(2)))
        let outcomes = router.explain("s://foo.example.com/x").map(\.outcome)
        #expect(outcomes[0].isMatch && outcomes[1].isMatch)
        #expect(outcomes[2] == .stopped(.regexBudgetSpent(at: .host)))
    }

    @Test(
        "the router tables never reach the budget",
        arguments: Fixtures.routerCases("deeplinkkit.json") + Fixtures.routerCases("routing-checks.json"))
    func realTables(_ example: Fixtures.RouterCase) throws {
        let table = try Self.table(
            example.routes.filter { $0.expectError == nil }.map(\.route), options: example.options)
        guard let trace = table.budgetTrace(example.input) else { return }
        #expect(trace.notReached.isEmpty)
        // A handful of cheap runs, or one route that reaches its own match limit (the table
        // has such a case): a quarter of the budget at most.
        #expect(trace.spent <= 250_000)
    }
}

extension RouteExplanation.Outcome {
    /// Whether the route matched.
    fileprivate var isMatch: Bool {
        if case .matched = self { true } else { false }
    }
}
