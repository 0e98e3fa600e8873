import Testing
import Waypoint

@testable import WaypointCLI

/// `waypoint lint` on tables of regex routes under one prefix — a table that can
/// spend the per-lookup regex budget is a finding naming its routes, and tables of ordinary
/// regex tails cost lint a few comparisons a route, not one per earlier route.
@Suite("Lint: regex budget and shared-prefix regex routes")
struct LintBudgetTests {
    /// The findings of kind `kind` for `routes` linted with `options`.
    static func findings(
        _ routes: [String], _ kind: LintFinding.Kind, options: RouterOptions = RouterOptions()
    ) -> [LintFinding] {
        let file = RoutesFile(path: "r.txt", text: routes.joined(separator: "\n"))
        return RouteLinter(options: options).lint(file).filter { $0.kind == kind }
    }

    @Test("more distinct catastrophic regexes than the budget pays full limits for: each is named")
    func budgetFinding() {
        let eleven = (0..<11).map { "/p/:v((a+)+b\($0))" } + ["/p/:v"]
        let findings = Self.findings(eleven, .regexBudget)
        #expect(findings.map(\.line) == Array(1...11))
        #expect(findings.first?.route == "/p/:v((a+)+b0)")
        #expect(findings.first?.message.contains("the table has 11 such regexes") == true)
        // Ten fit in the default budget (ten full match limits); a larger budget fits eleven.
        #expect(Self.findings(Array(eleven.dropFirst()), .regexBudget).isEmpty)
        #expect(Self.findings(eleven, .regexBudget, options: RouterOptions(regexBudget: 1_100_000)).isEmpty)
    }

    @Test(
        "nested repetition is what counts",
        arguments: [
            ("(a+)+b", true), ("(?:[a-z]+-?){2,}", true), (#"(\w*)*"#, true), ("([a-z]+)*x", true),
            ("[0-9]+", false), ("(foo|bar)+", false), ("[a-z]{2}", false), (#"(www\.)?shop\.com"#, false),
            ("(a+){1}", false), (#"\(a+\)+"#, false), ("[(a+)]+", false),
        ])
    func nested(_ regex: String, _ expected: Bool) {
        #expect(NestedRepetition.occurs(in: regex) == expected)
    }

    @Test("ordinary regex families give no budget finding, at any size")
    func ordinaryFamilies() {
        let routes = (0..<600).map { "/:lang([a-z]{2})/page\($0)" } + (0..<600).map { "/p/:v(foo\($0))" }
        #expect(Self.findings(routes, .regexBudget).isEmpty)
        #expect(Self.findings(routes, .shadowed).isEmpty)
    }

    @Test("routes with an opaque tail are compared only with earlier routes of the same tail")
    func sharedPrefixCandidates() throws {
        let options = RouterOptions()
        var index = ShadowIndex()
        var candidates = 0
        for route in (0..<2_000).map({ "/p/:id([0-9]+)/v\($0)" }) {
            guard let pattern = try? RoutePattern(route, strictTrailingSlash: false) else {
                Issue.record("\(route) does not parse")
                return
            }
            let key = ShadowIndex.Key(pattern, options: options)
            candidates += index.candidates(for: key).count
            index.insert(key, route: 0)
        }
        // Before the index kept opaque tails by signature: 2,000 × 1,999 / 2 comparisons.
        #expect(candidates == 0)
        // A route that can shadow them all still finds them, and they still find it.
        let glob = ShadowIndex.Key(try RoutePattern("/p/**", strictTrailingSlash: false), options: options)
        index.insert(glob, route: 1)
        let later = ShadowIndex.Key(
            try RoutePattern("/p/:id([0-9]+)/v7", strictTrailingSlash: false), options: options)
        #expect(index.candidates(for: later).contains(1))
        #expect(index.candidates(for: later).filter { $0 == 0 }.count == 1)
    }
}
