import Foundation
import Testing
import WaypointReference

@testable import Waypoint
@testable import WaypointExplain

/// One or more cases per rule of Documentation/spec/routing.md §1, §2 and §4, each of which fails when its
/// rule
/// is broken. A case registers its routes in order and names the winner for one URL.
@Suite("Routing rules (Documentation/spec/routing.md §1, §2, §4)")
struct RoutingRuleTests {
    struct Rule: CustomTestStringConvertible, Sendable {
        let rule: String
        let routes: [String]
        var options = RouterOptions()
        let url: String
        /// The winning route, or nil for no match.
        let winner: String?
        var parameters: RouteParameters? = nil
        var testDescription: String { "\(rule): \(url)" }
    }

    static let rules: [Rule] = [
        // §1 Route strings
        Rule(
            rule: "§1 a route scheme matches only that scheme", routes: ["myapp://timeline"],
            url: "other://timeline", winner: nil),
        Rule(
            rule: "§1 schemes compare case-insensitively", routes: ["MyApp://timeline"],
            url: "myAPP://timeline", winner: "MyApp://timeline"),
        Rule(
            rule: "§1 a route without a scheme accepts any scheme", routes: ["/say/:w"],
            url: "zz+a.b-c://h/say/x", winner: "/say/:w", parameters: ["w": "x"]),
        Rule(
            rule: "§1 a scheme is recognised only at the start", routes: ["/go/:to(https://.+)"],
            url: "a://h/go/https://x.y", winner: "/go/:to(https://.+)", parameters: ["to": "https://x.y"]),
        Rule(
            rule: "§1 path routes match whatever the host", routes: ["/a/b"], url: "x://anything.example/a/b",
            winner: "/a/b"),
        Rule(
            rule: "§1 path routes are anchored at the start", routes: ["/say/:word"],
            url: "dpl://h/extra/say/hello", winner: nil),
        Rule(
            rule: "§1 path routes are anchored at the end", routes: ["/say/:word"],
            url: "dpl://h/say/hello/there", winner: nil),
        Rule(
            rule: "§1 a host route's first component is the host", routes: ["timeline"],
            url: "twitter://dpl.com/timeline", winner: nil),
        Rule(
            rule: "§1 a path route does not match the host", routes: ["/timeline"], url: "twitter://timeline",
            winner: nil),
        Rule(
            rule: "§1 a host route matches host and path", routes: ["shop.example/items/:id"],
            url: "https://shop.example/items/7", winner: "shop.example/items/:id", parameters: ["id": "7"]),
        Rule(
            rule: "§1 a raw-regex first component matches host + path",
            routes: ["(www\\.)?shop\\.example/items/.*"], url: "https://www.shop.example/items/7/x",
            winner: "(www\\.)?shop\\.example/items/.*"),
        Rule(rule: "§1 .* matches every URL", routes: [".*"], url: "a:b", winner: ".*"),
        Rule(
            rule: "§1 .* matches a URL with a decoded line feed", routes: [".*"], url: "x://h/a%0Ab",
            winner: ".*"),
        Rule(
            rule: "§2 a regex dot matches a decoded line feed", routes: ["/f/:p(.+)"], url: "s://h/f/%0A",
            winner: "/f/:p(.+)", parameters: ["p": "\n"]),
        Rule(
            rule: "§1 scheme://.* matches every URL of that scheme", routes: ["myscheme://.*"],
            url: "other://x/y", winner: nil),
        Rule(
            rule: "§1 a slash inside a group does not end the host component", routes: ["(a/b|c)/x"],
            url: "s://c/x", winner: "(a/b|c)/x"),
        Rule(
            rule: "§1 a host :name(regex) is matched against the host alone", routes: [":h([^.]+)"],
            url: "myapp://settings/profile", winner: nil),
        Rule(
            rule: "§1 a host :name(regex) takes the whole host", routes: [":h([^.]+)"],
            url: "myapp://settings",
            winner: ":h([^.]+)", parameters: ["h": "settings"]),
        Rule(
            rule: "§1 an empty host matches no host pattern", routes: [":h([^.]+)", "/x"], url: "myapp:///x",
            winner: "/x"),
        Rule(
            rule: "§1 a host :name(.*) does not take the path", routes: ["http://:path(.*)"],
            url: "http://example.com/a/b", winner: nil),
        Rule(
            rule: "§1 a mixed host segment is matched against the host alone",
            routes: [":sub.example.com/:file"], url: "app://cdn.example.com/a%2Fb",
            winner: ":sub.example.com/:file", parameters: ["sub": "cdn", "file": "a/b"]),
        Rule(
            rule: "§1 after a host :name(regex) the path follows §4 segment by segment",
            routes: [":h([a-z]+)/:x"], url: "app://n/a%2Fb", winner: ":h([a-z]+)/:x",
            parameters: ["h": "n", "x": "a/b"]),
        Rule(
            rule: "§1 after a host :name(regex) a regex tail starts where the path's regex does",
            routes: [":h([a-z]+)/v/:rest(.*)"], url: "app://n/v/a%2Fb/c", winner: ":h([a-z]+)/v/:rest(.*)",
            parameters: ["h": "n", "rest": "a/b/c"]),
        Rule(
            rule: "§1 a non-ASCII literal host stays a literal", routes: ["café.com/:id"],
            url: "app://café.com/a%2Fb", winner: "café.com/:id", parameters: ["id": "a/b"]),
        Rule(
            rule: "§1 a raw-regex host still takes host + path as one string", routes: ["[a-z]+/.*"],
            url: "app://abc/x/y", winner: "[a-z]+/.*"),
        Rule(
            rule: "§1 a raw-regex host sees decoded slashes as separators", routes: ["[a-z]+/:x"],
            url: "app://abc/a%2Fb", winner: nil),
        // §2 Segments
        Rule(rule: "§2 a literal's dot is a plain dot", routes: ["dpl.com"], url: "s://dplxcom", winner: nil),
        Rule(
            rule: "§2 literals compare after percent-decoding", routes: ["/a b/c"], url: "s://h/a%20b/c",
            winner: "/a b/c"),
        Rule(
            rule: "§2 a parameter needs a non-empty segment", routes: ["/a/:x/b"], url: "s://h/a//b",
            winner: nil),
        Rule(
            rule: "§2 a parameter takes exactly one segment", routes: ["/a/:x"], url: "s://h/a/1/2",
            winner: nil),
        Rule(
            rule: "§2 parameter names take [A-Za-z0-9_-]", routes: ["/u/:user_id-2"], url: "s://h/u/9",
            winner: "/u/:user_id-2", parameters: ["user_id-2": "9"]),
        Rule(
            rule: "§2 a regex group may span slashes", routes: ["/f/:path(.*)"], url: "s://h/f/a/b/c",
            winner: "/f/:path(.*)", parameters: ["path": "a/b/c"]),
        Rule(
            rule: "§2 a regex group is anchored to its route", routes: ["/n/:id([0-9]+)"], url: "s://h/n/12a",
            winner: nil),
        Rule(
            rule: "§2 an optional parameter may be absent", routes: ["/account/:code?"], url: "s://h/account",
            winner: "/account/:code?", parameters: [:]),
        Rule(
            rule: "§2 an optional parameter may be present", routes: ["/account/:code?"],
            url: "s://h/account/7", winner: "/account/:code?", parameters: ["code": "7"]),
        Rule(
            rule: "§2 * matches one non-empty segment and captures nothing", routes: ["/items/*/detail"],
            url: "s://h/items/4/detail", winner: "/items/*/detail", parameters: [:]),
        Rule(
            rule: "§2 ** captures the rest joined by /", routes: ["/docs/**"], url: "s://h/docs/a/b",
            winner: "/docs/**", parameters: ["**": "a/b"]),
        Rule(
            rule: "§2 ** captures \"\" for zero segments", routes: ["/docs/**"], url: "s://h/docs",
            winner: "/docs/**", parameters: ["**": ""]),
        Rule(
            rule: "§2 ** in a regex tail captures \"\" for zero segments", routes: ["/v/:n([0-9]+)/**"],
            url: "s://h/v/2", winner: "/v/:n([0-9]+)/**", parameters: ["n": "2", "**": ""]),
        Rule(
            rule: "§2 text after a parameter stays part of the pattern", routes: ["/file/:name.json"],
            url: "s://h/file/a.json", winner: "/file/:name.json", parameters: ["name": "a"]),
        Rule(
            rule: "§2 a mixed segment's dot is a plain dot", routes: ["/file/:name.json"],
            url: "s://h/file/axjson", winner: nil),
        Rule(
            rule: "§2 several parameters share a segment", routes: ["/r/:from..:to"], url: "s://h/r/3..9",
            winner: "/r/:from..:to", parameters: ["from": "3", "to": "9"]),
        Rule(
            rule: "§2 a parameter is shortest first when text follows", routes: ["/p/:a.:b"],
            url: "s://h/p/1.2.3", winner: "/p/:a.:b", parameters: ["a": "1", "b": "2.3"]),
        Rule(
            rule: "§2 - is a name character, so :from-:to names from-", routes: ["/r/:from-:to"],
            url: "s://h/r/ab", winner: "/r/:from-:to", parameters: ["from-": "a", "to": "b"]),
        Rule(
            rule: "§2 a metacharacter makes the text regex", routes: ["/v/:n([0-9]+)(\\.json)?"],
            url: "s://h/v/3.json", winner: "/v/:n([0-9]+)(\\.json)?", parameters: ["n": "3"]),
        Rule(
            rule: "§2 in a regex segment . is the regex dot", routes: ["/v/a.c+"], url: "s://h/v/axccc",
            winner: "/v/a.c+"),
        Rule(
            rule: "§2 unnamed groups do not shift parameters", routes: ["/(a|b)/(c|d)/:id"],
            url: "s://h/b/c/7", winner: "/(a|b)/(c|d)/:id", parameters: ["id": "7"]),
        Rule(
            rule: "§2 a named group outside the match is absent",
            routes: ["/pay/(:card([0-9]+)|:token([a-z]+))"], url: "s://h/pay/abc",
            winner: "/pay/(:card([0-9]+)|:token([a-z]+))", parameters: ["token": "abc"]),
        Rule(
            rule: "§2 (?:…) is not a parameter", routes: ["/x/(?:ab|cd)/:id"], url: "s://h/x/cd/5",
            winner: "/x/(?:ab|cd)/:id", parameters: ["id": "5"]),
        Rule(
            rule: "§2 [:alpha:] inside a class is not a parameter", routes: ["/x/[[:alpha:]]+"],
            url: "s://h/x/abc", winner: "/x/[[:alpha:]]+", parameters: [:]),
        Rule(
            rule: "§2 \\: is a literal colon", routes: ["/time/12\\:30"], url: "s://h/time/12:30",
            winner: "/time/12\\:30", parameters: [:]),
        Rule(rule: "§2 | is scoped to its segment", routes: ["/a|b/c"], url: "s://h/a", winner: nil),
        Rule(
            rule: "§2 a ( that opens no group gives a parameter no regex", routes: ["/f/:id(?#the id).json"],
            url: "s://h/f/7.json", winner: "/f/:id(?#the id).json", parameters: ["id": "7"]),
        Rule(
            rule: "§2 a / in a comment does not split", routes: ["/c/a(?#x/y)b"], url: "s://h/c/ab",
            winner: "/c/a(?#x/y)b", parameters: [:]),
        // §4 What a URL is matched as
        Rule(
            rule: "§4 literal hosts compare case-insensitively", routes: ["Shop.Example/x"],
            url: "s://SHOP.example/x", winner: "Shop.Example/x"),
        Rule(
            rule: "§4 a captured host keeps its case", routes: [":h/x"], url: "s://MyHost/x", winner: ":h/x",
            parameters: ["h": "MyHost"]),
        Rule(
            rule: "§4 ports and user-info are not the host", routes: ["h.example"],
            url: "s://u:p@h.example:81", winner: "h.example"),
        Rule(
            rule: "§4 an absent host is the empty string", routes: [":h/x", "/x"], url: "s:///x", winner: "/x"
        ),
        Rule(
            rule: "§4 the path splits before decoding", routes: ["/f/:name"], url: "s://h/f/a%2Fb",
            winner: "/f/:name", parameters: ["name": "a/b"]),
        Rule(
            rule: "§4 an encoded slash does not split", routes: ["/f/a/b"], url: "s://h/f/a%2Fb", winner: nil),
        Rule(
            rule: "§4 an invalid escape is kept as written", routes: ["/f/:name"], url: "s://h/f/50%zz",
            winner: "/f/:name", parameters: ["name": "50%zz"]),
        Rule(
            rule: "§4 regex parts see the decoded remainder", routes: ["/f/:rest(.*)"],
            url: "s://h/f/a%20b/c%2Fd", winner: "/f/:rest(.*)", parameters: ["rest": "a b/c/d"]),
        Rule(
            rule: "§4 one trailing slash is ignored on a path route", routes: ["/a/b"], url: "s://h/a/b/",
            winner: "/a/b"),
        Rule(
            rule: "§4 only one trailing slash is ignored", routes: ["/a/b"], url: "s://h/a/b//", winner: nil),
        Rule(
            rule: "§4 a route's own trailing slash is ignored", routes: ["/a/b/"], url: "s://h/a/b",
            winner: "/a/b/"),
        Rule(
            rule: "§4 a regex tail sees the path as if it had a trailing slash", routes: ["/d/:rest(.*)"],
            url: "s://h/d", winner: "/d/:rest(.*)", parameters: ["rest": ""]),
        Rule(
            rule: "§4 strict: a trailing slash must match", routes: ["/a/b"],
            options: RouterOptions(strictTrailingSlash: true), url: "s://h/a/b/", winner: nil),
        Rule(
            rule: "§4 strict: a route's trailing slash must match", routes: ["/a/b/"],
            options: RouterOptions(strictTrailingSlash: true), url: "s://h/a/b/", winner: "/a/b/"),
        Rule(
            rule: "§4 strict: a tail sees the trailing slash", routes: ["/d/:rest(.*)"],
            options: RouterOptions(strictTrailingSlash: true), url: "s://h/d/x/", winner: "/d/:rest(.*)",
            parameters: ["rest": "x/"]),
        Rule(
            rule: "§4 paths are case-sensitive by default", routes: ["/Items"], url: "s://h/items",
            winner: nil),
        Rule(
            rule: "§4 caseInsensitivePaths folds literals", routes: ["/Items/:id"],
            options: RouterOptions(caseInsensitivePaths: true), url: "s://h/iTEMS/Ab", winner: "/Items/:id",
            parameters: ["id": "Ab"]),
        Rule(
            rule: "§4 a literal of up to eight bytes is not a longer segment that ends in NUL",
            routes: ["/ab", "/abcdefg"], url: "s://h/abcdefg%00", winner: nil),
        Rule(
            rule: "§4 a literal of eight bytes is not its first eight bytes with more",
            routes: ["/abcdefgh/:x", "/abcdefghi"], url: "s://h/abcdefghi", winner: "/abcdefghi"),
        Rule(
            rule: "§4 caseInsensitivePaths folds literals of every length", routes: ["/a/bcdefghi/jk"],
            options: RouterOptions(caseInsensitivePaths: true), url: "s://h/A/BcDeFgHi/JK",
            winner: "/a/bcdefghi/jk"),
        Rule(
            rule: "§4 caseInsensitivePaths folds regex parts", routes: ["/v/:x([a-z]+)"],
            options: RouterOptions(caseInsensitivePaths: true), url: "s://h/v/ABC", winner: "/v/:x([a-z]+)",
            parameters: ["x": "ABC"]),
        Rule(
            rule: "§4 caseInsensitivePaths folds non-ASCII literals", routes: ["/café"],
            options: RouterOptions(caseInsensitivePaths: true), url: "s://h/CAF%C3%89", winner: "/café"),
        Rule(
            rule: "§4 ASCII folding never matches look-alikes", routes: ["/kelvin"],
            options: RouterOptions(caseInsensitivePaths: true), url: "s://h/%E2%84%AAelvin", winner: nil),
        Rule(
            rule: "§4 caseInsensitivePaths keeps a non-ASCII literal a literal", routes: ["/café/:id"],
            options: RouterOptions(caseInsensitivePaths: true), url: "s://h/CAF%C3%89/a%2Fb",
            winner: "/café/:id",
            parameters: ["id": "a/b"]),
        Rule(
            rule: "§4 caseInsensitivePaths: ** after a non-ASCII literal and * is empty",
            routes: ["/café/*/**"],
            options: RouterOptions(caseInsensitivePaths: true), url: "s://h/caf%C3%A9/a%2Fb",
            winner: "/café/*/**", parameters: ["**": ""]),
        Rule(
            rule: "§4 a non-ASCII literal is a literal in the middle of a route too", routes: ["/a/é/:x/b"],
            options: RouterOptions(caseInsensitivePaths: true), url: "s://h/A/%C3%89/x%2Fy/B",
            winner: "/a/é/:x/b", parameters: ["x": "x/y"]),
        Rule(
            rule: "§4 a regex part folds k to the Kelvin sign (PCRE2's Unicode folding)",
            routes: ["/k", "/k+"],
            options: RouterOptions(caseInsensitivePaths: true), url: "s://h/%E2%84%AA", winner: "/k+"),
        Rule(
            rule: "§4 a regex group folds k to the Kelvin sign", routes: ["/x/:x(k)"],
            options: RouterOptions(caseInsensitivePaths: true), url: "s://h/x/%E2%84%AA", winner: "/x/:x(k)",
            parameters: ["x": "\u{212A}"]),
        Rule(
            rule: "§4 literal text of a mixed segment folds ASCII as ASCII", routes: ["/m/:n.k"],
            options: RouterOptions(caseInsensitivePaths: true), url: "s://h/m/a.%E2%84%AA", winner: nil),
        Rule(rule: "§4 the query is never matched", routes: ["/s"], url: "s://h/s?q=1", winner: "/s"),
        Rule(rule: "§4 the fragment is never matched", routes: ["/s"], url: "s://h/s#frag/x", winner: "/s"),
        Rule(
            rule: "§4 a ? in a route is regex, not a query", routes: ["/search?q=:term"],
            url: "s://h/search?q=x", winner: nil),
    ]

