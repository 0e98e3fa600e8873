import Foundation
import Testing
import Waypoint
import WaypointAssociation

@testable import WaypointCLI

/// `waypoint aasa generate` on random route tables (Documentation/aasa.md §8), seeded so a
/// failure replays: every URL a route matches on the host is opened by the generated file,
/// every URL the file opens through a component without a finding is matched by some route,
/// and `check` of the file against the routes reports nothing but those findings.
@Suite("waypoint aasa generate on random tables")
struct AASAGeneratePropertyTests {
    static let app = "ABCDE12345.com.example.app"
    static let host = "example.com"

    static let middleSegments = [
        "a", "b", "products", "A", "1", "", ":p", "*", ":n(\\d+)", "x.y", "%C3%A9", "é",
    ]
    static let lastSegments = [
        "a", "b", "products", "7", "", ":p", "*", ":q?", "**", ":n(\\d+)", ":s([a-z]+)", ":f.json", "(.*)",
        ".+",
        "é", "a b",
    ]
    static let hosts = ["example.com", "Example.com", "other.com", ":host", "*", ":sub.example.com"]
    static let samples = [
        "a", "b", "products", "A", "1", "42", "", "x.y", "é", "a b", "q", "f.json", "abc", "7",
    ]

    /// A random route: a path route, or now and then a host route or one with a scheme.
    static func route(_ generator: inout SplitMix64, index: Int) -> String {
        let scheme = ["", "", "", "", "https://", "myapp://"].randomElement(using: &generator) ?? ""
        let count = Int.random(in: 0...3, using: &generator)
        var segments: [String] = []
        for position in 0..<count {
            let choices = position == count - 1 ? lastSegments : middleSegments
            var segment = choices.randomElement(using: &generator) ?? "a"
            if segment.hasPrefix(":") {
                segment =
                    ":" + String(segment.dropFirst().prefix { $0.isLetter }) + "\(index)\(position)"
                    + String(segment.dropFirst().drop { $0.isLetter })
            }
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
        var testDescription: String {
            "seed \(value)\(options.caseInsensitivePaths ? ", case-insensitive" : "")\(options.strictTrailingSlash ? ", strict" : "")"
        }
    }

    static let seeds: [Seed] = (0..<4).flatMap { set in
        let options = RouterOptions(caseInsensitivePaths: set & 1 == 1, strictTrailingSlash: set & 2 == 2)
        return (0..<25).map { Seed(value: 0xAA5A_0000 + UInt64(set * 100 + $0), options: options) }
    }

    @Test("generated files open every routed URL and nothing unrouted without a finding", arguments: seeds)
    func property(_ seed: Seed) throws {
        var generator = SplitMix64(seed: seed.value)
        var routes: [AASARoute] = []
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
            let text = Self.route(&generator, index: routes.count)
            guard (try? CompiledRoute(text, options: seed.options)) != nil,
                !routes.contains(where: { $0.route == text })
            else { continue }
            routes.append(AASARoute(route: text, index: routes.count, location: nil))
        }
        let generated = try AASAGenerator(
            appID: Self.app, host: Self.host, routes: routes, options: seed.options
        ).generate()
        // check of the generated file reports only the generator's findings: URLs that a
        // component lets through.
        #expect(
            generated.report.findings.allSatisfy { $0.kind == .unroutedURL },
            "\(generated.report.findings.map(\.message)) (seed \(seed.value), \(routes.map(\.route)))")
        let matcher = try UniversalLinkMatcher(generated.universalLinks)
        let recheck = try AASAChecker(
            matcher: matcher, appID: Self.app, host: Self.host, routes: routes, options: seed.options
        )
        .check()
        #expect(recheck.findings == generated.report.findings)
        let widened = Set(generated.report.findings.compactMap { $0.rule })

        let router = Router(options: seed.options)
        try router.register(routes.map { ($0.route, RouteHandler.closure { _ in }) })
        var urls = Self.paths(&generator, count: 150).map {
            CanonicalURL.url(host: Self.host, path: CanonicalURL.path($0))
        }
        // URLs each route matches, from its own pattern.
        for route in routes {
            let single = Router(options: seed.options)
            try single.register(route.route) { _ in }
            guard let pattern = try? CompiledRoute(route.route, options: seed.options).pattern else {
                continue
            }
            var names = pattern.parameters.map(\.name)
            if pattern.segments.contains(where: { $0.form == .wildcard }) { names.append("*") }
            for value in ["1", "abc", "a", "x.y", "é", "a/b", "Q"] {
                let parameters = RouteParameters(Dictionary(names.map { ($0, value) }) { first, _ in first })
                let host = pattern.kind == .path ? Self.host : nil
                if let url = try? single.url(
                    for: route.route, parameters: parameters, scheme: "https", host: host)
                {
                    urls.append(url.absoluteString)
                }
            }
        }
        var opened = 0
        // The file speaks for the host: URLs of other hosts (host routes' own) are not its.
        urls = urls.filter { URL(string: $0)?.host?.lowercased() == Self.host }
        for url in urls {
            let decision = matcher.decision(for: url, appID: Self.app)
            let routed = !router.matches(url).isEmpty
            if routed {
                #expect(
                    decision.opensApp,
                    "\(url) is routed but the generated file does not open it (seed \(seed.value), \(routes.map(\.route)))"
                )
            }
            if decision.opensApp {
                opened += 1
                if let rule = decision.rule, !widened.contains(rule) {
                    #expect(
                        routed,
                        "\(url) is opened by \(rule), which has no finding, but no route matches it (seed \(seed.value), \(routes.map(\.route)))"
                    )
                }
            }
        }
        #expect(urls.count > 100)
    }
}
