import Foundation
import Testing
import Waypoint
import WaypointAssociation

/// Every example of Apple's documentation (Documentation/aasa.md §1), read and matched as
/// the documentation describes it.
@Suite("AASA: Apple's documented examples (aasa.md §1)")
struct UniversalLinkDocumentedExampleTests {
    /// [applinks]: the universal links section of Bundle Resources' `applinks` page.
    @Test("applinks: fragment exclusion, /buy/*, /help/website/* excluded, /help/* with articleNumber")
    func appLinksPage() throws {
        let matcher = try AASA.matcher(
            #"""
            {"applinks": {"details": [{
              "appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"],
              "components": [
                {"#": "no_universal_links", "exclude": true,
                 "comment": "Matches any URL whose fragment equals no_universal_links and instructs the system not to open it as a universal link"},
                {"/": "/buy/*", "comment": "Matches any URL whose path starts with /buy/"},
                {"/": "/help/website/*", "exclude": true,
                 "comment": "Matches any URL whose path starts with /help/website/ and instructs the system not to open it as a universal link"},
                {"/": "/help/*", "?": {"articleNumber": "????"},
                 "comment": "Matches any URL whose path starts with /help/ and that has a query item with name 'articleNumber' and a value of exactly 4 characters"}
              ]}]}}
            """#)
        let rule = { (index: Int) in "applinks.details[0].components[\(index)]" }
        AASA.expect(
            matcher,
            [
                .init(
                    url: "https://example.com/buy/shoes#no_universal_links", outcome: .excluded, rule: rule(0)
                ),
                .init(
                    url: "https://example.com/anything#no_universal_links", outcome: .excluded, rule: rule(0)),
                .init(url: "https://example.com/buy/", outcome: .opens, rule: rule(1)),
                .init(url: "https://example.com/buy/shoes/red?size=9", outcome: .opens, rule: rule(1)),
                .init(url: "https://example.com/buy", outcome: .noMatch),
                .init(
                    url: "https://example.com/buy/shoes#no_universal_links_please", outcome: .opens,
                    rule: rule(1)),
                .init(url: "https://example.com/help/website/faq", outcome: .excluded, rule: rule(2)),
                .init(
                    url: "https://example.com/help/website/faq?articleNumber=1234", outcome: .excluded,
                    rule: rule(2)),
                .init(url: "https://example.com/help/app?articleNumber=1234", outcome: .opens, rule: rule(3)),
                .init(url: "https://example.com/help/app?articleNumber=123", outcome: .noMatch),
                .init(url: "https://example.com/help/app?articleNumber=12345", outcome: .noMatch),
                .init(url: "https://example.com/help/app", outcome: .noMatch),
                .init(url: "https://example.com/other", outcome: .noMatch),
                // The same rules serve both apps of the entry.
                .init(url: "https://example.com/buy/x", outcome: .opens, rule: rule(1), app: AASA.app2),
                .init(url: "https://example.com/buy/x", outcome: .appNotListed, app: "ZZZZZ99999.com.other"),
            ])
    }

    /// [domains]: the whole file of *Supporting associated domains*, other services kept.
    @Test("Supporting associated domains: applinks beside webcredentials and appclips")
    func supportingAssociatedDomains() throws {
        let file = try AppSiteAssociation(
            json: #"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"],
                  "components": [
                    {"#": "no_universal_links", "exclude": true},
                    {"/": "/buy/*"},
                    {"/": "/help/website/*", "exclude": true},
                    {"/": "/help/*", "?": {"articleNumber": "????"}}]}]},
                 "webcredentials": {"apps": ["ABCDE12345.com.example.app"]},
                 "appclips": {"apps": ["ABCED12345.com.example.MyApp.Clip"]}}
                """#)
        #expect(file.otherServices.keys.sorted() == ["appclips", "webcredentials"])
        #expect(file.otherServices["webcredentials"] == ["apps": ["ABCDE12345.com.example.app"]])
        let matcher = try UniversalLinkMatcher(try #require(file.universalLinks))
        #expect(matcher.decision(for: "https://example.com/buy/1", appID: AASA.app2).opensApp)
        #expect(matcher.applicationIdentifiers == [AASA.app, AASA.app2])
    }

    /// [details]: `/buy/*` with a fragment, and `defaults` that ignore case.
    @Test("details: /buy/* and #my_great_product_123, ignoring case")
    func detailsPage() throws {
        let matcher = try AASA.matcher(
            #"""
            {"applinks": {"details": [{
              "appIDs": [ "ABCDE12345.com.example.app", "ABCDE12345.com.example.app2" ],
              "components": [{"/": "/buy/*", "#": "my_great_product_123",
                "comment": "Matches any URL whose path starts with /buy/ and fragment equals my_great_product_123, ignoring case"}],
              "defaults": { "caseSensitive": false }}]}}
            """#)
        let rule = "applinks.details[0].components[0]"
        AASA.expect(
            matcher,
            [
                .init(url: "https://example.com/buy/x#my_great_product_123", outcome: .opens, rule: rule),
                .init(url: "https://example.com/BUY/x#MY_GREAT_PRODUCT_123", outcome: .opens, rule: rule),
                .init(url: "https://example.com/buy/x#my_great_product_124", outcome: .noMatch),
                .init(url: "https://example.com/buy/x", outcome: .noMatch),
                .init(url: "https://example.com/sell/x#my_great_product_123", outcome: .noMatch),
            ])
    }

    /// [query]: `"?": { "productID": "12345" }`.
    @Test("Query: a productID item with the value 12345")
    func queryPage() throws {
        let matcher = try AASA.matcher(AASA.file(components: #"[{"?": { "productID": "12345" }}]"#))
        let rule = "applinks.details[0].components[0]"
        AASA.expect(
            matcher,
            [
                .init(url: "https://example.com/p?productID=12345", outcome: .opens, rule: rule),
                .init(url: "https://example.com/?a=1&productID=12345&b", outcome: .opens, rule: rule),
                .init(url: "https://example.com/p?productID=1234", outcome: .noMatch),
                .init(url: "https://example.com/p?productid=12345", outcome: .noMatch),
                .init(url: "https://example.com/p", outcome: .noMatch),
                // [wwdc19]: every item of the name must match.
                .init(url: "https://example.com/p?productID=12345&productID=9", outcome: .noMatch),
            ])
    }

    /// [variables]: `/$(lang)_$(region)/$(food)/`.
    @Test("SubstitutionVariables: /$(lang)_$(region)/$(food)/")
    func substitutionVariablesPage() throws {
        let matcher = try AASA.matcher(
            AASA.file(
                components: #"[{ "/" : "/$(lang)_$(region)/$(food)/" }]"#,
                section: #""substitutionVariables": {"food": [ "burrito", "pizza", "sushi", "samosa" ]}"#))
        let rule = "applinks.details[0].components[0]"
        AASA.expect(
            matcher,
            [
                .init(url: "https://example.com/en_US/pizza/", outcome: .opens, rule: rule),
                .init(url: "https://example.com/ar_CA/samosa/", outcome: .opens, rule: rule),
                .init(url: "https://example.com/zh_US/sushi/", outcome: .opens, rule: rule),
                .init(url: "https://example.com/en_US/pizza", outcome: .noMatch),
                .init(url: "https://example.com/en_US/tacos/", outcome: .noMatch),
                .init(url: "https://example.com/xx_US/pizza/", outcome: .noMatch),
                .init(url: "https://example.com/en_ZZ/pizza/", outcome: .noMatch),
                // Variables are case-sensitive by default.
                .init(url: "https://example.com/EN_US/pizza/", outcome: .noMatch),
                .init(url: "https://example.com/en_us/pizza/", outcome: .noMatch),
            ])
    }

    /// [variables]: the predefined variables hold what Apple lists.
    @Test("SubstitutionVariables, C11: the predefined variables")
    func predefinedVariables() throws {
        let strings = UniversalLinkMatcher.predefinedVariables
        #expect(strings["alpha"]?.count == 52)
        #expect(strings["upper"] == (65...90).map { String(UnicodeScalar(UInt8($0))) })
        #expect(strings["lower"]?.first == "a" && strings["lower"]?.last == "z")
        #expect(strings["alnum"]?.count == 62)
        #expect(strings["digit"] == ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"])
        #expect(strings["xdigit"]?.count == 22)
        for region in ["CA", "US", "GB", "FR", "JP"] { #expect(strings["region"]?.contains(region) == true) }
        #expect(strings["region"]?.contains("001") == false)
        for language in ["ar", "en", "zh", "fr"] { #expect(strings["lang"]?.contains(language) == true) }
        let matcher = try AASA.matcher(
            AASA.file(components: #"[{"/": "/$(upper)$(lower)$(digit)$(xdigit)/$(alnum)$(alpha)"}]"#))
        #expect(matcher.decision(for: "https://e.com/Ab3f/9Z", appID: AASA.app).opensApp)
        #expect(!matcher.decision(for: "https://e.com/ab3f/9Z", appID: AASA.app).opensApp)
        #expect(!matcher.decision(for: "https://e.com/Ab3g/9Z", appID: AASA.app).opensApp)
    }

    /// [wwdc19]: query items `articleNumber` of four characters and `articleName` of one or
    /// more; absent items count as "".
    @Test("WWDC19: /help/* with articleNumber ???? and articleName ?*")
    func wwdc19() throws {
        let matcher = try AASA.matcher(
            AASA.file(
                components: #"[{"/": "/help/*", "?": { "articleNumber": "????", "articleName": "?*" }}]"#))
        let rule = "applinks.details[0].components[0]"
        AASA.expect(
            matcher,
            [
                .init(
                    url: "https://example.com/help/x?articleNumber=1234&articleName=wifi", outcome: .opens,
                    rule: rule),
                .init(
                    url: "https://example.com/help/x?articleName=wifi&articleNumber=abcd", outcome: .opens,
                    rule: rule),
                .init(url: "https://example.com/help/x?articleNumber=1234", outcome: .noMatch),
                .init(url: "https://example.com/help/x?articleNumber=1234&articleName", outcome: .noMatch),
                .init(url: "https://example.com/help/x?articleNumber=1234&articleName=", outcome: .noMatch),
            ])
    }

    /// [wwdc20]: case-insensitive and Unicode patterns.
    @Test("WWDC20: /sourdough/?* ignoring case, and a Unicode pattern with percentEncoded false")
    func wwdc20() throws {
        let matcher = try AASA.matcher(
            AASA.file(
                components:
                    #"[{"/": "/sourdough/?*", "caseSensitive": false}, {"/": "/哈哈/?*", "percentEncoded": false}]"#
            ))
        AASA.expect(
            matcher,
            [
                .init(
                    url: "https://example.com/SourDough/loaf", outcome: .opens,
                    rule: "applinks.details[0].components[0]"),
                .init(url: "https://example.com/sourdough/", outcome: .noMatch),
                .init(
                    url: "https://example.com/%E5%93%88%E5%93%88/1", outcome: .opens,
                    rule: "applinks.details[0].components[1]"),
                .init(url: "https://example.com/%E5%93%88/1", outcome: .noMatch),
            ])
    }

    /// [search-guide]: the legacy `paths` example. As published, its second app ID
    /// (`ABCD1234.com.apple.wwdc`) has an 8-character prefix, which is not a team ID.
    @Test("App Search guide: the legacy paths example")
    func legacyPaths() throws {
        let published = #"""
            {"applinks": {"apps": [], "details": [
              {"appID": "9JA89QQLNQ.com.apple.wwdc", "paths": ["/wwdc/news/", "/videos/wwdc/2015/*"]},
              {"appID": "ABCD1234.com.apple.wwdc", "paths": ["*"]}]}}
            """#
        #expect(
            throws: AppSiteAssociationError(
                .invalidAppID("ABCD1234.com.apple.wwdc"), at: "applinks.details[1].appID")
        ) {
            try AppSiteAssociation(json: published)
        }
        let matcher = try AASA.matcher(published.replacingOccurrences(of: "ABCD1234.", with: "ABCD123456."))
        let wwdc = "9JA89QQLNQ.com.apple.wwdc"
        let other = "ABCD123456.com.apple.wwdc"
        AASA.expect(
            matcher,
            [
                .init(
                    url: "https://example.com/wwdc/news/", outcome: .opens,
                    rule: "applinks.details[0].paths[0]", app: wwdc),
                .init(url: "https://example.com/wwdc/news", outcome: .noMatch, app: wwdc),
                .init(
                    url: "https://example.com/wwdc/news/?x=1#y", outcome: .opens,
                    rule: "applinks.details[0].paths[0]", app: wwdc),
                .init(
                    url: "https://example.com/videos/wwdc/2015/keynote", outcome: .opens,
                    rule: "applinks.details[0].paths[1]", app: wwdc),
                .init(url: "https://example.com/videos/wwdc/2016/keynote", outcome: .noMatch, app: wwdc),
                .init(
                    url: "https://example.com/anything", outcome: .opens,
                    rule: "applinks.details[1].paths[0]", app: other),
            ])
    }

    /// [search-guide]: `NOT ` excludes, and order matters.
    @Test("App Search guide: NOT paths before a catch-all")
    func legacyExclusions() throws {
        let matcher = try AASA.matcher(
            #"{"applinks": {"details": [{"appID": "\#(AASA.app)", "paths": ["NOT /settings/*", "NOT /activity/*", "*"]}]}}"#
        )
        AASA.expect(
            matcher,
            [
                .init(
                    url: "https://example.com/settings/privacy", outcome: .excluded,
                    rule: "applinks.details[0].paths[0]"),
                .init(
                    url: "https://example.com/activity/1", outcome: .excluded,
                    rule: "applinks.details[0].paths[1]"),
                .init(
                    url: "https://example.com/bridger", outcome: .opens, rule: "applinks.details[0].paths[2]"),
                .init(
                    url: "https://example.com/settings", outcome: .opens, rule: "applinks.details[0].paths[2]"
                ),
            ])
    }
}
