import Foundation
import Testing

@testable import Waypoint

/// Issue 21 §5: when the URL written with `/` separators opens an earlier route, another
/// spelling of the same values that round-trips is returned; only when none does is the
/// route refused.
@Suite("Reverse routing: other spellings of the same values")
struct ReverseRoutingSpellingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let routes: [String]
        let route: String
        let parameters: RouteParameters
        let strict: Bool
        let url: String?
        var testDescription: String { "\(routes) \(route) \(parameters) → \(url ?? "refused")" }

        init(
            _ routes: [String], _ route: String, _ parameters: RouteParameters, strict: Bool = false,
            _ url: String?
        ) {
            self.routes = routes
            self.route = route
            self.parameters = parameters
            self.strict = strict
            self.url = url
        }
    }

    @Test(
        "the first spelling that round-trips is returned",
        arguments: [
            Case(
                ["/docs/:section/:page", "/docs/**"], "/docs/**", ["**": "guide/intro"],
                "app:///docs/guide%2Fintro"),
            Case(["/files/*", "/files/**"], "/files/**", ["**": "photos/"], "app:///files/photos//"),
            Case(["/files/*", "/files/:rest(.*)"], "/files/:rest(.*)", ["rest": "x/"], "app:///files/x//"),
            Case(["/docs/**"], "/docs/**", ["**": "guide/intro"], "app:///docs/guide/intro"),
            Case(["/files/**"], "/files/**", ["**": "photos/"], "app:///files/photos%2F"),
            Case(
                ["/docs/:section/:page", "/docs/:rest(.*)"], "/docs/:rest(.*)", ["rest": "a/b"],
                "app:///docs/a%2Fb"),
            Case(
                ["/docs/:section/:page", "/docs/**"], "/docs/:section/:page", ["section": "a", "page": "b"],
                "app:///docs/a/b"),
            Case(
                ["/files/*", "/files/**"], "/files/**", ["**": "photos/"], strict: true,
                "app:///files/photos/"),
            Case(
                ["/files/*", "/files/:rest(.*)"], "/files/:rest(.*)", ["rest": "x/"], strict: true,
                "app:///files/x/"),
        ])
    func returned(_ test: Case) throws {
        let router = Router(options: RouterOptions(strictTrailingSlash: test.strict))
        for route in test.routes { try router.register(RouteName(route)) { _ in } }
        let url = try router.url(for: RouteName(test.route), parameters: test.parameters, scheme: "app")
        #expect(url.absoluteString == test.url)
        let match = try #require(router.match(url))
        #expect(match.route == test.route)
        #expect(match.routeParameters == test.parameters)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let routes: [String]
        let route: String
        let parameters: RouteParameters
        let error: ReverseRoutingError
        var testDescription: String { "\(routes) \(route) \(parameters) → \(error)" }
    }

    @Test(
        "refused only when no spelling round-trips",
        arguments: [
            // Every spelling of `a/b` is one or two segments: the earlier routes take both.
            Refusal(
                routes: ["/docs/:one", "/docs/:a/:b", "/docs/**"], route: "/docs/**",
                parameters: ["**": "a/b"],
                error: .shadowed(route: "/docs/**", url: "app:///docs/a/b", winner: "/docs/:a/:b")),
            // `/docs/:rest(.*)` reads every spelling of `a/b` as `a/b`, and it is earlier.
            Refusal(
                routes: ["/docs/:rest(.*)", "/docs/**"], route: "/docs/**", parameters: ["**": "a/b"],
                error: .shadowed(route: "/docs/**", url: "app:///docs/a/b", winner: "/docs/:rest(.*)")),
            // A single value without a `/` has one spelling.
            Refusal(
                routes: ["/files/*", "/files/**"], route: "/files/**", parameters: ["**": "photos"],
                error: .shadowed(route: "/files/**", url: "app:///files/photos", winner: "/files/*")),
        ])
    func refused(_ test: Refusal) throws {
        let router = Router()
        for route in test.routes { try router.register(RouteName(route)) { _ in } }
        #expect(throws: test.error) {
            try router.url(for: RouteName(test.route), parameters: test.parameters, scheme: "app")
        }
    }

    /// Issue 23 §2: the route is found by one hash lookup, so a table of 20,000 routes finds
    /// its last route as its first; the lookup reads the registry's index, not the table.
    @Test("the route is found whatever the table's size, first and last alike")
    func lookupIndependentOfSize() throws {
        let router = Router()
        try router.register((0..<20_000).map { ("/r\($0)/:id", RouteHandler.closure { _ in }) })
        for index in [0, 9_999, 19_999] {
            let url = try router.url(for: "/r\(index)/:id", parameters: ["id": "7"], scheme: "app")
            #expect(url.absoluteString == "app:///r\(index)/7")
        }
        #expect(throws: ReverseRoutingError.unknownRoute(route: "/r20000/:id")) {
            try router.url(for: "/r20000/:id", parameters: ["id": "7"], scheme: "app")
        }
    }

    /// The last of 10 and of 10,000 routes: the same URL either way. (The instruction counts
    /// of `url(for:)` at both sizes are in Documentation/decisions.md, "Reverse routing finds
    /// its route by hash": valgrind cannot run this test binary, so they come from a probe.)
    @Test("url(for:) of the last of 10 routes") func lastOf10() throws { try Self.lastRoute(of: 10) }

    @Test("url(for:) of the last of 10,000 routes") func lastOf10000() throws {
        try Self.lastRoute(of: 10_000)
    }

    static func lastRoute(of count: Int) throws {
        let router = Router()
        try router.register((0..<count).map { ("/r\($0)/:id", RouteHandler.closure { _ in }) })
        for _ in 0..<100 {
            let url = try router.url(for: "/r\(count - 1)/:id", parameters: ["id": "7"], scheme: "app")
            #expect(url.absoluteString == "app:///r\(count - 1)/7")
        }
    }
}
