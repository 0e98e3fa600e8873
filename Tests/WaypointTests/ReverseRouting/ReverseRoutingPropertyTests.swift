import Foundation
import Testing

@testable import Waypoint
@testable import WaypointReverseRouting

/// Reverse routing tested as style habit 18 asks: for random routes and random values,
/// `match(url(for: r, v))` gives `r` and `v`, or `url(for:)` throws an error that the case
/// itself justifies. Seeded, so every failure replays from its seed and case number.
@Suite("Reverse routing: round-trip properties")
struct ReverseRoutingPropertyTests {
    /// What the generator knows about one parameter of a generated route.
    struct Slot {
        enum Kind {
            /// `:name`, `:name?` or `*` in the trie part: any non-empty value.
            case segment
            /// A `:name` (or `*`) in a regex part, alone or in a mixed segment: non-empty,
            /// and a `/` may be rejected.
            case tailSegment
            /// `:name(regex)`, accepting what `accepts` says.
            case regex(String)
            /// `**`: anything.
            case glob

            var isTail: Bool {
                if case .tailSegment = self { true } else { false }
            }
        }

        let name: String
        let kind: Kind
        let optional: Bool
    }

    /// Regexes whose language the test states in Swift.
    static let regexes: [(regex: String, accepts: @Sendable (String) -> Bool)] = [
        ("[0-9]+", { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
        ("[a-z]+", { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A } }),
        (".+", { !$0.isEmpty }),
        (".*", { _ in true }),
        ("[^/]+", { !$0.isEmpty && !$0.contains("/") }),
    ]

    /// Whether `regex` accepts `value`; under `caseless` (``RouterOptions/caseInsensitivePaths``)
    /// `[a-z]` takes upper-case letters too.
    static func accepts(_ regex: String, _ value: String, caseless: Bool) -> Bool {
        let folded =
            caseless
            ? String(
                value.unicodeScalars.map { $0.isASCII ? Character($0).lowercased() : String($0) }.joined())
            : value
        return regexes.first { $0.regex == regex }?.accepts(folded) ?? true
    }

    /// A generated route and its parameters.
    struct GeneratedRoute {
        var route: String
        var slots: [Slot]
        /// Whether the host is `:name(regex)` or mixed. Routing.md §1 matches such a host
        /// alone and the path segment by segment; a matcher that still runs one regex over
        /// host and path cannot match a `/` inside a path `:name` value of such a route.
        var hostPattern = false
    }

    static let alphabet = [
        "a", "b", "z", "Q", "0", "7", "/", "%", "?", "#", " ", "é", "😀", ".", "-", "~", "+", "&", "=", ":",
        "@",
    ]
    static let literals = ["a", "products", "café", "x.y", "v1", "a b", "%", "日本"]

    struct Generator {
        var random: SplitMix64
        /// Routes drawn to collide: few literals, an empty segment among them, and a final
        /// `/` at times, as in `/a` registered before `/a//`. Off, the draws
        /// are those of the seeds above.
        var crowded = false

        mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

        mutating func value(for slot: Slot) -> String {
            if chance(8) { return "" }
            if case .regex(let regex) = slot.kind, chance(60) {
                let pool: [String] =
                    switch regex {
                    case "[0-9]+": ["0", "4", "9"]
                    case "[a-z]+": ["a", "q", "z"]
                    default: ReverseRoutingPropertyTests.alphabet
                    }
                return (0..<(1 + Int(random.next() % 4))).map { _ in pick(pool) }.joined()
            }
            if chance(10) { return pick([".", "..", "/", "a/", "/a", "a//b"]) }
            return (0..<(1 + Int(random.next() % 5))).map { _ in pick(ReverseRoutingPropertyTests.alphabet) }
                .joined()
        }

        /// Registers 1 to `maxRoutes` distinct random routes in `router` and draws a case
        /// for one of them.
        mutating func draw(upTo maxRoutes: UInt64, into router: Router) throws -> Case {
            var routes: [GeneratedRoute] = []
            for _ in 0..<(1 + Int(random.next() % maxRoutes)) {
                let drawn = self.route()
                guard !routes.contains(where: { $0.route == drawn.route }) else { continue }
                try router.register(RouteName(drawn.route)) { _ in }
                routes.append(drawn)
            }
            let target = pick(routes)
            var parameters = RouteParameters()
            var given: [String: String] = [:]
            for slot in target.slots where !(slot.optional && chance(40)) {
                let text = self.value(for: slot)
                parameters.append(name: slot.name, value: text)
                given[slot.name] = text
            }
            let scheme = target.route.hasPrefix("myapp://") ? nil : pick(["myapp", "https"])
            return (routes, target, parameters, given, scheme)
        }

        mutating func route() -> GeneratedRoute {
            var slots: [Slot] = []
            var segments: [String] = []
            var inTail = false
            var hostPattern = false
            var names = 0
            func name() -> String {
                names += 1
                return "p\(names)"
            }
            let isHost = chance(35)
            let count = Int(random.next() % 4) + (isHost ? 0 : 1)
            if isHost {
                switch random.next() % 5 {
                case 0: segments.append(pick(["h.example", "timeline", "dpl.com"]))
                case 1:
                    let n = name()
                    segments.append(":\(n)")
                    slots.append(Slot(name: n, kind: .segment, optional: false))
                case 2:
                    segments.append("*")
                    slots.append(Slot(name: "*", kind: .segment, optional: false))
                case 3:
                    let n = name()
                    segments.append(":\(n).example.com")
                    slots.append(Slot(name: n, kind: .tailSegment, optional: false))
                    hostPattern = true
                default:
                    let n = name()
                    segments.append(":\(n)([a-z]+)")
                    slots.append(Slot(name: n, kind: .regex("[a-z]+"), optional: false))
                    hostPattern = true
                }
            }
            for index in 0..<count {
                let last = index == count - 1
                switch random.next() % (last ? 9 : 7) {
                case 0, 1:
                    segments.append(pick(crowded ? ["a", "b", ""] : ReverseRoutingPropertyTests.literals))
                case 2:
                    let n = name()
                    segments.append(":\(n)")
                    slots.append(Slot(name: n, kind: inTail ? .tailSegment : .segment, optional: false))
                case 3:
                    // Every `*` takes the same value; one in a regex part keeps it to one segment.
                    segments.append("*")
                    slots.removeAll { $0.name == "*" && (inTail || $0.kind.isTail) }
                    if !slots.contains(where: { $0.name == "*" }) {
                        slots.append(Slot(name: "*", kind: inTail ? .tailSegment : .segment, optional: false))
                    }
                case 4:
                    let n = name()
                    let regex = pick(ReverseRoutingPropertyTests.regexes.map(\.regex))
                    segments.append(":\(n)(\(regex))")
                    slots.append(Slot(name: n, kind: .regex(regex), optional: false))
                    inTail = true
                case 5:
                    let n = name()
                    segments.append(":\(n).json")
                    slots.append(Slot(name: n, kind: .tailSegment, optional: false))
                    inTail = true
                case 6:
                    let first = name()
                    let second = name()
                    segments.append(":\(first)~:\(second)")
                    slots.append(Slot(name: first, kind: .tailSegment, optional: false))
                    slots.append(Slot(name: second, kind: .tailSegment, optional: false))
                    inTail = true
                case 7:
                    let n = name()
                    segments.append(":\(n)?")
                    slots.append(Slot(name: n, kind: inTail ? .tailSegment : .segment, optional: true))
                default:
                    segments.append("**")
                    slots.append(Slot(name: "**", kind: .glob, optional: false))
                }
            }
            var route = isHost ? segments.joined(separator: "/") : "/" + segments.joined(separator: "/")
            if route.isEmpty { route = "h.example" }
            if crowded, !route.hasSuffix("**"), !route.hasSuffix("?"), chance(25) { route += "/" }
            if chance(20) { route = "myapp://" + route }
            return GeneratedRoute(route: route, slots: slots, hostPattern: hostPattern)
        }
    }

    /// One case: the routes registered, the route to write a URL for, its parameters (also
    /// by name) and the scheme to pass (nil when the route names one).
    typealias Case = (
        routes: [GeneratedRoute], target: GeneratedRoute, parameters: RouteParameters,
        given: [String: String], scheme: String?
    )

    /// The outcomes seen over a run, by kind.
    struct Tally {
        var counts: [String: Int] = [:]
        mutating func add(_ kind: String) { counts[kind, default: 0] += 1 }
        subscript(kind: String) -> Int { counts[kind] ?? 0 }
    }

    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]
    static let casesPerSeed = 500

