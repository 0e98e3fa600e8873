import Foundation
import Testing
import Waypoint
import WaypointAssociation
import WaypointReverseRouting

@testable import WaypointCLI

/// `waypoint aasa generate` and `check` on random route tables (Documentation/aasa.md §7,
/// §8), seeded so a failure replays, on the engine the suite is built with: every URL a route
/// matches on the host (https and http, canonically written) is opened by the generated file,
/// as the library's matcher decides it; every URL the file opens that no route matches is
/// opened by a component `check` reports for it (`unroutedURL`); and `check` of the file
/// against the routes reports nothing but the generator's findings.
@Suite("waypoint aasa generate and check on random tables")
struct AASAGeneratePropertyTests {
    static let app = "ABCDE12345.com.example.app"
    static let host = "example.com"

    static let middleSegments = [
        "a", "b", "products", "A", "1", "", ":p", "*", ":n(\\d+)", "x.y", "%C3%A9", "é", ":s([a-z]+)",
        "[a-z]+",
    ]
    static let lastSegments = [
        "a", "b", "products", "7", "", ":p", "*", ":q?", "**", ":n(\\d+)", ":s([a-z]+)", ":f.json", "(.*)",
        ".+", "é", "a b", ":n([0-9]+)", "[a-z]+", ":c([a-zA-Z]+)/:rest(.*)", ":x([^/]+)", "(a|bb)",
    ]
    /// Routes that take whole URLs: catch-alls and raw regexes over host and path.
    static let wholeRoutes = [
        ".*", "https://.*", "http://.*", "**", "https://**", ".*/help", "example\\.com/.*",
    ]
    static let hosts = ["example.com", "Example.com", "other.com", ":host", "*", ":sub.example.com"]
    static let samples = [
        "a", "b", "products", "A", "1", "42", "", "x.y", "é", "a b", "q", "f.json", "abc", "7", "help", "bb",
        "Z9",
    ]

