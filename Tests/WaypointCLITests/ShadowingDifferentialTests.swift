import Testing
import Waypoint

@testable import WaypointCLI

/// Lint's shadowing verdicts for every ordered pair of a pool of routes, checked against the
/// router: a "shadowed" verdict must hold on every sample URL (no false positive), and for
/// routes without regex a "not shadowed" verdict must come with a URL that really reaches
/// the later route (the rule is exact there).
@Suite("Shadowing against the router")
struct ShadowingDifferentialTests {
    static let exactRoutes = [
        "/", "/a", "/a/", "/a//", "/A", "/a/b", "/a/:x", "/a/*", "/a/:x?", "/a/**", "/:x", "/:x/:y", "/**",
        "//a",
        "/a/b/c", "/a/:x/c", "h.com", "H.com/a", "h.com/a/:x", ":h/a", "*", "**", ":h/**", "x://h.com/a",
        "x:///a/:x", "X://**", "/a/%20", "/ä", "h.com/", "/a/:x/**", "/:x/b/**", "/a/:x?/",
        "shop.example/:x?",
    ]
    static let regexRoutes = [
        "/a/(.*)", "/a/.+", "/a/:n(\\d+)", "/a/:n(\\d*)", "/:x/:n(\\d+)", ".*", "x://.*", "/a/:x(.*)",
        "/a/:x([a-z]+)/:y([a-z]+)", "[a-z]+\\.com/a", "/a/:n([^/]+)", "(.*)", "/a/b.*", "/a/:n(\\d+)/c",
    ]

    @Test("every pair", arguments: Shadowing.optionSets.map(\.name))
    func everyPair(_ optionSet: String) throws {
        let options = try #require(Shadowing.optionSets.first { $0.name == optionSet }?.options)
        // `/a/:x?/` does not compile when the trailing slash is significant.
        let routes = (Self.exactRoutes + Self.regexRoutes).filter { Shadowing.language($0, options) != nil }
        var routers: [String: Router] = [:]
        var languages: [String: RouteLanguage] = [:]
        for route in routes {
            let router = Router(options: options)
            try router.register(RouteName(route)) { _ in }
            routers[route] = router
            let language = try #require(Shadowing.language(route, options))
            languages[route] = language
        }
        let matched = try SampleURLs.matched(by: routes, options: options)
        var verdicts = (shadowed: 0, notShadowed: 0)
        for earlier in routes {
            for later in routes where later != earlier {
                let first = try #require(languages[earlier])
                let second = try #require(languages[later])
                if RouteLanguage.shadows(first, second, strictTrailingSlash: options.strictTrailingSlash) {
                    verdicts.shadowed += 1
                    let escaping = matched[later, default: []].subtracting(matched[earlier, default: []])
                    #expect(
                        escaping.isEmpty,
                        "\(earlier) shadows \(later), yet \(escaping.sorted().prefix(3)) reach it")
                } else {
                    verdicts.notShadowed += 1
                    guard Self.exactRoutes.contains(earlier), Self.exactRoutes.contains(later) else {
                        continue
                    }
                    // The later route wins the witness when it matches it and the earlier one does not.
                    let url = try Witness.url(earlier: first, later: second, options: options)
                    #expect(
                        routers[later]?.match(url) != nil && routers[earlier]?.match(url) == nil,
                        "\(earlier) does not shadow \(later), but \(url) does not show it")
                }
            }
        }
        // The pool exercises both verdicts plenty.
        #expect(verdicts.shadowed > 100 && verdicts.notShadowed > 1000)
    }
}