    @Test("match(url(for: r, v)) gives r and v, or a justified error", arguments: seeds)
    func roundTrip(seed: UInt64) throws {
        let tally = try Self.run(seed: seed, options: RouterOptions())
        // The run is not vacuous: most cases build a URL, and each kind of refusal happens.
        #expect(tally["built"] * 2 > Self.casesPerSeed, "\(tally.counts)")
        #expect(tally["emptyValue"] > 0 && tally["valueRejected"] > 0, "\(tally.counts)")
    }

    @Test("the same under strict trailing slashes", arguments: [11, 12] as [UInt64])
    func roundTripStrict(seed: UInt64) throws {
        let tally = try Self.run(seed: seed, options: RouterOptions(strictTrailingSlash: true))
        #expect(tally["built"] * 2 > Self.casesPerSeed, "\(tally.counts)")
    }

    @Test("the same under case-insensitive paths", arguments: [31, 32] as [UInt64])
    func roundTripCaseInsensitive(seed: UInt64) throws {
        let tally = try Self.run(seed: seed, options: RouterOptions(caseInsensitivePaths: true))
        #expect(tally["built"] * 2 > Self.casesPerSeed, "\(tally.counts)")
    }

    @Test("over all seeds, earlier routes shadow and ambiguous values are caught")
    func refusalsHappen() throws {
        var total = Tally()
        for seed in [21, 22, 23] as [UInt64] {
            for (kind, count) in try Self.run(seed: seed, options: RouterOptions()).counts {
                total.counts[kind, default: 0] += count
            }
        }
        #expect(total["shadowed"] > 0 && total["ambiguous"] > 0, "\(total.counts)")
    }

