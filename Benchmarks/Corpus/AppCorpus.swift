import Waypoint
import WaypointReference

/// Corpus (b): app-style DeepLinkKit routes — host routes, scheme routes, `:name(regex)`
/// groups, mixed segments (`:name.json`), raw-regex segments and hosts, `*`, `**` and
/// `:name?` — each with a URL made to match it and near misses.
///
/// Every route starts with its own feature word (`promoab`, `storyac`, …), so routes
/// rarely overlap; the expected winners come from `ReferenceMatcher` all the same.
enum AppCorpus {
    /// Base words for features; a letter suffix makes each route's feature unique.
    private static let words = [
        "promo", "deal", "story", "profile", "ride", "order", "invite", "coupon", "event", "album",
        "track", "recipe", "course", "lesson", "ticket", "gift", "offer", "news", "video", "match",
    ]
    private static let sections = ["news", "sport", "music", "films", "books"]
    private static let cities = ["Paris", "Oslo", "Lima", "Kyoto", "Austin"]
    private static let places = ["le-cafe/menu", "harbour", "old-town/tours/3", "market", ""]

    /// The kinds of route, each repeated by its weight.
    private enum Kind: CaseIterable {
        case path, schemeHost, hostParameters, regexGroup, twoGroups, mixedExtension, mixedPair
        case rawAlternation, rawClass, glob, optional, wildcard, hostRegex

        var weight: Int {
            switch self {
            case .path: 20
            case .schemeHost, .hostParameters, .regexGroup: 10
            case .mixedExtension, .optional: 8
            case .twoGroups, .mixedPair, .rawAlternation, .glob, .wildcard, .hostRegex: 5
            case .rawClass: 4
            }
        }
    }

    /// One generated route, a URL that matches it, and URLs near it that should not.
    private struct Example {
        let route: String
        let hit: String
        let misses: [String]
    }

    /// The corpus of `count` routes for `seed`.
    ///
    /// - Throws: when the reference matcher rejects a generated route or disagrees with
    ///   the construction (a generator bug).
    static func corpus(count: Int, seed: UInt64) throws -> Corpus {
        var random = SplitMix64(seed: seed ^ 0xA99_C0DE)
        let kinds = Kind.allCases.flatMap { repeatElement($0, count: $0.weight) }
        let examples = (0..<count).map { index in
            example(kinds: kinds, feature: random.pick(words) + suffix(index), random: &random)
        }
        let routes = examples.map(\.route)
        let reference = try ReferenceMatcher(routes: routes)
        var hits: [Lookup] = []
        var misses: [Lookup] = []
        for (index, example) in examples.enumerated() {
            guard let winner = reference.match(example.hit), winner.priority <= index else {
                throw CorpusError.generator("\(example.hit) does not match its route \(example.route)")
            }
            hits.append(
                Lookup(url: example.hit, path: Lookup.path(of: example.hit), expected: Answer(winner)))
            if let miss = example.misses.first(where: { reference.match($0) == nil }) {
                misses.append(Lookup(url: miss, path: Lookup.path(of: miss), expected: nil))
            }
        }
        return Corpus(
            name: "app-\(count)", family: .app, routes: routes, hits: hits, misses: misses, isPathOnly: false)
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
        let web = "https://links.example.com"
        let number = String(random.int(in: 1...99_999))
        let word = random.pick(sections)
        // A query is never part of the match; some URLs carry one anyway.
        let query = random.chance(20) ? "?utm_source=bench&ref=\(number)" : ""
        switch random.pick(kinds) {
        case .path:
            let value = random.chance(20) ? "caf%C3%A9-\(number)" : number
            return Example(
                route: "/\(f)/:id", hit: "\(web)/\(f)/\(value)\(query)",
                misses: ["\(web)/\(f)/\(value)/zz", "\(web)/\(f)"])
        case .schemeHost:
            let host = random.chance(25) ? f.uppercased() : f
            return Example(
                route: "myapp://\(f)/:id", hit: "myapp://\(host)/\(number)\(query)",
                misses: ["zzapp://\(f)/\(number)", "myapp://\(f)/\(number)/zz", "myapp://\(f)"])
        case .hostParameters:
            return Example(
                route: "\(f)/:section/:id", hit: "shop://\(f)/\(word)/\(number)\(query)",
                misses: ["shop://zz\(f)/\(word)/\(number)", "shop://\(f)/\(word)"])
        case .regexGroup:
            return Example(
                route: "/\(f)/:id([0-9]+)", hit: "\(web)/\(f)/\(number)",
                misses: ["\(web)/\(f)/x\(number)", "\(web)/\(f)/\(number)/1"])
        case .twoGroups:
            return Example(
                route: "/\(f)/:city([a-zA-Z]+)/:place(.*)",
                hit: "\(web)/\(f)/\(random.pick(cities))/\(random.pick(places))\(query)",
                misses: ["\(web)/\(f)/75/harbour", "\(web)/\(f)"])
        case .mixedExtension:
            return Example(
                route: "/\(f)/:name.json", hit: "\(web)/\(f)/\(word).json",
                misses: ["\(web)/\(f)/\(word).xml", "\(web)/\(f)/\(word)xjson"])
        case .mixedPair:
            return Example(
                route: "/\(f)/:year([0-9]{4})-:month([0-9]{2})",
                hit: "\(web)/\(f)/\(random.int(in: 2000...2030))-0\(random.int(in: 1...9))",
                misses: ["\(web)/\(f)/24-5", "\(web)/\(f)/2024-05-01"])
        case .rawAlternation:
            return Example(
                route: "/\(f)/(new|hot|top)", hit: "\(web)/\(f)/\(random.pick(["new", "hot", "top"]))",
                misses: ["\(web)/\(f)/cold", "\(web)/\(f)/hot/1"])
        case .rawClass:
            return Example(
                route: "/\(f)/[a-z]+-[0-9]+", hit: "\(web)/\(f)/\(word)-\(number)",
                misses: ["\(web)/\(f)/\(word.uppercased())-\(number)", "\(web)/\(f)/\(word)"])
        case .glob:
            return Example(
                route: "/\(f)/**", hit: "\(web)/\(f)/\(word)/\(number)/all",
                misses: ["\(web)/zz\(f)/\(word)", "\(web)/zz/\(f)"])
        case .optional:
            let hit = random.chance(50) ? "\(web)/\(f)" : "\(web)/\(f)/\(number)"
            return Example(
                route: "/\(f)/:code?", hit: hit + query,
                misses: ["\(web)/\(f)/\(number)/1", "\(web)/zz\(f)"])
        case .wildcard:
            return Example(
                route: "/\(f)/*/detail", hit: "\(web)/\(f)/\(word)/detail",
                misses: ["\(web)/\(f)/\(word)/summary", "\(web)/\(f)//detail"])
        case .hostRegex:
            let host = random.chance(50) ? "www.\(f).example.com" : "\(f).example.com"
            return Example(
                route: "(www\\.)?\(f)\\.example\\.com/deals/:deal", hit: "https://\(host)/deals/\(number)",
                misses: ["https://\(f).example.org/deals/\(number)", "https://\(host)/deals"])
        }
    }
}
