import Testing
import WaypointReference

@testable import Waypoint
@testable import WaypointExplain

/// The router (trie plus regex tails and segment checks, with pruning) and the reference
/// matcher (each route walked on its own over the URL's segments, tried in order) must pick
/// the same winner with the same parameters, and list the same matches, for random route
/// tables and URLs, host patterns and encoded slashes included.
@Suite("Differential: trie matcher against the reference linear matcher")
struct DifferentialTests {
    struct Configuration: CustomTestStringConvertible, Sendable {
        let seed: UInt64
        let options: RouterOptions
        var testDescription: String {
            "seed \(seed), caseInsensitivePaths \(options.caseInsensitivePaths), strict \(options.strictTrailingSlash)"
        }
    }

    static let configurations: [Configuration] = [false, true].flatMap { caseInsensitive in
        [false, true].map { strict in
            Configuration(
                seed: (caseInsensitive ? 2 : 0) + (strict ? 1 : 0) + 0x5EED,
                options: RouterOptions(caseInsensitivePaths: caseInsensitive, strictTrailingSlash: strict))
        }
    }

    @Test("same winner, parameters and match list", arguments: configurations)
    func agree(_ configuration: Configuration) async throws {
        try await compare(configuration, generator: RouteGenerator(seed: configuration.seed), tables: 60)
    }

    /// Hostile shapes: catastrophic and nested regexes, counted repeats, inline
    /// flags and quoted text in routes; long runs, bare and invalid escapes, lone surrogates,
    /// NUL and line feeds, and many or empty segments in URLs. A URL on which a route hit a
    /// PCRE2 limit is not compared, since the two matchers run different regexes and so
    /// reach the limit on different inputs.
    @Test("same answers on hostile routes and URLs", arguments: configurations)
    func agreeOnHostileShapes(_ configuration: Configuration) async throws {
        try await compare(
            configuration, generator: RouteGenerator(seed: configuration.seed ^ 0xBAD, hostile: true),
            tables: 25)
    }

    private func compare(_ configuration: Configuration, generator: RouteGenerator, tables: Int) async throws
    {
        // CPU-bound for seconds: run on a thread of its own, so the cooperative pool's two
        // threads stay free for the suites whose timers and replies are waiting on it.
        let (mismatches, compared, matched, skipped) = try await IncrementalRegistrationTests.onOwnThread {
            try Self.run(configuration, generator: generator, tables: tables)
        }
        for mismatch in mismatches { Issue.record(Comment(rawValue: mismatch)) }
        // The generator must exercise matches, not only misses.
        #expect(compared + skipped == tables * 40)
        #expect(skipped * 4 < compared, "\(skipped) URLs hit a limit")
        #expect(matched > compared / 5, "only \(matched) of \(compared) URLs matched")
    }

    /// Compares the two matchers on `tables` random tables of 40 URLs each: the mismatches,
    /// and how many URLs were compared, matched and skipped (a limit was hit).
    private static func run(
        _ configuration: Configuration, generator: RouteGenerator, tables: Int
    ) throws -> (mismatches: [String], compared: Int, matched: Int, skipped: Int) {
        var generator = generator
        var mismatches: [String] = []
        var compared = 0
        var matched = 0
        var skipped = 0
        for _ in 0..<tables {
            let routes = generator.table(count: 24)
            let router = Router(options: configuration.options)
            var accepted: [String] = []
            for route in routes where !accepted.contains(route) {
                if (try? router.register(RouteName(route), handler: { _ in })) != nil {
                    accepted.append(route)
                }
            }
            let reference = try ReferenceMatcher(routes: accepted, options: configuration.options)
            for _ in 0..<40 {
                let url = generator.url()
                let hitLimit = router.explain(url).contains {
                    if case .stopped(.limitHit) = $0.outcome { true } else { false }
                }
                if hitLimit {
                    skipped += 1
                    continue
                }
                let expected = reference.match(url)
                let actual = router.match(url)
                if actual != expected {
                    mismatches.append(
                        "winner \(String(describing: actual)) vs \(String(describing: expected)): \(url) with "
                            + "\(accepted)\n\(router.explain(url).filter(\.matched))")
                }
                if router.matches(url) != reference.matches(url) {
                    mismatches.append("matches: \(url) with \(accepted)")
                }
                compared += 1
                if expected != nil { matched += 1 }
            }
        }
        return (mismatches, compared, matched, skipped)
    }
}

