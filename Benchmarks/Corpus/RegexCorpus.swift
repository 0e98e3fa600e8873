import Waypoint
import WaypointReference

/// Corpus (d): regex-heavy DeepLinkKit routes, the ones whose captures come from a regex
/// tail — `:id([0-9]+)`, `:city([a-zA-Z]+)/:place(.*)`, `:year([0-9]{4})-:month([0-9]{2})`,
/// alternations, classes, mixed segments, raw-regex hosts and hosts checked by a regex — each
/// with a URL made to match it and near misses.
///
/// Most routes are scheme-less path routes, so `match(path:)` answers their lookups (the
/// corpus's ``Corpus/pathHits``); the host routes are reachable from full URLs only. Every
/// route starts with its own feature word, as in ``AppCorpus``; the expected winners come from
/// `ReferenceMatcher` all the same.
enum RegexCorpus {
    /// Base words for features; a letter suffix makes each route's feature unique.
    private static let words = [
        "promo", "deal", "story", "profile", "ride", "order", "invite", "coupon", "event", "album",
        "track", "recipe", "course", "lesson", "ticket", "gift", "offer", "news", "video", "match",
    ]
    private static let cities = ["Paris", "Oslo", "Lima", "Kyoto", "Austin"]
    private static let places = ["le-cafe/menu", "harbour", "old-town/tours/3", "market", ""]
    private static let slugs = ["red-shoes-42", "blue", "summer-sale-2026", "x1"]
    private static let languages = ["en", "fr", "de", "es"]
    private static let pages = ["about", "pricing", "careers", "help"]
    private static let sections = ["news", "sport", "music", "films", "books"]
    /// The web host of path-route lookups.
    private static let web = "https://links.example.com"

    /// The kinds of route, each repeated by its weight.
    private enum Kind: CaseIterable {
        case number, cityPlace, yearMonth, slug, languagePage, alternation, characterClass
        case versionRest, extensionName, hostRegex, hostRegexTail, hostCheck

        var weight: Int {
            switch self {
            case .number: 20
            case .cityPlace: 15
            case .yearMonth, .slug, .languagePage: 10
            case .hostRegex: 8
            case .alternation, .characterClass, .versionRest, .extensionName, .hostRegexTail: 5
            case .hostCheck: 4
            }
        }

        /// Whether the route is a host route (its lookups need the full URL).
        var isHost: Bool { self == .hostRegex || self == .hostRegexTail || self == .hostCheck }
    }

    /// One generated route, a URL that matches it, and URLs near it that should not.
    private struct Example {
        let route: String
        let hit: String
        let misses: [String]
        let isHost: Bool
    }

    /// The corpus of `count` routes for `seed`.
    ///
    /// - Throws: when the reference matcher rejects a generated route or disagrees with
    ///   the construction (a generator bug).
    static func corpus(count: Int, seed: UInt64) throws -> Corpus {
        var random = SplitMix64(seed: seed ^ 0x4E6E_C0DE)
        let kinds = Kind.allCases.flatMap { repeatElement($0, count: $0.weight) }
        let examples = (0..<count).map { index in
            example(kinds: kinds, feature: random.pick(words) + suffix(index), random: &random)
        }
        let routes = examples.map(\.route)
        let reference = try ReferenceMatcher(routes: routes)
        var hits: [Lookup] = []
        var pathHits: [Lookup] = []
        var misses: [Lookup] = []
        for (index, example) in examples.enumerated() {
            guard let winner = reference.match(example.hit), winner.priority == index else {
                throw CorpusError.generator("\(example.hit) does not match its route \(example.route)")
            }
            let lookup = Lookup(
                url: example.hit, path: Lookup.path(of: example.hit), expected: Answer(winner))
            hits.append(lookup)
            // A path route's winner is the same for the bare path: no earlier route matches
            // the URL, so none of the path routes does.
            if !example.isHost { pathHits.append(lookup) }
            if let miss = example.misses.first(where: { reference.match($0) == nil }) {
                misses.append(Lookup(url: miss, path: Lookup.path(of: miss), expected: nil))
            }
        }
        return Corpus(
            name: "regex-\(count)", family: .regex, routes: routes, hits: hits, misses: misses,
            isPathOnly: false, pathHits: pathHits)
    }

