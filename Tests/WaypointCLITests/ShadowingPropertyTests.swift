import Testing
import Waypoint

@testable import WaypointCLI

/// Lint's shadowing verdicts for pairs of random routes, checked against the router as in
/// ``ShadowingDifferentialTests``: seeded, so a failure reproduces.
@Suite("Shadowing on random routes")
struct ShadowingPropertyTests {
    /// The shared seeded generator.
    typealias Generator = SplitMix64

    static let middleSegments = ["a", "b", "A", "c", "7", "", ":p", "*"]
    static let lastSegments = [
        "a", "b", "c", "7", "", ":p", "*", ":q?", "**", ":n(\\d+)", "(.*)", ".+", ":s([a-z]+)", ":f.json",
        "[^/]+",
    ]
    static let hosts = ["h.com", "H.com", ":host", "*", "**", "a"]

    /// Whether lint decides shadowing for the route exactly: no segment needs a regex.
    static func isRegexFree(_ route: String) -> Bool {
        !route.contains { "(.[+".contains($0) } || route.hasSuffix("://**")
    }

    /// A random route: an optional scheme, a path or host route, up to three segments.
    static func route(_ generator: inout Generator, index: Int) -> String {
        let scheme = ["", "", "", "x://", "X://", "y://"].randomElement(using: &generator) ?? ""
        let count = Int.random(in: 0...3, using: &generator)
        var segments: [String] = []
        for position in 0..<count {
            let choices = position == count - 1 ? lastSegments : middleSegments
            // Parameter names must differ within a route.
            segments.append(
                (choices.randomElement(using: &generator) ?? "a").replacingParameters(suffix: position))
        }
        let isHost = Bool.random(using: &generator)
        if isHost {
            let host = hosts.randomElement(using: &generator) ?? "h.com"
            if host == "**" { return scheme + host }
            return scheme + ([host] + segments).joined(separator: "/")
        }
        return scheme + "/" + segments.joined(separator: "/")
    }

    @Test("random pairs", arguments: Shadowing.optionSets.map(\.name))
    func randomPairs(_ optionSet: String) throws {
        let options = try #require(Shadowing.optionSets.first { $0.name == optionSet }?.options)
        var generator = Generator(seed: 0x5EED_0001)
        var routes: [String] = []
        while routes.count < 40 {
            let route = Self.route(&generator, index: routes.count)
            if !routes.contains(route), Shadowing.language(route, options) != nil { routes.append(route) }
        }
        let matched = try SampleURLs.matched(by: routes, options: options)
        var routers: [String: Router] = [:]
        for route in routes {
            let router = Router(options: options)
            try router.register(RouteName(route)) { _ in }
            routers[route] = router
        }
        var shadowed = 0
        for earlier in routes {
            for later in routes where later != earlier {
                let first = try #require(Shadowing.language(earlier, options))
                let second = try #require(Shadowing.language(later, options))
                if RouteLanguage.shadows(first, second, strictTrailingSlash: options.strictTrailingSlash) {
                    shadowed += 1
                    let escaping = matched[later, default: []].subtracting(matched[earlier, default: []])
                    #expect(
                        escaping.isEmpty,
                        "\(earlier) shadows \(later), yet \(escaping.sorted().prefix(3)) reach it")
                } else if Self.isRegexFree(earlier), Self.isRegexFree(later) {
                    let url = try Witness.url(earlier: first, later: second, options: options)
                    #expect(
                        routers[later]?.match(url) != nil && routers[earlier]?.match(url) == nil,
                        "\(earlier) does not shadow \(later), but \(url) does not show it")
                }
            }
        }
        #expect(shadowed > 20)
    }
}

extension String {
    /// The route segment with its parameter names made unique by `suffix`.
    fileprivate func replacingParameters(suffix: Int) -> String {
        var result = ""
        var previous: Character?
        for character in self {
            result.append(character)
            if previous == ":" && character.isLetter { result += "\(suffix)" }
            previous = character
        }
        return result
    }
}
