import Foundation
import Testing

@testable import Waypoint
@testable import WaypointExplain

/// Documentation/spec/routing.md §4 limits: every PCRE2 match runs under a match limit and a depth limit, so
/// a catastrophic pattern is a non-match for its route, reported by `explain`.
@Suite("Regex limits")
struct LimitTests {
    @Test("(a+)+b against a 4 KiB run of a is a non-match, and explain says why")
    func catastrophicRun() throws {
        let router = Router()
        try router.register("/x/:v((a+)+b)") { _ in }
        let run = String(repeating: "a", count: 4096)
        #expect(router.match("s://h/x/\(run)") == nil)
        let explanation = try #require(router.explain("s://h/x/\(run)").first)
        // Engine-specific: PCRE2 sees that no "b" is present and fails without backtracking;
        // ICU has no such check and backtracks until the match limit stops it. Both are a
        // non-match.
        let expected: RouteStop =
            RegexEngineKind.selected == .pcre2
            ? .regexFailed(at: .path(2)) : .limitHit(at: .path(2), limit: .match)
        #expect(explanation.outcome == .stopped(expected))
    }

    @Test("when a b is present the backtracking hits the match limit")
    func catastrophicLimit() throws {
        let router = Router()
        try router.register("/x/:v((a+)+b)") { _ in }
        try router.register("/x/:v") { _ in }
        let subject = String(repeating: "a", count: 4096) + "bc"
        #expect(
            router.match("s://h/x/\(subject)")?.route == "/x/:v",
            "the limit is a non-match: the next route wins")
        let explanation = try #require(router.explain("s://h/x/\(subject)").first)
        #expect(explanation.outcome == .stopped(.limitHit(at: .path(2), limit: .match)))
        #expect(
            explanation.description
                == "/x/:v((a+)+b): stopped: regex from path segment 2 hit the regex match limit")
    }

    @Test(
        "(a|aa)*c and deep nesting finish and report a reason",
        arguments: ["(a|aa)*c", "((((((((((a*)*)*)*)*)*)*)*)*)*)*c"])
    func otherHostilePatterns(_ pattern: String) throws {
        let router = Router()
        try router.register("/x/:v(\(pattern))") { _ in }
        let subject = String(repeating: "a", count: 2000) + "cd"
        #expect(router.match("s://h/x/\(subject)") == nil)
        let outcome = try #require(router.explain("s://h/x/\(subject)").first).outcome
        switch outcome {
        case .stopped(.limitHit), .stopped(.regexFailed): break
        default: Issue.record("unexpected \(outcome)")
        }
    }

    @Test("a lower match limit applies")
    func configurableLimit() throws {
        let router = Router(options: RouterOptions(matchLimit: 50))
        // Nested quantifiers: 2^12 ways to split twelve letters before failing at "!".
        try router.register("/x/:v(([a-z]+)+[0-9])") { _ in }
        let subject = "abcdefghijkl!"
        #expect(
            router.explain("s://h/x/\(subject)").first?.outcome
                == .stopped(.limitHit(at: .path(2), limit: .match)))
        #expect(router.match("s://h/x/abc1")?.routeParameters == ["v": "abc1"])
        // Far above what the twelve letters need on either engine (ICU saves more states
        // per split than PCRE2 counts steps, so the default would stop ICU too). The
        // lookup's regex budget must cover the larger limit, for the run with the trailing
        // slash too.
        let relaxed = Router(options: RouterOptions(matchLimit: 10_000_000, regexBudget: 30_000_000))
        try relaxed.register("/x/:v(([a-z]+)+[0-9])") { _ in }
        #expect(relaxed.explain("s://h/x/\(subject)").first?.outcome == .stopped(.regexFailed(at: .path(2))))
    }
}
