import Foundation
import Testing

@testable import Waypoint

/// The trie search and the per-route walk behind `explain` are two implementations of the
/// same rules; on every router table case they must agree with each other and with the
/// table.
@Suite("Trie search agrees with the per-route walk")
struct MatcherConsistencyTests {
    static let cases = Fixtures.routerCases("deeplinkkit.json")
    /// Our own cases: the repros of issue 15 (host forms, encoded slashes, case folding).
    static let checks = Fixtures.routerCases("routing-checks.json")

    @Test("the router table loads")
    func loads() {
        #expect(Self.cases.count == 98)
        #expect(Self.checks.count == 23)
    }

    @Test("trie, walk and table agree", arguments: cases + checks)
    func agree(_ example: Fixtures.RouterCase) throws {
        let compiled = try example.routes.filter { $0.expectError == nil }.map {
            try CompiledRoute($0.route, options: example.options)
        }
        let table = RouteTable(
            routes: compiled, options: example.options,
            limits: RegexLimits(options: example.options))
        guard case .examined(let best, _) = table.best(example.input),
            case .examined(let all, _) = table.all(example.input)
        else {
            Issue.record("URL refused")
            return
        }
        let explained = table.explain(example.input)
        let walked = explained.compactMap { explanation -> RouteMatch? in
            guard case .matched(let parameters) = explanation.outcome else { return nil }
            return RouteMatch(
                route: explanation.route, routeParameters: parameters, priority: explanation.priority)
        }
        #expect(all == walked, "\(explained)")
        #expect(best.first == all.first)
        if let matched = example.expect["matched"]?.boolValue {
            #expect(!best.isEmpty == matched, "\(explained)")
        }
        if let route = example.expect["route"]?.stringValue { #expect(best.first?.route == route) }
        if let parameters = example.expect["routeParameters"]?.objectValue {
            #expect(best.first?.routeParameters.dictionary == parameters.compactMapValues(\.stringValue))
        }
    }
}