/// Random routes and URLs over a small alphabet, so they often meet.
struct RouteGenerator {
    private var random: SplitMix64
    /// Whether to mix hostile shapes into the routes and URLs.
    private let hostile: Bool

    init(seed: UInt64, hostile: Bool = false) {
        random = SplitMix64(seed: seed)
        self.hostile = hostile
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[Int(random.next() % UInt64(items.count))]
    }

    private mutating func chance(_ percent: UInt64) -> Bool {
        random.next() % 100 < percent
    }

    mutating func table(count: Int) -> [String] {
        (0..<count).map { _ in route() }
    }

    mutating func route() -> String {
        var parameter = 0
        func name() -> String {
            parameter += 1
            return "p\(parameter)"
        }
        let scheme = chance(20) ? pick(["a", "b", "A"]) + "://" : ""
        var segments: [String] = []
        let length = Int(random.next() % 4) + 1
        for index in 0..<length {
            let last = index == length - 1
            var choices = [
                pick(["a", "b", "ab", "x.y", "é", "A"]), ":\(name())", "*", ":\(name())([a-z]+)",
                ":\(name())(.*)", "(a|b)", "[ab]+", ":\(name()).y", "a-:\(name())", "",
            ]
            if last { choices += ["**", ":\(name())?", "a/"] }
            if hostile {
                choices += [
                    ":\(name())((a+)+b)", ":\(name())((a|aa)*c)", "(a|)+", ":\(name())(((a*)*)*)", "a{2,40}",
                    ":\(name())([^x]*)", "%41", "(?i)ab", "\\Qa.b\\E", "[[:alpha:]]+", "é+",
                    ":\(name())(a/b|a)",
                    "(?:a|b){0,3}", "\\d{1,3}", ":\(name())([\\s\\S]*)",
                ]
            }
            segments.append(pick(choices))
        }
        if chance(30) {
            let host = pick([
                "h", "H.com", "x", ":host", "*", "(h|x)", ".*", "h.com", ":host([a-z]+)", ":s.com", "é.com",
                ":host(.*)",
            ])
            return scheme + ([host] + segments).joined(separator: "/")
        }
        return scheme + "/" + segments.joined(separator: "/")
    }

    mutating func url() -> String {
        let scheme = pick(["a", "b", "A", "c"])
        let host = pick(["h", "H.COM", "h.com", "x", "", "hh", "%C3%89.com", "a%2Fb"])
        let count = Int(random.next() % (hostile ? 9 : 5))
        var pieces = [
            "a", "b", "ab", "x.y", "%C3%A9", "%C3%89", "A", "", "q.y", "a-1", "a%20b", "ba", "AB", "xy",
            "a%2Fb", "%2F",
        ]
        if hostile {
            pieces += [
                String(repeating: "a", count: 30) + "b", String(repeating: "a", count: 40) + "c", "%", "%%",
                "%zz",
                "%ED%A0%80", "%00", "%0A", "a\u{0}b", "%C3%A9%C3%A9", "aaaa", "123", "1234", "a.b", "A.B",
                "%41",
                "%2541", "\u{FFFD}", "é", "éé",
            ]
        }
        let segments = (0..<count).map { _ in pick(pieces) }
        var path = segments.isEmpty && chance(50) ? "" : "/" + segments.joined(separator: "/")
        if chance(25) { path += "/" }
        let query = chance(20) ? "?q=1" : ""
        return "\(scheme)://\(host)\(path)\(query)"
    }
}
