import Foundation
import Testing
import Waypoint
import WaypointAssociation

@testable import WaypointCLI

/// `waypoint android generate` on random route tables (Documentation/android-app-links.md
/// §3), seeded so a failure replays: under the Android matcher, every URL a route matches
/// on the host opens the app, and every URL the intent filter opens that no route matches
/// goes through a path attribute with a widenedPath finding.
@Suite("waypoint android generate on random tables")
struct AndroidGeneratePropertyTests {
    static let host = "example.com"

    /// Segments, by weight: literals, parameters, regex classes, mixed segments.
    static let segments = [
        "shop", "a", "b", "A", "7", "x.y", "caf\u{E9}", "a b", "", ":p", ":p", "*", ":n([0-9]+)",
        ":s([a-z]+)",
        ":f.json", "v:id", ":a-:b", "[a-z]+",
    ]
    /// Last segments besides those: what only ends a route.
    static let lastSegments = [":q?", "**", "(.*)", ":rest(.*)", ".+", ":w(.*)"]
    /// Whole routes: catch-alls and host routes.
    static let wholeRoutes = [
        ".*", "https://.*", "**", "https://**", ".*/help", "example.com/x/:p", ":host/h/:p", "*/star",
        "other.com/o", "Example.com/E", ":sub.example.com/s",
    ]
    /// Path characters the random paths are made of.
    static let pieces = [
        "shop", "a", "b", "A", "7", "42", "x.y", "caf\u{E9}", "a b", "", "f.json", "vx", "help", "s",
    ]

    static func route(_ generator: inout SplitMix64, index: Int) -> String {
        if Int.random(in: 0..<6, using: &generator) == 0 {
            return wholeRoutes.randomElement(using: &generator) ?? ".*"
        }
        let scheme = ["", "", "", "https://", "http://", "myapp://"].randomElement(using: &generator) ?? ""
        let count = Int.random(in: 0...3, using: &generator)
        var parts: [String] = []
        for position in 0..<count {
            var segment =
                (position == count - 1 && Bool.random(using: &generator)
                    ? lastSegments.randomElement(using: &generator)
                    : segments.randomElement(using: &generator)) ?? "a"
            // Parameter names are unique in a route.
            segment = segment.replacingOccurrences(of: ":p", with: ":p\(position)")
                .replacingOccurrences(of: ":a-:b", with: ":a\(position)x-:b\(position)")
            parts.append(segment)
        }
        return scheme + "/" + parts.joined(separator: "/")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let seed: UInt64
        let options: RouterOptions
        let minimumSDK: Int
        var testDescription: String {
            var text = "seed \(seed), min SDK \(minimumSDK)"
            if options.caseInsensitivePaths { text += ", case-insensitive" }
            if options.strictTrailingSlash { text += ", strict" }
            return text
        }
    }

    /// Eight cases of 125 tables each: 1,000 tables.
    static let cases: [Case] = (0..<8).map { (set: Int) -> Case in
        let options = RouterOptions(caseInsensitivePaths: set & 1 == 1, strictTrailingSlash: set & 2 == 2)
        return Case(seed: 0xA11D_0000 + UInt64(set), options: options, minimumSDK: set & 4 == 4 ? 31 : 23)
    }
    static let tablesPerCase = 125

    @Test("routed URLs open the app; unrouted ones open only through widened attributes", arguments: cases)
    func property(_ testCase: Case) throws {
        var generator = SplitMix64(seed: testCase.seed)
        var checkedURLs = 0
        var exactTables = 0
        for _ in 0..<Self.tablesPerCase {
            var routes: [AASARoute] = []
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let text = Self.route(&generator, index: routes.count)
                guard (try? CompiledRoute(text, options: testCase.options)) != nil,
                    !routes.contains(where: { $0.route == text })
                else { continue }
                routes.append(AASARoute(route: text, index: routes.count, location: nil))
            }
            let generated = try AndroidGenerator(
                host: Self.host, routes: routes, options: testCase.options, minimumSDK: testCase.minimumSDK
            ).generate()
            let context = "(seed \(testCase.seed), \(routes.map(\.route)))"
            #expect(
                generated.report.findings.allSatisfy { $0.kind == .widenedPath },
                "\(generated.report.findings.map(\.message)) \(context)")
            let manifest = AndroidGenerator.readBack(generated.xml, minimumSDK: testCase.minimumSDK)
            let matcher = AndroidAppLinkMatcher(manifest.intentFilters)
            let widened = Set(generated.entries.indices.filter { !generated.entries[$0].widened.isEmpty })
            if widened.isEmpty { exactTables += 1 }
            let router = Router(options: testCase.options)
            try router.register(routes.map { (RouteName($0.route), RouteHandler.closure { _ in }) })
            var paths: [String] = []
            for _ in 0..<60 {
                let segments = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    Self.pieces.randomElement(using: &generator) ?? "a"
                }
                let path = "/" + segments.joined(separator: "/")
                paths.append(Bool.random(using: &generator) ? path : path + "/")
            }
            for route in routes {
                guard let pattern = try? CompiledRoute(route.route, options: testCase.options).pattern else {
                    continue
                }
                paths += AndroidExamples.routePaths(pattern, router: router).flatMap(
                    AndroidExamples.neighbours)
            }
            for path in paths {
                let url = CanonicalURL.url(host: Self.host, path: CanonicalURL.path(path))
                let routed = !router.matches(url).isEmpty
                let decision = matcher.decision(for: url)
                checkedURLs += 1
                if routed {
                    #expect(
                        decision.opensApp,
                        "\(url) is routed but the generated filter does not open it \(context)")
                } else if decision.opensApp {
                    #expect(
                        decision.path.map(widened.contains) == true,
                        "\(url) is opened by \(decision.path.map { generated.entries[$0].text } ?? "the filter") without a finding, but no route matches it \(context)"
                    )
                }
            }
        }
        #expect(checkedURLs > Self.tablesPerCase * 100)
        // Some tables are exact, so the exactness claim is exercised too.
        #expect(exactTables > 0)
    }
}
