import Foundation
import Testing
import Waypoint
import WaypointAssociation

@testable import WaypointCLI

/// The generated file opens every URL the routes match, and says where it opens more
/// (Documentation/aasa.md §8); `check` finds what a hand-written file leaves out (§7). Each
/// case is one that an earlier generator or checker got wrong.
@Suite("waypoint aasa: routed URLs open the app, unrouted ones are reported")
struct AASAExactnessTests {
    static let app = "ABCDE12345.com.example.app"
    static let host = "example.com"

    /// What `generate` writes for `routes`, and the matcher of its file.
    static func generate(
        _ routes: [String], options: RouterOptions = RouterOptions()
    ) throws -> (AASAGenerator.Generated, UniversalLinkMatcher) {
        let generated = try AASAGenerator(
            appID: app, host: host, routes: aasaRoutes(routes), options: options
        ).generate()
        return (generated, try UniversalLinkMatcher(generated.universalLinks))
    }

    static func aasaRoutes(_ routes: [String]) -> [AASARoute] {
        routes.enumerated().map { AASARoute(route: $1, index: $0, location: nil) }
    }

    /// What `check` says of the file of `components` (JSON text of the array) for `routes`.
    static func check(components: String, routes: [String]) throws -> AASAReport {
        let json = #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": \#(components)}]}}"#
        let rules = try #require(try AppSiteAssociation(json: json).universalLinks)
        return try AASAChecker(
            matcher: try UniversalLinkMatcher(rules), appID: app, host: host, routes: aasaRoutes(routes),
            options: RouterOptions()
        ).check()
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let route: String
        /// URLs the route matches, which the generated file must open.
        let routed: [String]
        var testDescription: String { route }
    }

    /// Catch-all routes and raw regexes over host and path take whole URLs: their file must
    /// open every path they take, not `/` and `//` alone.
    static let wholeRoutes: [Case] = [
        Case(
            route: ".*",
            routed: ["https://example.com/q", "https://example.com/a/b/", "https://example.com/"]),
        Case(route: "https://.*", routed: ["https://example.com/q", "https://example.com/a/b/"]),
        Case(route: "**", routed: ["https://example.com/q", "http://example.com/a/b"]),
        Case(route: "https://**", routed: ["https://example.com/q", "https://example.com/a/b"]),
        Case(
            route: ".*/help",
            routed: [
                "https://example.com/a/help", "https://example.com/help", "https://example.com/a/b/help/",
            ]),
        Case(
            route: "example\\.com/(a|b)/.*", routed: ["https://example.com/a/x/y", "https://example.com/b/"]),
    ]