    /// Letters for `index`, at least two: `aa`, `ab`, …
    private static func suffix(_ index: Int) -> String {
        var letters: [Character] = []
        var rest = index
        repeat {
            letters.append(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(rest % 26))))
            rest /= 26
        } while rest > 0 || letters.count < 2
        return String(letters.reversed())
    }

    private static func example(kinds: [Kind], feature f: String, random: inout SplitMix64) -> Example {
        let number = String(random.int(in: 1...99_999))
        // A query is never part of the match; some URLs carry one anyway.
        let query = random.chance(20) ? "?utm_source=bench&ref=\(number)" : ""
        let kind = random.pick(kinds)
        func make(_ route: String, _ hit: String, _ misses: [String]) -> Example {
            Example(route: route, hit: hit, misses: misses, isHost: kind.isHost)
        }
        switch kind {
        case .number:
            return make(
                "/\(f)/:id([0-9]+)", "\(web)/\(f)/\(number)\(query)",
                ["\(web)/\(f)/x\(number)", "\(web)/\(f)/\(number)/1"])
        case .cityPlace:
            return make(
                "/\(f)/:city([a-zA-Z]+)/:place(.*)",
                "\(web)/\(f)/\(random.pick(cities))/\(random.pick(places))\(query)",
                ["\(web)/\(f)/75/harbour", "\(web)/\(f)"])
        case .yearMonth:
            return make(
                "/\(f)/:year([0-9]{4})-:month([0-9]{2})",
                "\(web)/\(f)/\(random.int(in: 2000...2030))-0\(random.int(in: 1...9))\(query)",
                ["\(web)/\(f)/24-5", "\(web)/\(f)/2024-05-01"])
        case .slug:
            return make(
                "/\(f)/items/:slug([a-z0-9-]+)", "\(web)/\(f)/items/\(random.pick(slugs))",
                ["\(web)/\(f)/items/Big_Shoes", "\(web)/\(f)/items"])
        case .languagePage:
            return make(
                "/\(f)/:lang(en|fr|de|es)/:page([a-z]+)",
                "\(web)/\(f)/\(random.pick(languages))/\(random.pick(pages))\(query)",
                ["\(web)/\(f)/it/about", "\(web)/\(f)/en/about/team"])
        case .alternation:
            return make(
                "/\(f)/(new|hot|top)", "\(web)/\(f)/\(random.pick(["new", "hot", "top"]))",
                ["\(web)/\(f)/cold", "\(web)/\(f)/hot/1"])
        case .characterClass:
            return make(
                "/\(f)/[a-z]+-[0-9]+", "\(web)/\(f)/\(random.pick(sections))-\(number)",
                ["\(web)/\(f)/\(random.pick(sections).uppercased())-\(number)", "\(web)/\(f)/news"])
        case .versionRest:
            return make(
                "/\(f)/v:version([0-9]+)/:rest(.*)",
                "\(web)/\(f)/v\(random.int(in: 1...9))/\(random.pick(places))",
                ["\(web)/\(f)/vx/harbour", "\(web)/\(f)/2/harbour"])
        case .extensionName:
            return make(
                "/\(f)/:name([a-z]+).json", "\(web)/\(f)/\(random.pick(sections)).json",
                ["\(web)/\(f)/\(random.pick(sections)).xml", "\(web)/\(f)/42.json"])
        case .hostRegex:
            let host = random.chance(50) ? "www.\(f).example.com" : "\(f).example.com"
            return make(
                "(www\\.)?\(f)\\.example\\.com/deals/:deal([0-9]+)", "https://\(host)/deals/\(number)",
                ["https://\(f).example.org/deals/\(number)", "https://\(host)/deals/x\(number)"])
        case .hostRegexTail:
            let tld = random.pick(["com", "org"])
            let section = random.pick(sections)
            return make(
                "\(f)\\.example\\.(com|org)/:section([a-z]+)/:id([0-9]+)",
                "https://\(f).example.\(tld)/\(section)/\(number)",
                ["https://\(f).example.net/\(section)/\(number)", "https://\(f).example.\(tld)/\(section)"])
        case .hostCheck:
            let city = random.pick(cities).lowercased()
            return make(
                ":city([a-z]+).\(f).example.com/:id([0-9]+)", "https://\(city).\(f).example.com/\(number)",
                [
                    "https://\(city)2.\(f).example.com/\(number)",
                    "https://\(city).\(f).example.com/x\(number)",
                ])
        }
    }
}
