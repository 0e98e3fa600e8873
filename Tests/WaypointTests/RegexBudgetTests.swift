import Foundation
import Testing
import WaypointTables

@testable import Waypoint
@testable import WaypointExplain

/// Documentation/spec/routing.md §4: the regex work of one lookup, all routes together, is bounded by
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
        try router.register(routes.map { (RouteName($0), RouteHandler.closure { _ in }) })
        return router
    }

    /// `count` routes `/p/:v((a+)+b|z0)`, `/p/:v((a+)+b|z1)`, …: catastrophic like
    /// ``catastrophicRoutes(_:)``, each with a pattern of its own, so no run answers for
    /// another. (A distinct literal after `b`, as in `(a+)+b0`, would not do: PCRE2 fails
    /// a subject without that literal before it backtracks.)
    static func distinctCatastrophicRoutes(_ count: Int) -> [String] {
        (0..<count).map { "/p/:v((a+)+b|z\($0))" }
    }

    @Test("the budget is on by default and configurable")
    func defaults() {
        #expect(RouterOptions().regexBudget == 1_000_000)
        #expect(RouterOptions(regexBudget: 5_000).regexBudget == 5_000)
    }

    @Test("2,000 routes of one catastrophic pattern: one run answers for all of them")
    func catastrophicTable() throws {
        let routes = Self.catastrophicRoutes(2_000) + ["/p/:v"]
        let router = try Self.router(routes)
        // The fallback wins: every regex route is a non-match, by its own limit.
        #expect(router.match(Self.hostileURL)?.route == "/p/:v")
        let outcomes = router.explain(Self.hostileURL).map(\.outcome)
        #expect(outcomes[..<2_000].allSatisfy { $0 == .stopped(.limitHit(at: .path(2), limit: .match)) })
        #expect(outcomes.last?.isMatch == true)

        let trace = try #require(try Self.table(routes).budgetTrace(Self.hostileURL))
        #expect(trace.notReached.isEmpty)
        // The tails share one pattern at one node: its run within the allowance and its run
        // under the full match limit (on PCRE2; ICU's one run is stopped at its own limit).
        #expect(trace.runs <= 2, "\(trace)")
        #expect(trace.spent <= 100_000)
    }

    @Test("2,000 distinct catastrophic patterns: a few reach their limit, the budget stops the rest")
    func distinctCatastrophicTable() throws {
        let routes = Self.distinctCatastrophicRoutes(2_000) + ["/p/:v"]
        let router = try Self.router(routes)
        #expect(router.match(Self.hostileURL)?.route == "/p/:v")

        let outcomes = router.explain(Self.hostileURL).map(\.outcome)
        let limitHits = outcomes.prefix { $0 == .stopped(.limitHit(at: .path(2), limit: .match)) }.count
        // A full match limit costs 100,000 units of the 1,000,000: at most ten fit.
        #expect((1...10).contains(limitHits), "\(outcomes.prefix(12))")
        #expect(
            outcomes[limitHits..<2_000].allSatisfy { $0 == .stopped(.regexBudgetSpent(at: .path(2))) },
            "every later regex route is reported as not reached")
        #expect(outcomes.last?.isMatch == true)

        let trace = try #require(try Self.table(routes).budgetTrace(Self.hostileURL))
        #expect(trace.spent <= 1_000_000)
        #expect(trace.spent >= UInt32(limitHits) * 100_000, "each limit hit was charged its limit")
        #expect(trace.notReached.map(\.rawValue) == (limitHits..<2_000).map(Int32.init))
        // No route past the budget is run: their tails repeat a repeating group, so once the
        // budget is exhausted the lookup's work is what it spent. PCRE2 makes
        // two runs a limit hit (the allowance, then the full limit), ICU one, and the run
        // that found the budget unable to pay is one more.
        #expect(trace.runs <= 2 * (limitHits + 1), "\(trace)")
    }

    @Test(
        "2,000 distinct catastrophic patterns on short hostile URLs: the budget still stops them",
        arguments: [8, 12, 16, 20, 28])
    func distinctCatastrophicShortSubjects(runOfA: Int) throws {
        // On a short run of `a`, each pattern does up to a few thousand steps: within one of
        // ICU's progress reports, which never arrives, so without a charge for the unreported
        // states 2,000 distinct ones cost 2,000 such runs on the Foundation engine.
        let url = "s://h/p/" + String(repeating: "a", count: runOfA) + "bc"
        let routes = Self.distinctCatastrophicRoutes(2_000) + ["/p/:v"]
        let table = try Self.table(routes)
        #expect(Self.winner(table, url) == "/p/:v")
        let trace = try #require(table.budgetTrace(url))
        // The budget pays 100 charges of 10,000 (ICU) or 10 match limits (PCRE2), each at most
        // two runs (the allowance, then the charge), and one run finds it unable to pay.
        #expect(trace.runs <= 2 * (1_000_000 / 10_000 + 1), "\(trace)")
    }

    @Test("a budget of 0 still reaches an ordinary URL past failed runs of nested repetition")
    func zeroBudgetOrdinaryURL() throws {
        // The failed run of `(a+)+b|z0` on `z1` does a few states: it must not exhaust even
        // an empty budget, or the route after it, which matches at once, would be lost. On
        // ICU a lookup may make 100 such runs (45 routes, with and without the trailing
        // slash, are 90) before the budget counts as spent.
        let routes = ["/c/:v((a+)+b|z0)", "/c/:v((a+)+b|z1)", "/c/:w"]
        let table = try Self.table(routes, options: RouterOptions(regexBudget: 0))
        #expect(Self.winner(table, "s://h/c/z1") == "/c/:v((a+)+b|z1)")
        let many = Self.distinctCatastrophicRoutes(45) + ["/p/:v((a+)+b|y)", "/p/:w"]
        let manyTable = try Self.table(many, options: RouterOptions(regexBudget: 0))
        #expect(Self.winner(manyTable, "s://h/p/y") == "/p/:v((a+)+b|y)")
    }

    @Test(
        "once the budget is exhausted, a tail that repeats a repeating group is not run, even one that would match"
    )
    func nestedRepetitionAfterExhaustion() throws {
        // `(a+)+bc` matches the hostile URL at once, but its shape is the catastrophic one:
        // after the budget is spent it is reported as not reached, as `waypoint lint` warns
        // for such tables. With the budget lifted it wins.
        let routes = Self.distinctCatastrophicRoutes(40) + ["/p/:v((a+)+bc)", "/p/:w"]
        let spent = try Self.table(routes)
        #expect(Self.winner(spent, Self.hostileURL) == "/p/:w")
        let trace = try #require(spent.budgetTrace(Self.hostileURL))
        #expect(trace.notReached.map(\.rawValue).contains(40), "\(trace)")
        let lifted = try Self.table(routes, options: RouterOptions(regexBudget: .max))
        #expect(Self.winner(lifted, Self.hostileURL) == "/p/:v((a+)+bc)")
    }

    @Test("a run the budget cannot pay for exhausts it; what was taken stays taken")
    func exhaustion() {
        var budget = LookupBudget(10)
        let first = budget.take(6)
        #expect(first)
        #expect(!budget.isExhausted)
        let second = budget.take(5)
        #expect(!second)
        #expect(budget.isExhausted)
        #expect(budget.spent == 6)
        let third = budget.take(4)
        #expect(third)
        #expect(budget.spent == 10)
    }

    @Test("after the budget is exhausted, a cheap route still wins")
    func cheapRouteAfterExhaustion() throws {
        // Later runs have only the base allowance once the budget is exhausted; a regex that finishes at once, as `[a-c]+` does, still matches.
        let routes = Self.distinctCatastrophicRoutes(40) + ["/p/:v([a-c]+)"]
        for budget: UInt32 in [0, 250_000, RouterOptions().regexBudget] {
            let table = try Self.table(routes, options: RouterOptions(regexBudget: budget))
            #expect(Self.winner(table, Self.hostileURL) == "/p/:v([a-c]+)", "budget \(budget)")
            let trace = try #require(table.budgetTrace(Self.hostileURL))
            #expect(!trace.notReached.isEmpty, "budget \(budget)")
            #expect(trace.spent <= budget)
        }
    }

    @Test("the explanation names the budget, apart from a route's own limit")
    func description() throws {
        let router = try Self.router(Self.distinctCatastrophicRoutes(20))
        let explanations = router.explain(Self.hostileURL)
        #expect(
            explanations.last?.description
                == "/p/:v((a+)+b|z19): stopped: regex from path segment 2 not reached: the lookup's regex budget is spent"
        )
        #expect(
            explanations.first?.description
                == "/p/:v((a+)+b|z0): stopped: regex from path segment 2 hit the regex match limit")
    }

    @Test("a lower budget reaches fewer routes; a larger one lets every route hit its own limit")
    func configurable() throws {
        let routes = Self.distinctCatastrophicRoutes(30)
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

    @Test("harmless tails cost the budget nothing: a miss runs all 1,200, twice each")
    func harmlessTails() throws {
        // `x0-[0-9]+`, `x1-[0-9]+`, …: each matches only its own URLs, cheaply.
        let routes = (0..<1_200).map { "/p/:v(x\($0)-[0-9]+)" }
        let table = try Self.table(routes)
        // A miss runs each tail twice, on `y1` and on `y1/` (the ignored trailing slash),
        // each within its allowance.
        let miss = try #require(table.budgetTrace("s://h/p/y1"))
        #expect(miss.spent == 0)
        #expect(miss.runs == 2_400)
        #expect(miss.notReached.isEmpty)
        let explained = table.explain("s://h/p/y1").map(\.outcome)
        #expect(explained.allSatisfy { $0 == .stopped(.regexFailed(at: .path(2))) })

        #expect(Self.winner(table, "s://h/p/x499-7") == "/p/:v(x499-[0-9]+)")
        #expect(Self.winner(table, "s://h/p/x1100-7") == "/p/:v(x1100-[0-9]+)")
        // Even with no budget at all: the budget pays only for work past the allowance.
        let none = try Self.table(routes, options: RouterOptions(regexBudget: 0))
        #expect(Self.winner(none, "s://h/p/x1199-7") == "/p/:v(x1199-[0-9]+)")
    }

    @Test("a long ordinary subject gets an allowance of its length")
    func longSubjects() throws {
        // 10× the longest ordinary URL path the corpora hold (about 800 bytes): a slug regex
        // with an alternation in its repeat, which PCRE2's interpreter and ICU count per byte.
        let slug = String(repeating: "ab-", count: 2_700)
        let routes = (0..<50).map { "/s\($0)/:slug((?:[a-z0-9]|-)+)" } + ["/s/:slug((?:[a-z0-9]|-)+)"]
        let table = try Self.table(routes, options: RouterOptions(regexBudget: 0))
        #expect(Self.winner(table, "s://h/s/" + slug) == "/s/:slug((?:[a-z0-9]|-)+)")
        let trace = try #require(table.budgetTrace("s://h/s/" + slug))
        #expect(trace.spent == 0)
        #expect(trace.notReached.isEmpty)
    }

    /// The five families of hostile tables: tables whose regex comes before the literal that
    /// tells their routes apart, so every route's tail runs at one trie node.
    static let families: [(route: @Sendable (Int) -> String, url: @Sendable (Int) -> String)] = [
        ({ "/p/:id([0-9]+)/v\($0)" }, { "s://h/p/42/v\($0)" }),
        ({ "/:lang([a-z]{2})/page\($0)" }, { "s://h/en/page\($0)" }),
        ({ "/p/:v(foo\($0))" }, { "s://h/p/foo\($0)" }),
        ({ "/u/:id([0-9]+)x\($0)" }, { "s://h/u/7x\($0)" }),
        ({ #"(www\.)?shop\#($0)\.ex\.com/:x"# }, { "https://www.shop\($0).ex.com/abc" }),
    ]

    /// 10,000 routes a family on PCRE2. On `NSRegularExpression` a debug build compiles and
    /// runs ICU regexes some fifty times slower, so the suite takes 2,000 (four times the 500
    /// where the old budget cut tables off); `waypoint match` over the 10,000-route tables on
    /// that engine finds the last route too.
    static let familySize = Regex.engine == .pcre2 ? 10_000 : 2_000

    @Test("10,000 ordinary tails under one node: every route is reachable", arguments: 0..<5)
    func family(_ index: Int) throws {
        let family = Self.families[index]
        let size = Self.familySize
        let routes = (0..<size).map(family.route)
        let table = try Self.table(routes)
        for route in [0, 500, size - 1] {
            #expect(Self.winner(table, family.url(route)) == routes[route])
        }
        #expect(Self.winner(table, family.url(size)) == nil)
        // The last route's URL runs every tail of the table (all but the last twice, with
        // the trailing slash the router ignores): none is charged, so none is cut off.
        let trace = try #require(table.budgetTrace(family.url(size - 1)))
        #expect(trace.spent == 0)
        #expect(trace.notReached.isEmpty)
        #expect(trace.runs >= size)
    }

    @Test("the regex-budget fixture: families of 2,000 routes and a table that sets the budget")
    func fixture() throws {
        let cases = Fixtures.routerCases("regex-budget.json")
        #expect(cases.count == 43)
        var routers: [String: Router] = [:]
        for example in cases {
            let router: Router
            if let known = routers[example.table] {
                router = known
            } else {
                router = try Self.router(example.routes.map(\.route), options: example.options)
                routers[example.table] = router
            }
            let actual = router.tableRecord(example.input)
            let mismatches = TableExpectation.mismatches(expected: example.expect, actual: actual)
            #expect(mismatches.isEmpty, "\(example.testDescription): \(mismatches)")
        }
    }

    /// The route that wins `url` in `table`, or nil.
    static func winner(_ table: RouteTable, _ url: String) -> String? {
        guard case .examined(let winner, _) = table.winner(url) else { return nil }
        return winner?.route
    }

    @Test("segment checks are paid from the budget too, and cheap ones cost it nothing")
    func segmentChecks() throws {
        // Host routes written as mixed segments are checked by their own regex.
        let routes = [":a.example.com/x", ":b.example.com/x", ":c.example.com/x"]
        let router = try Self.router(routes, options: RouterOptions(regexBudget: 0))
        #expect(router.match("s://foo.example.com/x")?.route == ":a.example.com/x")
        #expect(router.matches("s://foo.example.com/x").map(\.route) == routes)
        // A catastrophic check past an empty budget is not reached.
        let hostile = [":h((a+)+b).example.com/x", ":h.example.com/x"]
        let guarded = try Self.router(hostile, options: RouterOptions(regexBudget: 0))
        let host = String(repeating: "a", count: 28) + "c"
        #expect(guarded.match("s://\(host).example.com/x")?.route == ":h.example.com/x")
        #expect(
            guarded.explain("s://\(host).example.com/x").first?.outcome
                == .stopped(.regexBudgetSpent(at: .host)))
    }

    @Test("explain and match agree after a removal: notReached names orders, not priorities")
    func explainAfterRemoval() throws {
        // routes /x, /a/:v([0-9]+), /a/:w(...) and then /x removed: the budget trace's
        // orders are one past the priorities.
        let routes = ["/x", "/a/:v((a+)+b|x)", "/a/:w((a+)+c|y)", "/a/:z([a-z0-9]+)"]
        let router = try Self.router(routes, options: RouterOptions(regexBudget: 100_000))
        #expect(router.remove("/x"))
        let url = "s://h/a/" + String(repeating: "a", count: 28) + "bcd"
        let matched = router.match(url)?.route
        let explained = router.explain(url)
        #expect(explained.map(\.route) == Array(routes.dropFirst()))
        #expect(explained.first { if case .matched = $0.outcome { true } else { false } }?.route == matched)
        #expect(explained[0].outcome == .stopped(.limitHit(at: .path(2), limit: .match)))
        #expect(explained[1].outcome == .stopped(.regexBudgetSpent(at: .path(2))))
        #expect(matched == "/a/:z([a-z0-9]+)")
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
