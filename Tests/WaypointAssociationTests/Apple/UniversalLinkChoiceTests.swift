import Foundation
import Testing
import Waypoint
import WaypointAssociation

/// The choices Documentation/aasa.md makes where Apple's text is open (C*n*), and the
/// matching rules of §3–§5.
@Suite("AASA: matching rules and choices (aasa.md §3–§5)")
struct UniversalLinkChoiceTests {
    static let first = "applinks.details[0].components[0]"
    static let second = "applinks.details[0].components[1]"

    @Test("§3.1: * matches zero or more characters, / included; ? exactly one; ?* one or more")
    func wildcards() throws {
        let matcher = try AASA.matcher(
            AASA.file(components: #"[{"/": "/a/*"}, {"/": "/b/?"}, {"/": "/c/?*"}, {"/": "/d*e/x"}]"#))
        AASA.expect(
            matcher,
            [
                .init(url: "https://e.com/a/", outcome: .opens, rule: Self.first),
                .init(url: "https://e.com/a/x/y/z", outcome: .opens, rule: Self.first),
                .init(url: "https://e.com/b/x", outcome: .opens, rule: Self.second),
                .init(url: "https://e.com/b/", outcome: .noMatch),
                .init(url: "https://e.com/b/xy", outcome: .noMatch),
                .init(url: "https://e.com/c/", outcome: .noMatch),
                .init(url: "https://e.com/c/x/y", outcome: .opens, rule: "applinks.details[0].components[2]"),
                // A * in the middle matches zero characters too (Apple: "zero or more").
                .init(url: "https://e.com/de/x", outcome: .opens, rule: "applinks.details[0].components[3]"),
                .init(url: "https://e.com/d/e/x", outcome: .opens, rule: "applinks.details[0].components[3]"),
            ])
    }

    @Test("C8: a character is a Unicode scalar")
    func characters() throws {
        let matcher = try AASA.matcher(AASA.file(components: #"[{"/": "/?", "percentEncoded": false}]"#))
        #expect(matcher.decision(for: "https://e.com/%C3%A9", appID: AASA.app).opensApp)
        // e + combining acute: two scalars.
        #expect(!matcher.decision(for: "https://e.com/e%CC%81", appID: AASA.app).opensApp)
    }

    @Test("§3.3: wildcard runs mean the same after normalising")
    func wildcardRuns() throws {
        let matcher = try AASA.matcher(AASA.file(components: #"[{"/": "/*?*?"}, {"/": "/x**y"}]"#))
        let run = try AASA.matcher(AASA.file(components: #"[{"/": "/x**y"}]"#))
        AASA.expect(
            matcher,
            [
                .init(url: "https://e.com/a", outcome: .noMatch),
                .init(url: "https://e.com/ab", outcome: .opens, rule: Self.first),
                .init(url: "https://e.com/abc/d", outcome: .opens, rule: Self.first),
            ])
        #expect(run.decision(for: "https://e.com/xy", appID: AASA.app).opensApp)
        #expect(run.decision(for: "https://e.com/x/a/y", appID: AASA.app).opensApp)
        #expect(!run.decision(for: "https://e.com/xa", appID: AASA.app).opensApp)
    }

    @Test("§5.2: the first matching rule decides; exclusions earlier win")
    func firstMatch() throws {
        let matcher = try AASA.matcher(
            AASA.file(components: #"[{"/": "/e/*", "exclude": true}, {"/": "*"}, {"/": "/e/x"}]"#))
        AASA.expect(
            matcher,
            [
                .init(url: "https://e.com/e/x", outcome: .excluded, rule: Self.first),
                .init(url: "https://e.com/f", outcome: .opens, rule: Self.second),
            ])
    }

    @Test(
        "C14, C16: an app's rules are those of every entry naming it, in order; other apps' entries do not count"
    )
    func severalEntries() throws {
        let matcher = try AASA.matcher(
            #"""
            {"applinks": {"details": [
              {"appID": "\#(AASA.app2)", "components": [{"/": "*", "exclude": true}]},
              {"appIDs": ["\#(AASA.app)"], "components": [{"/": "/a/*", "exclude": true}]},
              {"appID": "\#(AASA.app)", "appIDs": ["\#(AASA.app2)"], "components": [{"/": "*"}]}]}}
            """#)
        AASA.expect(
            matcher,
            [
                .init(
                    url: "https://e.com/a/1", outcome: .excluded, rule: "applinks.details[1].components[0]"),
                .init(url: "https://e.com/b", outcome: .opens, rule: "applinks.details[2].components[0]"),
                .init(
                    url: "https://e.com/b", outcome: .excluded, rule: "applinks.details[0].components[0]",
                    app: AASA.app2),
            ])
        #expect(matcher.applicationIdentifiers == [AASA.app2, AASA.app])
    }

    @Test("C15: the bundle ID compares ignoring ASCII case, the team ID as written")
    func appIDCase() throws {
        let matcher = try AASA.matcher(AASA.file(components: #"[{"/": "*"}]"#))
        #expect(matcher.decision(for: "https://e.com/", appID: "ABCDE12345.COM.Example.APP").opensApp)
        #expect(
            matcher.decision(for: "https://e.com/", appID: "abcde12345.com.example.app").outcome
                == .appNotListed)
        #expect(matcher.lists(appID: AASA.app))
    }

    @Test("§5.3, C20: an absent key matches anything; an absent query or fragment is the empty string")
    func absentParts() throws {
        let matcher = try AASA.matcher(
            AASA.file(components: ##"[{"?": "", "#": ""}, {"?": "?*"}, {"#": "?*"}]"##))
        AASA.expect(
            matcher,
            [
                .init(url: "https://e.com/x", outcome: .opens, rule: Self.first),
                .init(url: "https://e.com/x?", outcome: .opens, rule: Self.first),
                .init(url: "https://e.com/x?q", outcome: .opens, rule: Self.second),
                .init(url: "https://e.com/x#f", outcome: .opens, rule: "applinks.details[0].components[2]"),
            ])
    }

    @Test("C19: an empty path is matched as /")
    func emptyPath() throws {
        let matcher = try AASA.matcher(AASA.file(components: #"[{"/": "/"}]"#))
        #expect(matcher.decision(for: "https://e.com", appID: AASA.app).opensApp)
        #expect(matcher.decision(for: "https://e.com?x=1", appID: AASA.app).opensApp)
        #expect(matcher.decision(for: "https://e.com/", appID: AASA.app).opensApp)
    }

    @Test("C18, C21: http and https only; the host is not compared; long URLs are not matched")
    func urlParts() throws {
        let matcher = try AASA.matcher(AASA.file(components: #"[{"/": "/a"}]"#))
        #expect(matcher.decision(for: "http://other.example/a", appID: AASA.app).opensApp)
        #expect(matcher.decision(for: "HTTPS://e.com/a", appID: AASA.app).opensApp)
        #expect(matcher.decision(for: "shop://e.com/a", appID: AASA.app).outcome == .notUniversalLink)
        #expect(matcher.decision(for: "/a", appID: AASA.app).outcome == .notUniversalLink)
        let long = "https://e.com/a?" + String(repeating: "x", count: UniversalLinkMatcher.maximumURLLength)
        #expect(matcher.decision(for: long, appID: AASA.app).outcome == .urlTooLong)
        #expect(matcher.decision(for: URL(string: "https://e.com/a")!, appID: AASA.app).opensApp)
    }

    @Test("§5.6, C22: query items: every item of the name, absent and valueless as \"\", names literal")
    func queryItems() throws {
        let matcher = try AASA.matcher(
            AASA.file(components: #"[{"?": {"a": "", "b*": "1"}}, {"?": {"x": "*"}, "exclude": true}]"#))
        AASA.expect(
            matcher,
            [
                .init(url: "https://e.com/?b*=1", outcome: .opens, rule: Self.first),
                .init(url: "https://e.com/?a&b*=1", outcome: .opens, rule: Self.first),
                .init(url: "https://e.com/?a=&b*=1&&", outcome: .opens, rule: Self.first),
                .init(url: "https://e.com/?a=1&b*=1", outcome: .excluded, rule: Self.second),
                .init(url: "https://e.com/?bb=1", outcome: .excluded, rule: Self.second),
                // A `*` value matches every URL, the absent item included.
                .init(url: "https://e.com/nothing", outcome: .excluded, rule: Self.second),
            ])
        let plus = try AASA.matcher(AASA.file(components: #"[{"?": {"q": "a b"}, "percentEncoded": false}]"#))
        #expect(plus.decision(for: "https://e.com/?q=a%20b", appID: AASA.app).opensApp)
        #expect(!plus.decision(for: "https://e.com/?q=a+b", appID: AASA.app).opensApp)
    }

    @Test("C23: caseSensitive false folds pattern, URL, variables and query item names")
    func caseFolding() throws {
        let matcher = try AASA.matcher(
            AASA.file(
                components:
                    #"[{"/": "/Ü/$(v)", "?": {"Key": "VAL"}, "caseSensitive": false, "percentEncoded": false}]"#,
                section: #""substitutionVariables": {"v": ["Ab"]}"#))
        #expect(matcher.decision(for: "https://e.com/%C3%BC/aB?kEY=val", appID: AASA.app).opensApp)
        #expect(!matcher.decision(for: "https://e.com/%C3%BC/aB?kEY=valx", appID: AASA.app).opensApp)
    }

    @Test("C24: percentEncoded true compares as written, false after decoding")
    func percentEncoding() throws {
        let matcher = try AASA.matcher(
            AASA.file(
                components: #"""
                    [{"/": "/caf%C3%A9"},
                     {"/": "/café", "percentEncoded": false},
                     {"/": "/a/b", "percentEncoded": false},
                     {"/": "/bad%zz", "percentEncoded": false},
                     {"/": "/x%c3%a9"}]
                    """#))
        AASA.expect(
            matcher,
            [
                .init(url: "https://e.com/caf%C3%A9", outcome: .opens, rule: Self.first),
                .init(url: "https://e.com/caf%c3%a9", outcome: .opens, rule: Self.second),
                .init(url: "https://e.com/a%2Fb", outcome: .opens, rule: "applinks.details[0].components[2]"),
                // An invalid escape leaves the URL as written.
                .init(
                    url: "https://e.com/bad%zz", outcome: .opens, rule: "applinks.details[0].components[3]"),
                // Hex digits compare as written under percentEncoded true.
                .init(url: "https://e.com/x%C3%A9", outcome: .noMatch),
                .init(
                    url: "https://e.com/x%c3%a9", outcome: .opens, rule: "applinks.details[0].components[4]"),
            ])
    }

    @Test("C17: defaults hold any component property; component, then entry, then section")
    func defaultsInheritance() throws {
        let matcher = try AASA.matcher(
            #"""
            {"applinks": {
              "defaults": {"caseSensitive": false, "#": "f", "comment": "ignored"},
              "details": [{"appIDs": ["\#(AASA.app)"], "defaults": {"caseSensitive": true, "exclude": true},
                "components": [{"/": "/secret/*"}, {"/": "/Open/*", "exclude": false, "caseSensitive": false, "#": "*"}]}]}}
            """#)
        AASA.expect(
            matcher,
            [
                .init(url: "https://e.com/secret/1#f", outcome: .excluded, rule: Self.first),
                .init(url: "https://e.com/SECRET/1#f", outcome: .noMatch),
                .init(url: "https://e.com/secret/1", outcome: .noMatch),
                .init(url: "https://e.com/open/1", outcome: .opens, rule: Self.second),
            ])
    }

    @Test("§5.1 [wwdc19]: components win over paths; paths stand in without components")
    func componentsOverPaths() throws {
        let matcher = try AASA.matcher(
            #"{"applinks": {"details": [{"appID": "\#(AASA.app)", "paths": ["*"], "components": [{"/": "/a"}]}]}}"#
        )
        #expect(matcher.decision(for: "https://e.com/b", appID: AASA.app).outcome == .noMatch)
        #expect(matcher.decision(for: "https://e.com/a", appID: AASA.app).rule?.kind == .component)
    }

    @Test("C25: legacy paths ignore query and fragment, take caseSensitive and percentEncoded defaults")
    func legacySettings() throws {
        let matcher = try AASA.matcher(
            #"""
            {"applinks": {"defaults": {"caseSensitive": false, "exclude": true, "/": "/never"},
              "details": [{"appID": "\#(AASA.app)", "defaults": {"percentEncoded": false},
                "paths": ["NOT /A/é", "/a/*", "NOT/b"]}]}}
            """#)
        AASA.expect(
            matcher,
            [
                .init(
                    url: "https://e.com/a/%C3%A9", outcome: .excluded, rule: "applinks.details[0].paths[0]"),
                .init(url: "https://e.com/A/X?q#f", outcome: .opens, rule: "applinks.details[0].paths[1]"),
                // Only "NOT " with one space excludes; the rest is a pattern.
                .init(url: "https://e.com/b", outcome: .noMatch),
            ])
    }

    @Test("C12, C13, §4.2: variables replace predefined names; empty ones match nothing; a lone $ is literal")
    func variables() throws {
        let matcher = try AASA.matcher(
            AASA.file(
                components: #"[{"/": "/$(lang)/$"}, {"/": "/n/$(none)"}, {"/": "/$x(/?"}]"#,
                section: #""substitutionVariables": {"lang": ["en", "f?"], "none": []}"#))
        AASA.expect(
            matcher,
            [
                .init(url: "https://e.com/en/$", outcome: .opens, rule: Self.first),
                .init(url: "https://e.com/fr/$", outcome: .opens, rule: Self.first),
                .init(url: "https://e.com/de/$", outcome: .noMatch),
                .init(url: "https://e.com/n/", outcome: .noMatch),
                .init(url: "https://e.com/$x(/1", outcome: .opens, rule: "applinks.details[0].components[2]"),
            ])
    }

    @Test("C7: appID and appIDs together name every app of both")
    func appIDAndAppIDs() throws {
        let file = try AppSiteAssociation(
            json:
                #"{"applinks": {"details": [{"appID": "\#(AASA.app2)", "appIDs": ["\#(AASA.app)"], "components": []}]}}"#
        )
        #expect(file.universalLinks?.details.first?.applicationIdentifiers == [AASA.app, AASA.app2])
    }
}