    @Test("rule holds", arguments: rules)
    func rule(_ rule: Rule) throws {
        let router = Router(options: rule.options)
        for route in rule.routes { try router.register(RouteName(route)) { _ in } }
        let match = router.match(rule.url)
        #expect(match?.route == rule.winner, "\(router.explain(rule.url))")
        if let parameters = rule.parameters { #expect(match?.routeParameters == parameters) }
        // The per-route walk and the reference matcher agree with the trie.
        #expect(router.explain(rule.url).first(where: \.matched)?.route == rule.winner)
        let reference = try ReferenceMatcher(routes: rule.routes, options: rule.options)
        #expect(reference.match(rule.url) == match)
    }

    struct Stop: CustomTestStringConvertible, Sendable {
        let route: String
        var options = RouterOptions()
        let url: String
        let stop: RouteStop
        var testDescription: String { "\(route): \(url)" }
    }

    /// Where `explain` says a host pattern or a folding literal stopped.
    static let stops: [Stop] = [
        Stop(route: ":h([^.]+)", url: "myapp://settings/profile", stop: .extraSegments(at: .path(1))),
        Stop(route: ":h([a-z]+)/x", url: "app://n1/x", stop: .regexFailed(at: .host)),
        Stop(route: ":h([a-z]+)/x", url: "app:///x", stop: .emptySegment(at: .host)),
        Stop(
            route: "café.com/x", url: "app://cafe.com/x",
            stop: .literalDiffers(at: .host, expected: "café.com", actual: "cafe.com")),
        Stop(
            route: "/a/café", options: RouterOptions(caseInsensitivePaths: true), url: "s://h/A/cafe",
            stop: .literalDiffers(at: .path(2), expected: "café", actual: "cafe")),
    ]

    @Test("explain names where a checked segment stopped", arguments: stops)
    func explainedStop(_ example: Stop) throws {
        let router = Router(options: example.options)
        try router.register(RouteName(example.route)) { _ in }
        #expect(router.explain(example.url).first?.outcome == .stopped(example.stop))
    }

    @Test("§4 URLs over the length bound match nothing, with urlTooLong")
    func lengthBound() throws {
        let router = Router(options: RouterOptions(maxURLLength: 32))
        try router.register(".*") { _ in }
        let short = "s://h/" + String(repeating: "a", count: 26)
        #expect(short.utf8.count == 32)
        #expect(router.match(short) != nil)
        #expect(router.matchResult(short + "a") == .failure(.urlTooLong))
        #expect(router.handle(short + "a").failure == .urlTooLong)
        // Bytes are counted, not characters.
        #expect(router.matchResult("s://h/" + String(repeating: "é", count: 14)) == .failure(.urlTooLong))
        #expect(
            router.explain(short + "a").allSatisfy {
                $0.outcome == .stopped(.urlTooLong(length: 33, limit: 32))
            })
    }

