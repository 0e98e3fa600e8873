import Testing
import WaypointAssociation

/// The App Link matcher against hand-checked links: how a filter's `<data>` elements
/// combine, hosts, schemes and ports, verification, and the dynamic rules of Android's
/// documented examples.
@Suite("Android App Link matcher")
struct AndroidAppLinkMatcherTests {
    static func filter(_ data: [AndroidIntentFilter.Data], autoVerify: Bool = true) -> AndroidIntentFilter {
        AndroidIntentFilter(autoVerify: autoVerify, data: data)
    }

    @Test("every scheme with every host with every path, whichever element they are in")
    func merging() throws {
        // The <data> page's example: two elements, each with a scheme and a host.
        let matcher = AndroidAppLinkMatcher([
            Self.filter([
                .init(scheme: "https", host: "www.example.com"), .init(scheme: "app", host: "open.my.app"),
                .init(paths: [try AndroidPathPattern(.prefix, "/a")]),
            ])
        ])
        for url in [
            "https://www.example.com/a", "app://open.my.app/ab", "app://www.example.com/a",
            "https://open.my.app/a",
        ] {
            #expect(matcher.decision(for: url).filter == 0, "\(url)")
        }
        #expect(matcher.decision(for: "https://www.example.com/b").outcome == .noFilter)
    }

    @Test("without a path attribute every path; without a host every host, paths ignored")
    func missingParts() throws {
        let everyPath = AndroidAppLinkMatcher([Self.filter([.init(scheme: "https", host: "a.com")])])
        #expect(everyPath.decision(for: "https://a.com/x/y").opensApp)
        let everyHost = AndroidIntentFilter(
            data: [.init(scheme: "https", paths: [try AndroidPathPattern(.path, "/only")])])
        #expect(AndroidAppLinkMatcher([everyHost]).decision(for: "https://b.com/other").filter == 0)
        #expect(everyHost.verificationProblems == [.noHost])
        let noScheme = AndroidAppLinkMatcher([Self.filter([.init(host: "a.com")])])
        #expect(noScheme.decision(for: "https://a.com/").outcome == .noFilter)
    }

    /// A large manifest has about a hundred filters; `android check` tries several links per
    /// path attribute, and every link was tried on every filter, which made checking a
    /// thousand filters take minutes. Links are tried only on the filters that fix their
    /// first segment or fix none, in filter order, so the answers stay the same.
    @Test("ten times a large manifest: a link is tried on the filters of its first segment")
    func filterIndex() throws {
        let count = 1_000
        var filters = [
            Self.filter(
                [.init(scheme: "https", host: "a.com", paths: [try AndroidPathPattern(.prefix, "/p7/")])],
                autoVerify: false)
        ]
        for index in 0..<count {
            filters.append(
                Self.filter([
                    .init(
                        scheme: "https", host: "a.com",
                        paths: [try AndroidPathPattern(.prefix, "/p\(index)/")])
                ]))
        }
        filters.append(
            Self.filter([
                .init(
                    scheme: "https", host: "a.com", paths: [try AndroidPathPattern(.pattern, "/.*/special")])
            ]))
        let matcher = AndroidAppLinkMatcher(filters)
        let cases: [(url: String, outcome: AndroidAppLinkDecision.Outcome, filter: Int?, tried: Int)] = [
            ("https://a.com/p7/x", .opens, 8, 2),
            ("https://a.com/p999/x", .opens, 1_000, 1),
            ("https://a.com/p5/special", .opens, 6, 1),
            ("https://a.com/q/special", .opens, count + 1, 1),
            ("https://a.com/q/other", .noFilter, nil, 1),
            ("https://a.com/p999", .noFilter, nil, 2),
        ]
        for expected in cases {
            var tried = 0
            let decision = matcher.decision(for: expected.url, filtersTried: &tried)
            #expect(decision.outcome == expected.outcome, "\(expected.url)")
            #expect(decision.filter == expected.filter, "\(expected.url)")
            #expect(tried == expected.tried, "\(expected.url)")
        }
    }

    static let hosts: [(String, String?, String, Bool)] = [
        ("example.com", nil, "https://example.com/", true),
        ("example.com", nil, "https://EXAMPLE.com/", true),
        ("example.com", nil, "https://www.example.com/", false),
        ("*.example.com", nil, "https://shop.example.com/", true),
        ("*.example.com", nil, "https://a.b.example.com/", true),
        ("*.example.com", nil, "https://example.com/", false),
        ("example.com", "8443", "https://example.com:8443/", true),
        ("example.com", "8443", "https://example.com/", false),
        ("example.com", nil, "HTTPS://example.com/", false),
    ]

    @Test("hosts without regard to case, a leading *, ports; schemes exactly", arguments: hosts)
    func host(_ host: String, _ port: String?, _ url: String, _ taken: Bool) {
        let matcher = AndroidAppLinkMatcher([Self.filter([.init(scheme: "https", host: host, port: port)])])
        #expect(matcher.decision(for: url).opensApp == taken)
    }

