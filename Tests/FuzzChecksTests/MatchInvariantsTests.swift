import Testing
import Waypoint
import WaypointReference

@testable import FuzzChecks

/// The url-matcher and route-compiler checks still catch a real disagreement: handed a
/// reference matcher that deliberately disagrees with the router, the check reports it, and
/// the same check passes when the two agree. Cuts to the checks' cost must keep
/// these failing where they fail.
@Suite("Fuzz checks report a broken matcher")
struct MatchInvariantsTests {
    /// One row: the router's routes, the (deliberately different) reference's routes, a URL
    /// on which they disagree.
    struct Broken: Sendable, CustomTestStringConvertible {
        let routes: [String]
        let reference: [String]
        let url: String
        var testDescription: String { "\(routes) vs \(reference) on \(url)" }
    }

    static let broken = [
        // The reference refuses what the trie matches.
        Broken(routes: ["/a/:id"], reference: ["/a/:id([0-9]+)"], url: "s://h/a/x"),
        // The reference matches what the trie refuses.
        Broken(routes: ["/a/:id([0-9]+)"], reference: ["/a/:id"], url: "s://h/a/x"),
        // Same routes, registered in another order: the winners differ.
        Broken(routes: ["/a/:id", "/a/b"], reference: ["/a/b", "/a/:id"], url: "s://h/a/b"),
        // The same route, capturing a different value.
        Broken(routes: ["/s/:v(.*)"], reference: ["/s/:v(.*)x"], url: "s://h/s/yx"),
        // Host routes.
        Broken(routes: [":host/p"], reference: ["h2/p"], url: "s://h/p"),
    ]

    static func invariants(_ routes: [String], reference: [String]) throws -> MatchInvariants {
        let options = RouterOptions()
        return try MatchInvariants(
            compiled: routes.map { try CompiledRoute($0, options: options) }, options: options,
            decoder: MatchInvariants.decoder(options),
            reference: try ReferenceMatcher(routes: reference, options: options),
            checksDescriptions: true, explainsOneIn: 4)
    }

    @Test("a reference that disagrees is reported", arguments: broken)
    func disagreementReported(_ row: Broken) throws {
        let checked = try Self.invariants(row.routes, reference: row.reference)
        let violation = #expect(throws: FuzzViolation.self) { try checked.check(row.url) }
        #expect(violation?.invariant == "the trie's matches are the reference matcher's")
        #expect(violation?.details.contains(quoted(row.url)) == true)
    }

    @Test("the same URL passes when the reference agrees", arguments: broken)
    func agreementPasses(_ row: Broken) throws {
        let checked = try Self.invariants(row.routes, reference: row.routes)
        #expect(throws: Never.self) { try checked.check(row.url) }
    }

    /// The route-compiler target keeps what it made of a route for the next inputs with the
    /// same route bytes: a route seen again still has its URLs checked, against the router
    /// built the first time, and an input whose URL another route would match is judged on
    /// its own route.
    @Test("route-compiler reuses a route's router and still checks every URL")
    func routeCompilerCache() throws {
        let route = Array("/p/:id([0-9]+)".utf8)
        for url in ["/p/1", "/p/x", "/p/12/", "/q", "/p/%31"] {
            let input = route + [0xFF] + Array(url.utf8)
            #expect(throws: Never.self, "\(url)") { try RouteCompilerCheck.check(input) }
            #expect(throws: Never.self, "\(url) again") { try RouteCompilerCheck.check(input) }
        }
        let key = route
        let prepared = try #require(RouteCompilerCheck.cache.withLock { $0.prepared[key] })
        #expect(prepared.count == RouteCompilerCheck.configurations.count)
        #expect(prepared.allSatisfy { $0?.router.routes == ["/p/:id([0-9]+)"] })
        // A rejected route is remembered as rejected under every configuration.
        let rejected = Array("/p/:id(".utf8)
        #expect(throws: Never.self) { try RouteCompilerCheck.check(rejected + [0xFF] + Array("/p/1".utf8)) }
        let made = try #require(RouteCompilerCheck.cache.withLock { $0.prepared[rejected] })
        #expect(made.allSatisfy { $0 == nil })
    }

    @Test("the route cache keeps at most its capacity, oldest out first")
    func cacheBounded() {
        var cache = RouteCompilerCheck.RouteCache()
        let capacity = RouteCompilerCheck.cacheCapacity
        for index in 0..<(10 * capacity) {
            cache.insert([nil], for: Array("/r\(index)".utf8))
        }
        #expect(cache.prepared.count == capacity)
        #expect(cache.order.count == capacity)
        #expect(cache.prepared[Array("/r\(10 * capacity - 1)".utf8)] != nil)
        #expect(cache.prepared[Array("/r0".utf8)] == nil)
    }
}