    @Test("§4 a string without a scheme is not a URL")
    func invalidURL() throws {
        let router = Router()
        try router.register(".*") { _ in }
        #expect(router.matchResult("/no/scheme") == .failure(.invalidURL))
        #expect(router.matchResult("1http://x") == .failure(.invalidURL))
        #expect(router.explain("nothing").first?.outcome == .stopped(.invalidURL))
    }

    @Test("§1 route strings are stored verbatim")
    func verbatim() throws {
        let router = Router()
        let routes = ["/a/ ", "Dpl.com/X", "s://:h", "/x/(?:a|b)"]
        for route in routes { try router.register(RouteName(route)) { _ in } }
        #expect(router.routes == routes)
    }

    @Test("match(path:) matches scheme-less path routes only")
    func pathAPI() throws {
        let router = Router()
        try router.register("app://x/:y") { _ in }
        try router.register("h.example/:y") { _ in }
        try router.register("/items/:id") { _ in }
        #expect(
            router.match(path: "/items/42?x#y")
                == RouteMatch(route: "/items/:id", routeParameters: ["id": "42"], priority: 2))
        #expect(router.match(path: "/x/1") == nil)
        #expect(router.match(path: "items/42")?.route == "/items/:id")
    }

    /// The split finds a bare path's `?` or `#` while it looks for `/` and `%`, eight bytes
    /// at a time, so the stop is tried in every byte lane, after a trailing slash, before
    /// and after a `%`, and first.
    @Test(
        "match(path:) ends the path at its first ? or # wherever it falls",
        arguments: [false, true])
    func pathQueryEnds(strictTrailingSlash: Bool) throws {
        let router = Router(options: RouterOptions(strictTrailingSlash: strictTrailingSlash))
        for route in ["/items/:id", "/items/:id/:tab", "/items", "/", "/a/**", "/p/:v", "/t/:rest(.*)"] {
            try router.register(RouteName(route)) { _ in }
        }
        let bases =
            [
                "", "/", "/items", "/items/", "/items/42", "/items/42/", "/items/42/reviews", "/items/4%32",
                "/items/4%32/x%2Fy", "/a/b/c", "/t/a/b", "/t/", "items/7",
            ]
            + (1...17).map { "/p/" + String(repeating: "v", count: $0) }
        let ends = ["?", "#", "?q=1", "#frag", "?q=%zz&r=/x", "#a?b/c", "?%41", "?/", "#%"]
        for base in bases {
            let expected = router.match(path: base)
            for end in ends {
                #expect(router.match(path: base + end) == expected, "\(base + end)")
            }
        }
        #expect(router.match(path: "/items/4%32?x")?.routeParameters == ["id": "42"])
        #expect(router.match(path: "/t/a/b?c")?.routeParameters == ["rest": "a/b"])
    }
}