    @Test("the path is matched decoded")
    func decodedPath() throws {
        let matcher = AndroidAppLinkMatcher([
            Self.filter([
                .init(
                    scheme: "https", host: "a.com", paths: [try AndroidPathPattern(.path, "/caf\u{E9}/a b")])
            ])
        ])
        #expect(matcher.decision(for: "https://a.com/caf%C3%A9/a%20b").opensApp)
    }

    @Test("unverified filters and hosts without a statement keep links in the browser")
    func verification() {
        let data = [AndroidIntentFilter.Data(scheme: "https", host: "a.com")]
        #expect(
            AndroidAppLinkMatcher([Self.filter(data, autoVerify: false)]).decision(for: "https://a.com/")
                .outcome == .unverifiedFilter)
        // A verified filter after an unverified one still opens the app.
        let both = AndroidAppLinkMatcher([Self.filter(data, autoVerify: false), Self.filter(data)])
        #expect(both.decision(for: "https://a.com/").filter == 1)
        let unverifiedHost = AndroidAppLinkMatcher([Self.filter(data)], verifiedHosts: ["b.com"])
        #expect(unverifiedHost.decision(for: "https://a.com/").outcome == .hostNotVerified)
        let unsupported = AndroidIntentFilter(data: data, unsupported: ["a mimeType"])
        #expect(AndroidAppLinkMatcher([unsupported]).decision(for: "https://a.com/").outcome == .noFilter)
    }

    /// The dynamic rules of Android's "Configure dynamic rules" example.
    static let documented = AndroidDynamicRules(components: [
        .init(query: ["dl": "*"]), .init(fragment: "app"), .init(path: "/products/*"),
        .init(path: "/shoes", query: ["in_app": "true"]), .init(path: "*", exclude: true),
    ])

    static let dynamic: [(String, Bool)] = [
        ("https://a.com/products/123", true),
        ("https://a.com/shoes?in_app=true", true),
        ("https://a.com/shoes", false),
        ("https://a.com/shoes?in_app=false", false),
        ("https://a.com/anything?dl=abc", true),
        ("https://a.com/anything#app", true),
        ("https://a.com/anything#other", false),
        ("https://a.com/other", false),
    ]

    @Test("the documented dynamic rules, first match decides", arguments: dynamic)
    func documentedRules(_ url: String, _ opens: Bool) {
        let matcher = AndroidAppLinkMatcher(
            [Self.filter([.init(scheme: "https", host: "a.com")])], dynamicRules: Self.documented)
        #expect(matcher.decision(for: url).opensApp == opens)
    }

    @Test("query dictionaries: every entry must match some item, in any order")
    func query() {
        let rules = AndroidDynamicRules(components: [.init(query: ["dl": "*", "in_app": "true"])])
        func opens(_ query: String) -> Bool {
            guard let link = AndroidLinkURI("https://a.com/?" + query) else { return false }
            return rules.decidingRule(path: "/", queryItems: link.queryItems, fragment: nil) != nil
        }
        #expect(opens("in_app=true&dl=abc"))
        #expect(opens("lang=en&in_app=true&tz=pst&dl=abc"))
        #expect(!opens("lang=en&tz=pst&dl=abc"))
    }

    @Test("order: an exclusion first hides every later rule; no match is excluded")
    func order() {
        let data = [AndroidIntentFilter.Data(scheme: "https", host: "a.com")]
        func opens(_ components: [AndroidDynamicRules.Component], _ url: String) -> Bool {
            AndroidAppLinkMatcher(
                [Self.filter(data)], dynamicRules: AndroidDynamicRules(components: components)
            )
            .decision(for: url).opensApp
        }
        #expect(!opens([.init(path: "*", exclude: true), .init(path: "/path1")], "https://a.com/path1"))
        #expect(opens([.init(path: "/path1"), .init(path: "*", exclude: true)], "https://a.com/path1"))
        #expect(!opens([.init(path: "/path1"), .init(path: "/path2")], "https://a.com/path3"))
        #expect(!opens([.init(path: "/path1", exclude: true), .init(path: "*")], "https://a.com/path1"))
        #expect(opens([.init(path: "/path1", exclude: true), .init(path: "*")], "https://a.com/path2"))
    }

    static let wildcards: [(String, String, Bool)] = [
        ("*", "", true), ("*", "/a/b", true), ("/products/*", "/products/1/2", true),
        ("/p/*/r", "/p/1/r", true), ("/p/*/r", "/p/1/2/r", false), ("?", "a", true), ("?", "", false),
        ("?*", "", false), ("?*", "ab", true), ("/a?c", "/abc", true), ("/a*?", "/a", false),
        ("/a*?", "/ab", true),
        ("/x", "/X", false),
    ]

    @Test("dynamic-rule wildcards as documented", arguments: wildcards)
    func wildcard(_ pattern: String, _ text: String, _ matches: Bool) {
        #expect(AndroidDynamicRules.matches(pattern, text) == matches)
    }
}