    /// A random route: a path route, now and then a host route, one with a scheme, or one
    /// that takes whole URLs.
    static func route(_ generator: inout SplitMix64, index: Int) -> String {
        if Int.random(in: 0..<12, using: &generator) == 0 {
            return wholeRoutes.randomElement(using: &generator) ?? ".*"
        }
        let scheme =
            ["", "", "", "", "https://", "http://", "myapp://"].randomElement(using: &generator) ?? ""
        let count = Int.random(in: 0...3, using: &generator)
        var segments: [String] = []
        for position in 0..<count {
            let choices = position == count - 1 ? lastSegments : middleSegments
            var segment = choices.randomElement(using: &generator) ?? "a"
            // Parameter names are unique in a route.
            segment = segment.replacingOccurrences(of: ":", with: ":v\(index)\(position)")
            segments.append(segment)
        }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            let host = hosts.randomElement(using: &generator) ?? "example.com"
            return scheme + ([host] + segments).joined(separator: "/")
        }
        return scheme + "/" + segments.joined(separator: "/")
    }

    /// Paths of up to four segments from ``samples``, with and without a trailing slash.
    static func paths(_ generator: inout SplitMix64, count: Int) -> [String] {
        (0..<count).map { _ in
            let segments = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                samples.randomElement(using: &generator) ?? "a"
            }
            let path = "/" + segments.joined(separator: "/")
            return Bool.random(using: &generator) ? path : path + "/"
        }
    }

    struct Seed: CustomTestStringConvertible, Sendable {
        let value: UInt64
        let options: RouterOptions
        let tables: Int
        var testDescription: String {
            "seeds \(value)…\(value + UInt64(tables) - 1)\(options.caseInsensitivePaths ? ", case-insensitive" : "")\(options.strictTrailingSlash ? ", strict" : "")"
        }
    }

    /// 1,200 tables: 300 for each combination of the router's two path options, in batches.
    static let batches: [Seed] = (0..<4).flatMap { set in
        let options = RouterOptions(caseInsensitivePaths: set & 1 == 1, strictTrailingSlash: set & 2 == 2)
        return (0..<6).map { batch in
            Seed(value: 0xAA5A_0000 + UInt64(set * 1_000 + batch * 50), options: options, tables: 50)
        }
    }

    @Test(
        "generated files open every routed URL, and check reports every unrouted URL they open",
        arguments: batches)
    func property(_ batch: Seed) throws {
        for offset in 0..<UInt64(batch.tables) {
            try table(seed: batch.value + offset, options: batch.options)
        }
    }

    /// One random table and its generated file.
    func table(seed: UInt64, options: RouterOptions) throws {
        var generator = SplitMix64(seed: seed)
        var routes: [AASARoute] = []
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let text = Self.route(&generator, index: routes.count)
            guard (try? CompiledRoute(text, options: options)) != nil,
                !routes.contains(where: { $0.route == text })
            else { continue }
            routes.append(AASARoute(route: text, index: routes.count, location: nil))
        }
        let context = "(seed \(seed), \(routes.map(\.route)))"
        let generated = try AASAGenerator(appID: Self.app, host: Self.host, routes: routes, options: options)
            .generate()
        // check of the generated file reports only the generator's findings: URLs that a
        // component lets through.
        #expect(
            generated.report.findings.allSatisfy { $0.kind == .unroutedURL },
            "\(generated.report.findings.map(\.message)) \(context)")
        #expect(generated.report.uncheckedRoutes.isEmpty, "\(context)")
        let matcher = try UniversalLinkMatcher(generated.universalLinks)
        let recheck = try AASAChecker(
            matcher: matcher, appID: Self.app, host: Self.host, routes: routes, options: options
        )
        .check()
        #expect(recheck.findings == generated.report.findings, "\(context)")
        let reported = Set(generated.report.findings.compactMap { $0.rule })

        let router = Router(options: options)
        try router.register(routes.map { (RouteName($0.route), RouteHandler.closure { _ in }) })
        var urls = Self.paths(&generator, count: 40).map {
            CanonicalURL.url(host: Self.host, path: CanonicalURL.path($0))
        }
        // URLs each route matches, from its own pattern, with and without a trailing slash.
        for route in routes {
            let single = Router(options: options)
            try single.register(RouteName(route.route)) { _ in }
            guard let pattern = try? CompiledRoute(route.route, options: options).pattern else { continue }
            var names = pattern.parameters.map(\.name)
            if pattern.segments.contains(where: { $0.form == .wildcard || $0.form == .glob }) {
                names += ["*", "**"]
            }
            for value in ["1", "abc", "a", "x.y", "é", "a/b", "Q", "bb"] {
                let parameters = RouteParameters(Dictionary(names.map { ($0, value) }) { first, _ in first })
                let host = pattern.kind == .path ? Self.host : nil
                if let url = try? single.url(
                    for: RouteName(route.route), parameters: parameters, scheme: "https", host: host)
                {
                    urls.append(url.absoluteString)
                    urls.append(url.absoluteString + "/")
                }
            }
        }
        // The file speaks for the host, in both schemes of universal links; URLs are written
        // canonically, the host in lower case.
        urls = urls.compactMap { url in
            guard var components = URLComponents(string: url), components.host?.lowercased() == Self.host
            else {
                return nil
            }
            components.host = Self.host
            // A canonical URL never encodes a `/` in a segment (aasa.md C26).
            return components.percentEncodedPath.uppercased().contains("%2F") ? nil : components.string
        }
        urls += urls.map { "http:" + $0.dropFirst("https:".count) }
        var routedCount = 0
        for url in urls {
            let decision = matcher.decision(for: url, appID: Self.app)
            let routed = !router.matches(url).isEmpty
            if routed {
                routedCount += 1
                #expect(
                    decision.opensApp, "\(url) is routed but the generated file does not open it \(context)")
            } else if decision.opensApp, let rule = decision.rule {
                #expect(
                    reported.contains(rule),
                    "\(url) is opened by \(rule), which check does not report, but no route matches it \(context)"
                )
            }
        }
        #expect(urls.count > 60, "\(context)")
    }
}