    @Test("catch-all and whole-route regex routes are opened everywhere they match", arguments: wholeRoutes)
    func wholeRoute(_ testCase: Case) throws {
        let (generated, matcher) = try Self.generate([testCase.route])
        for url in testCase.routed {
            #expect(Router.matching(testCase.route, url), "\(url) should be routed")
            #expect(matcher.decision(for: url, appID: Self.app).opensApp, "\(url)")
        }
        #expect(
            !generated.report.findings.contains {
                $0.kind == .routePartlyOpened || $0.kind == .routeNeverOpened
            })
        #expect(generated.exitStatus(bytes: generated.text.utf8.count, exact: false) == .success)
    }

    @Test("check finds the paths a hand-written file leaves out of a catch-all")
    func catchAllLeftOut() throws {
        // What the generator used to write for `.*`.
        let report = try Self.check(components: #"[{"/": "/"}, {"/": "//"}]"#, routes: [".*"])
        let finding = try #require(report.findings.first)
        #expect(finding.kind == .routePartlyOpened)
        #expect(finding.method == .construction)
        #expect(report.findings.count == 1)
        let help = try Self.check(components: #"[{"/": "/help"}, {"/": "/help/"}]"#, routes: [".*/help"])
        #expect(help.findings.map(\.kind) == [.routePartlyOpened])
        #expect(help.findings.first?.url?.hasSuffix("/help") == true)
        #expect(help.findings.first?.url != "https://example.com/help")
    }

    /// A regex route's trailing-slash form is the router's, whatever value a sample would
    /// have given the regex.
    @Test("the trailing-slash form of /v/:n([0-9]+)/x is opened, and check reports it missing")
    func regexTrailingSlash() throws {
        let route = "/v/:n([0-9]+)/x"
        let (_, matcher) = try Self.generate([route])
        #expect(Router.matching(route, "https://example.com/v/1/x/"))
        #expect(matcher.decision(for: "https://example.com/v/1/x/", appID: Self.app).opensApp)
        #expect(matcher.decision(for: "https://example.com/v/1/x", appID: Self.app).opensApp)
        let report = try Self.check(components: #"[{"/": "/v/?*/x"}]"#, routes: [route])
        let partly = try #require(report.findings.first { $0.kind == .routePartlyOpened })
        #expect(partly.url == "https://example.com/v/0/x/")
        #expect(partly.method == .construction)
    }

    /// `?*` for `[a-zA-Z]+` opens digits too, which Apple's patterns cannot leave out: a
    /// finding, not "exact".
    @Test("a regex class the format cannot say is a finding: /c/:city([a-zA-Z]+)/:rest(.*)")
    func regexClassIsReported() throws {
        let route = "/c/:city([a-zA-Z]+)/:rest(.*)"
        let (generated, matcher) = try Self.generate([route])
        let widened = generated.report.findings.filter { $0.kind == .unroutedURL }
        #expect(!widened.isEmpty)
        for finding in widened {
            let url = try #require(finding.url)
            #expect(!Router.matching(route, url), "\(url)")
            #expect(matcher.decision(for: url, appID: Self.app).opensApp, "\(url)")
        }
        #expect(!Router.matching(route, "https://example.com/c/1/x"))
        #expect(matcher.decision(for: "https://example.com/c/1/x", appID: Self.app).opensApp)
        #expect(generated.exitStatus(bytes: generated.text.utf8.count, exact: false) == .success)
        #expect(generated.exitStatus(bytes: generated.text.utf8.count, exact: true) == .checkFailed)
        let comments = generated.universalLinks.details[0].components?.compactMap(\.comment) ?? []
        #expect(comments.contains { $0.contains("Apple's patterns cannot say \"[a-zA-Z]+\"") })
        // The file the generator used to call exact.
        let report = try Self.check(components: #"[{"/": "/c/?*"}]"#, routes: [route])
        #expect(report.findings.map(\.kind) == [.unroutedURL])
        #expect(report.findings.first?.url == "https://example.com/c/0")
    }

    /// A `:name` is one segment: exclusions say so, and the file is exact.
    @Test("exclusions keep a parameter to one segment: /products/:id opens /products/x and /products/x/ only")
    func exclusionsForParameters() throws {
        let routes = ["/products/:id", "/products/:id/reviews", "/account/:tab?"]
        let (generated, matcher) = try Self.generate(routes)
        #expect(generated.report.findings.isEmpty, "\(generated.report.findings.map(\.message))")
        let expectations: [(String, Bool)] = [
            ("/products/x", true), ("/products/x/", true), ("/products/x/x", false), ("/products//", false),
            ("/products/x/reviews", true), ("/products/x/reviews/", true), ("/products/x/y/reviews", false),
            ("/products/x/reviews/y", false), ("/account", true), ("/account/", true), ("/account/a", true),
            ("/account/a/", true), ("/account/a/b", false), ("/account//", false),
        ]
        let router = Router()
        try router.register(routes.map { (RouteName($0), RouteHandler.closure { _ in }) })
        for (path, opens) in expectations {
            let url = "https://example.com" + path
            #expect(matcher.decision(for: url, appID: Self.app).opensApp == opens, "\(path)")
            #expect(!router.matches(url).isEmpty == opens, "\(path)")
        }
        let components = generated.universalLinks.details[0].components ?? []
        let products = try #require(components.firstIndex { $0.path == "/products/?*" })
        let exclusion = try #require(
            components.firstIndex { $0.path == "/products/*/*" && $0.exclude == true })
        #expect(exclusion < products)
    }

    /// Apple's universal links are standard http and https links: an `http://` route
    /// receives the host's links, and a route that takes `https` only leaves the `http`
    /// twin of every path it opens unrouted, which Apple's patterns cannot leave out.
    @Test("http routes receive universal links; an https-only route leaves http ones unrouted")
    func schemes() throws {
        let report = try Self.check(
            components: #"[{"/": "/a"}, {"/": "/a/"}]"#, routes: ["http://example.com/a", "https:///b"])
        #expect(report.receivingCount == 2)
        #expect(report.skipped.isEmpty)
        #expect(report.findings.map(\.kind) == [.routeNeverOpened, .unroutedURL, .unroutedURL])
        #expect(report.findings.last?.url == "https://example.com/a/")
        let (generated, matcher) = try Self.generate(["https:///products/:id"])
        let finding = try #require(generated.report.findings.first)
        #expect(finding.kind == .unroutedURL)
        #expect(finding.url?.hasPrefix("http://example.com/products/") == true)
        #expect(finding.message.contains("universal links arrive as http links too"))
        #expect(matcher.decision(for: "https://example.com/products/1", appID: Self.app).opensApp)
    }

    /// Every route is checked whatever the table's size: two thousand `/itemN/:id` routes
    /// against a file that opens one of them give one finding per other route, none "not
    /// checked" (at ten times this, 20,000 routes, the release measurements in
    /// Benchmarks/results/aasa-scale.txt).
    @Test("two thousand routes against a one-rule file: every route checked")
    func everyRouteChecked() throws {
        let routes = (0..<2_000).map { "/item\($0)/:id" }
        let report = try Self.check(components: #"[{"/": "/item1/?*"}]"#, routes: routes)
        #expect(report.uncheckedRoutes.isEmpty)
        #expect(report.notes.isEmpty)
        #expect(report.findings.filter { $0.kind == .routeNeverOpened }.count == 1_999)
        #expect(
            report.findings.filter { $0.kind == .routeNeverOpened }.allSatisfy { $0.method == .construction })
        #expect(report.exitStatus == .checkFailed)
    }
}

extension Router {
    /// Whether `route`, alone in a router, matches `url`.
    static func matching(_ route: String, _ url: String) -> Bool {
        let router = Router()
        guard (try? router.register(RouteName(route)) { _ in }) != nil else { return false }
        return router.match(url) != nil
    }
}
