import Foundation
import Testing

@testable import Waypoint

/// The trie search and the per-route walk behind `explain` are two implementations of the
/// same rules; on every router table case they must agree with each other and with the
/// table.
@Suite("Trie search agrees with the per-route walk")
struct MatcherConsistencyTests {
    struct TableCase: CustomTestStringConvertible, Sendable {
        let table: String
        let name: String
        let routes: [String]
        let options: RouterOptions
        let input: String
        let expectMatched: Bool?
        let expectRoute: String?
        let expectParameters: [String: String]?
        var testDescription: String { "\(table) — \(name)" }
    }

    static let cases: [TableCase] = {
        guard let tables = try? Fixtures.tables("deeplinkkit.json") else { return [] }
        var cases: [TableCase] = []
        for table in tables {
            let description = table["description"] as? String ?? "?"
            let optionsJSON = table["options"] as? [String: Any] ?? [:]
            let options = RouterOptions(
                caseInsensitivePaths: optionsJSON["caseInsensitivePaths"] as? Bool ?? false,
                strictTrailingSlash: optionsJSON["strictTrailingSlash"] as? Bool ?? false)
            let routes = (table["routes"] as? [Any] ?? []).compactMap { $0 as? String }
            for (index, item) in (table["cases"] as? [[String: Any]] ?? []).enumerated() {
                let expect = item["expect"] as? [String: Any] ?? [:]
                cases.append(
                    TableCase(
                        table: description, name: item["name"] as? String ?? "case \(index)", routes: routes,
                        options: options, input: item["input"] as? String ?? "",
                        expectMatched: expect["matched"] as? Bool, expectRoute: expect["route"] as? String,
                        expectParameters: expect["routeParameters"] as? [String: String]))
            }
        }
        return cases
    }()

    @Test("the router table loads")
    func loads() {
        #expect(Self.cases.count == 98)
    }

    @Test("trie, walk and table agree", arguments: cases)
    func agree(_ example: TableCase) throws {
        let compiled = try example.routes.map { try CompiledRoute($0, options: example.options) }
        let table = RouteTable(
            routes: compiled, options: example.options,
            limits: RegexLimits(
                matchLimit: example.options.matchLimit, depthLimit: example.options.depthLimit))
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
        if let matched = example.expectMatched { #expect(!best.isEmpty == matched, "\(explained)") }
        if let route = example.expectRoute { #expect(best.first?.route == route) }
        if let parameters = example.expectParameters { #expect(best.first?.routeParameters == parameters) }
    }
}