    static func run(seed: UInt64, options: RouterOptions) throws -> Tally {
        var generator = Generator(random: SplitMix64(seed: seed))
        var tally = Tally()
        for number in 0..<casesPerSeed {
            let label = "seed \(seed) case \(number)"
            let router = Router(options: options)
            let (routes, target, parameters, given, scheme) = try generator.draw(upTo: 3, into: router)
            let detail = "\(label): routes \(routes.map(\.route)), target \(target.route), \(parameters)"
            let result = Result { () throws(ReverseRoutingError) in
                try router.url(for: RouteName(target.route), parameters: parameters, scheme: scheme)
            }
            switch result {
            case .success(let url):
                let match = try #require(router.match(url), "\(detail): \(url) matches nothing")
                var expected = given
                expected["*"] = nil
                #expect(match.route == target.route, "\(detail): \(url)")
                #expect(match.routeParameters == RouteParameters(expected), "\(detail): \(url)")
                tally.add("built")
            case .failure(let error):
                try justify(
                    error, target: target, given: given, router: router, routes: routes, label: detail)
                tally.add(kindName(error))
            }
        }
        return tally
    }

    /// Fails unless the case explains `error`.
    static func justify(
        _ error: ReverseRoutingError, target: GeneratedRoute, given: [String: String], router: Router,
        routes: [GeneratedRoute], label: String
    ) throws {
        let slot = { (name: String) in target.slots.first { $0.name == name } }
        switch error {
        case .emptyValue(_, let name):
            #expect(given[name] == "", "\(label): \(error)")
            if case .regex? = slot(name)?.kind {
                Issue.record("\(label): a regex parameter may be empty: \(error)")
            }
        case .valueRejected(_, let name, let value):
            #expect(given[name] == value, "\(label): \(error)")
            switch slot(name)?.kind {
            case .regex(let regex)?:
                #expect(
                    !accepts(regex, value, caseless: router.options.caseInsensitivePaths),
                    "\(label): \(regex) accepts \(value): \(error)")
            case .tailSegment?:
                #expect(value.contains("/"), "\(label): \(error)")
            default:
                Issue.record("\(label): \(error) for a parameter that takes any value")
            }
        case .shadowed(_, let url, let winner):
            let order = routes.map(\.route)
            let winnerIndex = try #require(order.firstIndex(of: winner))
            #expect(winnerIndex < order.firstIndex(of: target.route)!, "\(label): \(error)")
            #expect(router.match(url)?.route == winner, "\(label): \(error)")
            var expected = given
            expected["*"] = nil
            #expect(
                router.matches(url).contains {
                    $0.route == target.route && $0.routeParameters == RouteParameters(expected)
                },
                "\(label): \(error)")
        case .ambiguous(_, let url, let other):
            // The route reads other values back from the URL, and those values, written
            // again, give a URL the matcher sees the same way: no encoding tells them apart.
            var expected = given
            expected["*"] = nil
            #expect(other != RouteParameters(expected), "\(label): \(error)")
            #expect(
                router.matches(url).contains { $0.route == target.route && $0.routeParameters == other },
                "\(label): \(error)")
            // A `*` is not captured, so what the match gave it is unknown: stop here.
            guard given["*"] == nil else { return }
            let otherGiven = other
            let scheme = String(url.prefix { $0 != ":" })
            let again = Result { () throws(ReverseRoutingError) in
                try router.url(
                    for: RouteName(target.route), parameters: otherGiven,
                    scheme: target.route.hasPrefix("myapp://") ? nil : scheme)
            }
            switch again {
            case .success(let same):
                #expect(decoded(same.absoluteString) == decoded(url), "\(label): \(error) vs \(same)")
            case .failure(.shadowed):
                break
            case .failure(let other):
                Issue.record("\(label): \(error), but its other values give \(other)")
            }
        case .unmatched:
            let slashInPath = target.slots.contains { slot in
                if case .segment = slot.kind { given[slot.name]?.contains("/") == true } else { false }
            }
            #expect(target.hostPattern && slashInPath, "\(label): \(error)")
        default:
            Issue.record("\(label): unexpected \(error)")
        }
    }

    /// The URL as the matcher reads it: host and path segments percent-decoded, joined by
    /// `/`, so `%2F` and `/` read the same (as they do in a regex part).
    static func decoded(_ url: String) -> String {
        let rest = url.drop { $0 != ":" }.dropFirst().drop { $0 == "/" }
        return rest.split(separator: "/", omittingEmptySubsequences: false)
            .map { PercentDecoding.decode($0) }
            .joined(separator: "/")
    }

    static func kindName(_ error: ReverseRoutingError) -> String {
        switch error {
        case .emptyValue: "emptyValue"
        case .valueRejected: "valueRejected"
        case .shadowed: "shadowed"
        case .ambiguous: "ambiguous"
        case .unmatched: "unmatched"
        default: "other"
        }
    }
}
