import Testing

@testable import Waypoint

/// `Router.withMatch(path:_:)` and `withMatch(_:_:)`: the lent match agrees with the owned
/// one on every kind of route, its ranges are the values as written, and the closure may
/// register routes.
@Suite("Borrowed matches")
struct BorrowedMatchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let routes: [String]
        let subject: String
        /// Whether `subject` is a bare path (else a URL string).
        let isPath: Bool
        /// Whether every value is a range of the subject as written.
        let hasRanges: Bool
        var testDescription: String { "\(subject) in \(routes)" }
    }

    static let cases: [Case] = [
        Case(
            routes: ["/users/:id", "/users/:id/posts/:post"], subject: "/users/42/posts/7", isPath: true,
            hasRanges: true),
        Case(routes: ["/a/:x", "/a/b"], subject: "/a/b", isPath: true, hasRanges: true),
        Case(routes: ["/about"], subject: "/about", isPath: true, hasRanges: true),
        Case(routes: ["/:a/:b/:c/:d"], subject: "/1/22/333/4444", isPath: true, hasRanges: true),
        // Five captures: more than a match keeps as ranges.
        Case(routes: ["/:a/:b/:c/:d/:e"], subject: "/1/2/3/4/5", isPath: true, hasRanges: false),
        // A percent-decoded value is not the bytes as written.
        Case(routes: ["/say/:word"], subject: "/say/caf%C3%A9", isPath: true, hasRanges: false),
        Case(routes: ["/n/:id([0-9]+)"], subject: "/n/123", isPath: true, hasRanges: false),
        Case(routes: ["/files/**"], subject: "/files/a/b", isPath: true, hasRanges: false),
        Case(routes: ["/docs/:rest(.*)"], subject: "/docs/x/y", isPath: true, hasRanges: false),
        Case(routes: ["/p/:name?"], subject: "/p/z", isPath: true, hasRanges: false),
        Case(routes: ["/users/:id"], subject: "/nothing", isPath: true, hasRanges: false),
        Case(
            routes: ["/users/:id"], subject: "https://example.com/users/9?x=1", isPath: false, hasRanges: true
        ),
        Case(
            routes: ["myapp://host/:city([a-z]+)/:rest(.*)", "/x"], subject: "myapp://host/paris/a/b",
            isPath: false, hasRanges: false),
        Case(
            routes: ["shop.com/item/:id"], subject: "https://shop.com/item/5", isPath: false, hasRanges: true),
        Case(routes: ["/users/:id"], subject: "not a url", isPath: false, hasRanges: false),
    ]

    @Test("a lent match agrees with the owned match", arguments: cases)
    func agrees(_ test: Case) throws {
        let router = Router()
        for route in test.routes { try router.register(RouteName(route)) { _ in } }
        let owned = test.isPath ? router.match(path: test.subject) : router.match(test.subject)
        let lent:
            (match: RouteMatch, route: String, names: [String], values: [String], ranges: [Range<Int>?])? =
                test.isPath
                ? router.withMatch(path: test.subject) { Self.read($0) }
                : router.withMatch(test.subject) { Self.read($0) }
        #expect(lent?.match == owned)
        guard let lent, let owned else { return }
        #expect(lent.route == owned.route)
        #expect(lent.names == owned.routeParameters.names)
        #expect(lent.values == owned.routeParameters.map(\.value))
        #expect(lent.ranges.allSatisfy { ($0 != nil) == test.hasRanges } || lent.ranges.isEmpty)
        // A range gives the value as written.
        let utf8 = Array(test.subject.utf8)
        for (range, value) in zip(lent.ranges, lent.values) {
            guard let range else { continue }
            #expect(String(decoding: utf8[range], as: UTF8.self) == value)
        }
    }

    /// What a test reads of a lent match inside the closure.
    static func read(
        _ match: BorrowedRouteMatch?
    ) -> (
        match: RouteMatch, route: String, names: [String], values: [String], ranges: [Range<Int>?]
    )? {
        guard let match else { return nil }
        let positions = 0..<match.count
        #expect(match.match.priority == match.priority)
        #expect(match.routeParameters == match.match.routeParameters)
        return (
            match.match, match.route, positions.map(match.name(at:)), positions.map(match.value(at:)),
            positions.map(match.utf8Range(at:))
        )
    }

    @Test("the earliest-registered route wins, as match(path:) finds it")
    func firstRegisteredWins() throws {
        let router = Router()
        try router.register("/a/:x") { _ in }
        try router.register("/a/b") { _ in }
        try router.register("/:y/b") { _ in }
        #expect(router.withMatch(path: "/a/b") { $0?.priority } == 0)
        #expect(router.withMatch(path: "/z/b") { $0?.priority } == 2)
        #expect(router.withMatch(path: "/z/c") { $0?.priority } == nil)
    }

    struct Stop: Error, Equatable {}

    @Test("the closure's error comes out, typed")
    func closureErrors() throws {
        let router = Router()
        try router.register("/a") { _ in }
        #expect(throws: Stop.self) {
            try router.withMatch(path: "/a") { (_) throws(Stop) -> Int in throw Stop() }
        }
        let result: Result<Int, Stop> = Result { () throws(Stop) -> Int in
            try router.withMatch(path: "/a") { (match) throws(Stop) -> Int in
                guard let match else { throw Stop() }
                return match.priority
            }
        }
        #expect(result == .success(0))
    }

    @Test("the closure may register a route; the lent match stays the one found")
    func registersWhileLent() throws {
        let router = Router()
        try router.register("/items/:id") { _ in }
        let seen = try router.withMatch(path: "/items/abcdef") { match -> (String, String)? in
            guard let match else { return nil }
            // Publishes a new table while the lookup holds the one it matched against.
            for index in 0..<50 { try router.register(RouteName("/new/\(index)")) { _ in } }
            return (match.route, match.value(at: 0))
        }
        #expect(seen?.0 == "/items/:id")
        #expect(seen?.1 == "abcdef")
        #expect(router.withMatch(path: "/new/49") { $0?.route } == "/new/49")
    }

    @Test(
        "the closure may remove the route it was lent; the lent match still reads it",
        arguments: ["/items/:id", "/items/:id([a-f]+)"])
    func removesWhileLent(route: String) throws {
        let router = Router()
        try router.register(RouteName(route)) { _ in }
        var rebuilt = false
        let seen = try router.withMatch(path: "/items/abcdef") { match -> (String, String, String)? in
            guard let match else { return nil }
            // The route is removed, then routes are registered and removed until the table
            // is rebuilt from its live ones (its route log shrinks): no table holds the
            // lent route any more, so the lent match must hold what it reads itself
            // (AddressSanitizer, in CI, reports a read of the freed route otherwise).
            _ = router.remove(RouteName(route))
            let logged = router.snapshot.table.routeLog.count
            for index in 0..<20_000 where !rebuilt {
                try router.register(RouteName("/new/\(index)")) { _ in }
                _ = router.remove(RouteName("/new/\(index)"))
                rebuilt = router.snapshot.table.routeLog.count < logged
            }
            return (match.route, match.name(at: 0), match.value(at: 0))
        }
        #expect(rebuilt)
        #expect(seen?.0 == route)
        #expect(seen?.1 == "id")
        #expect(seen?.2 == "abcdef")
        #expect(router.withMatch(path: "/items/abcdef") { $0?.route } == nil)
    }
}
