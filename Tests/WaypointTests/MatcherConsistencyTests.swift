import Foundation
import Testing

@testable import Waypoint
@testable import WaypointExplain

/// The trie search and the per-route walk behind `explain` are two implementations of the
/// same rules; on every router table case they must agree with each other and with the
/// table.
@Suite("Trie search agrees with the per-route walk")
struct MatcherConsistencyTests {
    static let cases = Fixtures.routerCases("deeplinkkit.json")
    /// Our own cases: the reported repros (host forms, encoded slashes, case folding).
    static let checks = Fixtures.routerCases("routing-checks.json")

    @Test("the router table loads")
    func loads() {
        #expect(Self.cases.count == 98)
        #expect(Self.checks.count == 23)
    }

    @Test("trie, walk and table agree", arguments: cases + checks)
    func agree(_ example: Fixtures.RouterCase) throws {
        let router = Router(options: example.options)
        for route in example.routes where route.expectError == nil {
            try router.register(RouteName(route.route)) { _ in }
        }
        let best = router.match(example.input)
        let all = router.matches(example.input)
        let explained = router.explain(example.input)
        let walked = explained.compactMap { explanation -> RouteMatch? in
            guard case .matched(let parameters) = explanation.outcome else { return nil }
            return RouteMatch(
                route: explanation.route, routeParameters: parameters, priority: explanation.priority)
        }
        #expect(all == walked, "\(explained)")
        #expect(best == all.first)
        if let matched = example.expect["matched"]?.boolValue {
            #expect((best != nil) == matched, "\(explained)")
        }
        if let route = example.expect["route"]?.stringValue { #expect(best?.route == route) }
        if let parameters = example.expect["routeParameters"]?.objectValue {
            #expect(best?.routeParameters.dictionary == parameters.compactMapValues(\.stringValue))
        }
    }
}
