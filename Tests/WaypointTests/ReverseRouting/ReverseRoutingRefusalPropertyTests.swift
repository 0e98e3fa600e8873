import Foundation
import Testing

@testable import Waypoint
@testable import WaypointReverseRouting

/// `url(for:)` refuses a route only when no URL opens it with the given
/// values. With `/a` registered before `/a//`, `app:///a//` opens `/a//`, yet the URL
/// written first, `app:///a/`, reads as `/a` (the trailing slash is ignored) and the route
/// was refused as shadowed.
///
/// For random tables of routes drawn to collide, every refusal of a route that a table of
/// its own would not refuse is checked against an oracle of the test's own: the spellings
/// of the URL the route gets alone, made by the test (each `/` of the path written `%2F` or
/// the reverse, one at a time and all at once, each with a final `/` added, doubled or
/// removed), matched in a copy of the table whose target captures its `*`s, so that a
/// spelling that changes a `*` is not taken. When one of them opens the route with the
/// values, the refusal was false. Before the fix, 3,000 cases found such spellings in 12 of
/// their 108 refusals for other routes: routes ending in an empty segment, `**` with `""`,
/// and regex tails whose separators, written `%2F`, leave an earlier route behind. Seeded:
/// a failure replays from its seed and case number.
@Suite("Reverse routing: no false refusal")
struct ReverseRoutingRefusalPropertyTests {
    typealias Properties = ReverseRoutingPropertyTests

    static let seeds: [UInt64] = [101, 102, 103]
    static let casesPerSeed = 1_000

    @Test("a refused route has no spelling that opens it", arguments: seeds)
    func noFalseRefusal(seed: UInt64) throws {
        let tally = try Self.run(seed: seed, options: RouterOptions())
        // Not vacuous: most cases build a URL, and many are refused for the other routes.
        #expect(tally["built"] * 2 > Self.casesPerSeed, "\(tally.counts)")
        #expect(tally["refused in the table"] > Self.casesPerSeed / 50, "\(tally.counts)")
    }

    @Test("the same under strict trailing slashes", arguments: [111] as [UInt64])
    func noFalseRefusalStrict(seed: UInt64) throws {
        let tally = try Self.run(seed: seed, options: RouterOptions(strictTrailingSlash: true))
        #expect(tally["built"] * 2 > Self.casesPerSeed, "\(tally.counts)")
    }

    @Test(
        "the reported table: /a before /a//, and its kin",
        arguments: [
            (["/a", "/a//"], "/a//", "app:///a//"),
            (["/a/", "/a//"], "/a//", "app:///a//"),
            (["/a/*", "/a/b//"], "/a/b//", "app:///a/b//"),
            (["a", "a//"], "a//", "app://a//"),
            (["/a/:x?", "/a//"], "/a//", "app:///a//"),
        ])
    func reported(routes: [String], route: String, url: String) throws {
        let router = Router()
        for route in routes { try router.register(RouteName(route)) { _ in } }
        #expect(try router.url(for: RouteName(route), scheme: "app").absoluteString == url)
        #expect(router.match(url)?.route == route)
    }

    static func run(seed: UInt64, options: RouterOptions) throws -> Properties.Tally {
        var generator = Properties.Generator(random: SplitMix64(seed: seed), crowded: true)
        var tally = Properties.Tally()
        for number in 0..<casesPerSeed {
            let router = Router(options: options)
            let (routes, target, parameters, given, scheme) = try generator.draw(upTo: 4, into: router)
            let expected = RouteParameters(elements: parameters.filter { $0.name != "*" })
            let detail =
                "seed \(seed) case \(number): routes \(routes.map(\.route)), target \(target.route), \(parameters)"
            let result = Result { () throws(ReverseRoutingError) in
                try router.url(for: RouteName(target.route), parameters: parameters, scheme: scheme)
            }
            switch result {
            case .success(let url):
                let match = router.match(url)
                #expect(match?.route == target.route, "\(detail): \(url)")
                #expect(match?.routeParameters == expected, "\(detail): \(url)")
                tally.add("built")
            case .failure(let error):
                // The URL the route gets in a table of its own; refused there too, the
                // refusal is the values' (empty, rejected), not the other routes'.
                let alone = Router(options: options)
                try alone.register(RouteName(target.route)) { _ in }
                guard
                    let own = try? alone.url(
                        for: RouteName(target.route), parameters: parameters, scheme: scheme)
                else {
                    tally.add("refused alone")
                    continue
                }
                tally.add("refused in the table")
                // A `*` is not captured, so a spelling that changed its segment would still
                // read the same parameters: the oracle's table captures each `*` instead.
                let (twin, stars) = capturingWildcards(target.route)
                let oracle = Router(options: options)
                for route in routes {
                    try oracle.register(RouteName(route.route == target.route ? twin : route.route)) { _ in }
                }
                var wanted = expected.dictionary
                for star in stars { wanted[star] = given["*"] }
                for spelling in [own.absoluteString] + spellings(of: own.absoluteString) {
                    guard let match = oracle.match(spelling) else { continue }
                    #expect(
                        !(match.route == twin && match.routeParameters.dictionary == wanted),
                        "\(detail): refused with \(error), but \(spelling) opens the route")
                }
            }
        }
        return tally
    }

    /// `route` with each `*` segment a captured `:starN` (the same segment, captured), and
    /// those names.
    static func capturingWildcards(_ route: String) -> (route: String, names: [String]) {
        var names: [String] = []
        let pieces = route.split(separator: "/", omittingEmptySubsequences: false).map { piece in
            guard piece == "*" else { return String(piece) }
            names.append("star\(names.count + 1)")
            return ":" + names[names.count - 1]
        }
        return (pieces.joined(separator: "/"), names)
    }

    /// Other spellings of the URL `url`, made without the library's template: each `/` of
    /// the path (but the first) written `%2F`, and each `%2F` written `/`, one at a time
    /// and all at once; each of those with a final `/` added, doubled or removed.
    static func spellings(of url: String) -> Set<String> {
        guard let authority = url.range(of: "://") else { return [] }
        let pathStart = url[authority.upperBound...].firstIndex(of: "/") ?? url.endIndex
        let prefix = String(url[..<pathStart])
        let path = String(url[pathStart...])
        let slashes = path.indices.filter { path[$0] == "/" && $0 != path.startIndex }
        let escapes = path.ranges(of: "%2F") + path.ranges(of: "%2f")
        var paths: Set<String> = [path]
        for slash in slashes { paths.insert(path.replacingCharacters(in: slash...slash, with: "%2F")) }
        if let first = path.first {
            paths.insert(String(first) + path.dropFirst().replacing("/", with: "%2F"))
        }
        for escape in escapes { paths.insert(path.replacingCharacters(in: escape, with: "/")) }
        paths.insert(path.replacing("%2F", with: "/").replacing("%2f", with: "/"))
        var spellings: Set<String> = []
        for path in paths {
            spellings.formUnion([path, path + "/", path + "//"].map { prefix + $0 })
            if path.hasSuffix("/") { spellings.insert(prefix + path.dropLast()) }
        }
        spellings.remove(url)
        return spellings
    }
}
