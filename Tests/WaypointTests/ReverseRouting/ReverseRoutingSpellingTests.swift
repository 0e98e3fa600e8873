import Foundation
import Testing

@testable import Waypoint
@testable import WaypointReverseRouting

/// When the URL written with `/` separators opens an earlier route, another
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

    /// A regex tail, or a `**`, reads a `/` and a `%2F` alike, route separators too: when
    /// earlier routes count segments there, the spanning part is written as one segment, or
    /// with one `/` written `%2F`; a route that ends in an empty segment gets it back after
    /// the `/` the trailing-slash rule drops.
    @Test(
        "other spellings of the spanning part and of a final empty segment",
        arguments: [
            Case(["/:a/*", "/:rest(.*)/b"], "/:rest(.*)/b", ["rest": "x"], "app:///x%2Fb"),
            Case(["/*//**", "/:a~:b//c"], "/:a~:b//c", ["a": "x", "b": "y"], "app:///x~y%2F/c"),
            Case(["/:p?", "/:q/**"], "/:q/**", ["q": "x", "**": ""], "app:///x//"),
            Case(["/:p?", "/**"], "/**", ["**": ""], "app:////"),
            Case(["/", "//"], "//", [:], "app:////"),
            Case(["/a", "/a//"], "/a//", [:], "app:///a//"),
            Case(["/a", "/a//"], "/a//", [:], strict: true, "app:///a//"),
        ])
    func spanningAndEmptySegments(_ test: Case) throws {
        try returned(test)
    }

    /// The spanning part's `/`s are written `%2F` one at a time for the first
    /// ``RouteTemplate/singleEscapeLimit`` (64) of them: a `**` value of 60 `/`s, ten times
    /// an ordinary path's, whose only spelling that opens it escapes its last `/`.
    @Test("one `/` written %2F, the 60th of 60")
    func singleEscapeAtTenTimesOrdinary() throws {
        let value = Array(repeating: "a", count: 60).joined(separator: "/") + "/z"
        let stars = { (count: Int) in Array(repeating: "*", count: count).joined(separator: "/") }
        let router = Router()
        // Earlier routes that take the value as one segment, as its 61, and as any 60 that
        // end in `z`.
        for route in ["/d/:one", "/d/" + stars(61), "/d/" + stars(59) + "/z", "/d/**"] {
            try router.register(RouteName(route)) { _ in }
        }
        let url = try router.url(for: "/d/**", parameters: ["**": value], scheme: "app")
        #expect(url.absoluteString == "app:///d/" + value.dropLast(2) + "%2Fz")
        #expect(router.match(url)?.route == "/d/**")
    }

    /// A hostile value of 4,000 `/`s in a route every spelling of which an earlier route
    /// takes: refused after at most (4 + 1 + 64) × 2 spellings, not one per `/`.
    @Test("a value of 4,000 slashes is refused after a bounded number of spellings")
    func hostileSlashes() throws {
        let value = Array(repeating: "a", count: 4_001).joined(separator: "/")
        let router = Router()
        try router.register("/d/:rest(.*)") { _ in }
        try router.register("/d/**") { _ in }
        #expect(throws: ReverseRoutingError.self) {
            try router.url(for: "/d/**", parameters: ["**": value], scheme: "app")
        }
        let plan = try router.book.reversePlan(
            for: "/d/**", parameters: ["**": value], scheme: "app", host: nil
        ).plan
        #expect(Array(plan.candidates).count <= (4 + 1 + RouteTemplate.singleEscapeLimit) * 2)
    }

    /// The route is found by one hash lookup, so a table of 20,000 routes finds
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
