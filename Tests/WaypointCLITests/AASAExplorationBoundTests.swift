import Testing
import Waypoint
import WaypointAssociation

@testable import WaypointCLI

/// The bound on `waypoint aasa check`'s exploration (Documentation/aasa.md §7.4) on files
/// that use substitution variables: a hostile one meets it, an ordinary one ten times over
/// is answered in full under it.
@Suite("aasa check: the exploration's work bound with substitution variables")
struct AASAExplorationBoundTests {
    static let appID = "ABCDE12345.com.example.app"

    /// One variable of `values` wildcard values `*0`, `*1`, … used `uses` times in one
    /// component: the shape of a 97 KB file (12,000 values, 11 uses) that did not return.
    static func hostileFile(values: Int, uses: Int) -> String {
        let list = (0..<values).map { #""*\#($0)""# }.joined(separator: ",")
        let path = "/" + String(repeating: "$(v)", count: uses)
        return
            #"{"applinks": {"substitutionVariables": {"v": [\#(list)]}, "details": [{"appID": "\#(appID)", "components": [{"/": "\#(path)"}]}]}}"#
    }

    static func checker(_ json: String, routes: [String]) throws -> AASAChecker {
        let matcher = try UniversalLinkMatcher(
            try #require(try AppSiteAssociation(json: json).universalLinks))
        return try AASAChecker(
            matcher: matcher, appID: appID, host: "example.com",
            routes: routes.enumerated().map { AASARoute(route: $1, index: $0, location: nil) },
            options: RouterOptions())
    }

    /// The exploration `checker` runs, with its default bounds, and its automata's states.
    static func exploration(_ checker: AASAChecker) -> (exploration: PathExploration, states: Int) {
        var automata = checker.rules.map {
            PathAutomaton(
                rule: $0.path.pattern, caseSensitive: $0.caseSensitive, percentEncoded: $0.percentEncoded,
                alphabet: checker.alphabet)
        }
        for route in checker.routes {
            if case .success(let model) = checker.classify(route), let automaton = model.automaton {
                automata.append(automaton)
            }
        }
        let states = automata.map(\.stateCount).reduce(0, +)
        return (PathExploration(automata, alphabet: checker.alphabet), states)
    }

    /// `variables` variables of `values` ordinary values each, `components` components
    /// "/$(vK)/sI", and as many routes "/:p/sI": each route is opened for its variable's
    /// values and no other first segment.
    static func ordinaryFile(variables: Int, values: Int, components: Int) -> (json: String, routes: [String])
    {
        let lists = (0..<variables).map { variable in
            #""v\#(variable)": [\#((0..<values).map { #""w\#(variable)x\#($0)""# }.joined(separator: ","))]"#
        }
        let rules = (0..<components).map { #"{"/": "/$(v\#($0 % variables))/s\#($0)"}"# }
        let json =
            #"{"applinks": {"substitutionVariables": {\#(lists.joined(separator: ","))}, "details": [{"appID": "\#(appID)", "components": [\#(rules.joined(separator: ","))]}]}}"#
        return (json, (0..<components).map { "/:p/s\($0)" })
    }

    @Test("a variable of wildcard values used eleven times meets the work bound: status 3, never a hang")
    func hostileVariables() throws {
        let checker = try Self.checker(
            Self.hostileFile(values: 300, uses: 11), routes: ["/:x", "/a/:y", "/b/**"])
        let (exploration, states) = Self.exploration(checker)
        #expect(exploration.workLimit == PathExploration.workLimit(forStates: states))
        #expect(!exploration.isComplete)
        // Closing and sorting the sets, the work that went uncounted, is charged: each state
        // a closure holds costs at least its push, its closing, its sorting and its hashing.
        // Uncharged, the closures held 8.3 million states within the 20 million units.
        #expect(4 * exploration.closedStates <= exploration.work)
        // The exploration stops within one successor's work of its bound.
        #expect(exploration.work <= exploration.workLimit + exploration.workLimit / 100)

        let report = checker.check()
        #expect(report.exitStatus == .incomplete)
        #expect(report.notes.contains { $0.hasPrefix("the exploration stopped at its bound") })
        #expect(report.uncheckedRoutes.map(\.route) == ["/a/:y", "/b/**"])
        #expect(report.summary.hasSuffix("2 routes not checked"))
    }

    @Test("ten times an ordinary file with variables is explored in full under the same bound")
    func ordinaryVariablesExplored() throws {
        // 10 variables of 50 values, 500 components and 500 routes.
        let (json, routes) = Self.ordinaryFile(variables: 10, values: 50, components: 500)
        let (exploration, states) = Self.exploration(try Self.checker(json, routes: routes))
        #expect(exploration.isComplete)
        #expect(exploration.cut.isEmpty)
        // Rule I and route I (automaton 500 + I) on its variable's values, route I alone on
        // any other first segment; nothing else.
        let expected = Set((0..<500).flatMap { [[$0, 500 + $0], [500 + $0]] })
        #expect(Set(exploration.combinations.map(\.accepting)) == expected)
        #expect(exploration.combinations.count == expected.count)
        // It takes about 250 units per automaton state: the bound, 1,000, leaves room.
        #expect(exploration.work <= PathExploration.workLimit(forStates: states) / 3)
    }

    @Test("an ordinary file with variables is checked in full: every route by construction")
    func ordinaryVariablesChecked() throws {
        // The matchers' cost per URL grows with the rules, so the check runs a tenth of them.
        let (json, routes) = Self.ordinaryFile(variables: 10, values: 50, components: 50)
        let report = try Self.checker(json, routes: routes).check()
        #expect(report.notes.isEmpty)
        #expect(report.uncheckedRoutes.isEmpty)
        #expect(report.examplesOnlyRoutes == 0)
        #expect(report.exitStatus == .checkFailed)
        #expect(report.findings.map { $0.route?.route } == routes)
        for finding in report.findings {
            #expect(
                finding.kind == .routePartlyOpened && finding.method == .construction, "\(finding.message)")
        }
    }
}
