import Foundation
import Testing

@testable import Waypoint

@Suite("Deep link value")
struct DeepLinkTests {
    private typealias Support = ModelTestSupport

    @Test("the subscript prefers route parameters, then query parameters")
    func subscriptOrder() throws {
        let link = try Support.link(
            "dpl://x/ride/7?id=query&partner=uber&data=%5B1%5D&dpl%3Ajson-encoded-fields=%5B%22data%22%5D",
            routeParameters: ["id": "7"])
        #expect(link["id"] == "7")
        #expect(link["partner"] == "uber")
        #expect(link["data"] == [1])
        #expect(link["missing"] == nil)
    }

    @Test("query items keep every item in order with raw strings")
    func queryItems() throws {
        let link = try Support.link(
            "dpl://x?a=1&data=%5B1%5D&a=2&dpl%3Ajson-encoded-fields=%5B%22data%22%5D")
        #expect(
            link.queryItems == [
                DeepLinkQueryItem(name: "a", value: "1"), DeepLinkQueryItem(name: "data", value: "[1]"),
                DeepLinkQueryItem(name: "a", value: "2"),
                DeepLinkQueryItem(name: "dpl:json-encoded-fields", value: #"["data"]"#),
            ])
        #expect(link.queryParameters["a"] == "2")
        #expect(link.queryItems.first?.description == "a=1")
    }

    @Test("no query, an empty query and a lone ? give no parameters")
    func emptyQueries() throws {
        for string in ["dpl://x/path", "dpl://x/path?", "dpl://x/path?&&", "dpl://x/path#frag?a=1"] {
            let link = try #require(DeepLink(url: try Support.url(string)))
            #expect(link.queryItems.isEmpty, "\(string)")
            #expect(link.queryParameters.isEmpty, "\(string)")
        }
    }

    @Test("init(url:) reads the query up to the fragment")
    func fragmentExcluded() throws {
        let link = try #require(DeepLink(url: try Support.url("dpl://x/p?a=1&b=2#c=3")))
        #expect(link.queryParameters == ["a": "1", "b": "2"])
        #expect(link.routeParameters.isEmpty)
    }

    @Test("init(url:) needs a scheme")
    func relativeURL() throws {
        #expect(DeepLink(url: try Support.url("just/a/path?a=1")) == nil)
        #expect(DeepLink(url: try Support.url("dpl:opaque?a=1"))?.queryParameters == ["a": "1"])
    }

    @Test("the router's initializer takes the raw query as given")
    func routerInitializer() throws {
        let url = try #require(URL(string: "dpl://x/p?ignored=1"))
        let withQuery = DeepLink(url: url, routeParameters: ["p": "v"], rawQuery: "a=%20")
        #expect(withQuery.queryParameters == ["a": " "])
        #expect(withQuery.routeParameters == ["p": "v"])
        let withoutQuery = DeepLink(url: url, routeParameters: [:], rawQuery: nil)
        #expect(withoutQuery.queryItems.isEmpty)
    }

    @Test("the attachment is kept and is not part of equality")
    func attachment() throws {
        let url = try #require(URL(string: "dpl://x/p"))
        let first = DeepLink(url: url, routeParameters: [:], rawQuery: nil, attachment: 1)
        let second = DeepLink(url: url, routeParameters: ["a": "b"], rawQuery: nil, attachment: "other")
        #expect(first.attachment as? Int == 1)
        #expect(first == second)
        #expect(DeepLink(url: url, routeParameters: [:], rawQuery: nil).attachment == nil)
    }

    @Test("links with different URLs differ")
    func inequality() throws {
        #expect(try Support.link("dpl://x/a?q=1") != Support.link("dpl://x/a?q=2"))
        #expect(try Support.link("dpl://x/a") != Support.link("DPL://x/a"))
    }

    struct CallbackCase: CustomTestStringConvertible, Sendable {
        let rule: String
        let query: String
        let callback: String?
        var testDescription: String { rule }
    }

    @Test(
        "callbackURL",
        arguments: [
            CallbackCase(rule: "absent", query: "a=1", callback: nil),
            CallbackCase(
                rule: "dpl_callback_url", query: "dpl_callback_url=btn%3A%2F%2Fback", callback: "btn://back"),
            CallbackCase(
                rule: "dpl_callback_url wins over the App Links referrer",
                query:
                    "dpl_callback_url=btn%3A%2F%2Fback&al_applink_data=%7B%22referer_app_link%22%3A%7B%22url%22%3A%22ref%3A%2F%2Fx%22%7D%7D",
                callback: "btn://back"),
            CallbackCase(
                rule: "the referrer URL when dpl_callback_url is not a URL",
                query:
                    "dpl_callback_url=&al_applink_data=%7B%22referer_app_link%22%3A%7B%22url%22%3A%22ref%3A%2F%2Fx%22%7D%7D",
                callback: "ref://x"),
            CallbackCase(
                rule: "a referrer URL that is not a string gives none",
                query: "al_applink_data=%7B%22referer_app_link%22%3A%7B%22url%22%3A5%7D%7D", callback: nil),
            CallbackCase(
                rule: "a top-level url in al_applink_data is not a referrer",
                query: "al_applink_data=%7B%22url%22%3A%22ref%3A%2F%2Fx%22%7D", callback: nil),
        ])
    func callbackURL(_ example: CallbackCase) throws {
        let link = try Support.link("dpl://x/p?" + example.query)
        #expect(link.callbackURL?.absoluteString == example.callback)
    }

    @Test("a link that is not an App Link has no App Links values")
    func notAnAppLink() throws {
        for query in ["a=1", "al_applink_data=oops", "al_applink_data=%5B1%5D"] {
            let link = try Support.link("dpl://x/p?" + query)
            #expect(link.appLinkData == nil)
            #expect(link.appLinkTargetURL == nil)
            #expect(link.appLinkExtras == nil)
            #expect(link.appLinkVersion == nil)
            #expect(link.appLinkUserAgent == nil)
            #expect(link.appLinkReferrerTargetURL == nil)
            #expect(link.appLinkReferrerURL == nil)
            #expect(link.appLinkReferrerAppName == nil)
        }
    }

    @Test("App Links fields of the wrong type read as nil")
    func appLinkWrongTypes() throws {
        let data: JSONValue = [
            "target_url": 1, "extras": "x", "version": 1, "user_agent": [], "referer_app_link": "x",
        ]
        let encoded = URICharacters.percentEncode(data.jsonString, keeping: URICharacters.isUnreserved)
        let link = try Support.link("dpl://x/p?al_applink_data=" + encoded)
        #expect(link.appLinkData != nil)
        #expect(link.appLinkTargetURL == nil)
        #expect(link.appLinkExtras == nil)
        #expect(link.appLinkVersion == nil)
        #expect(link.appLinkUserAgent == nil)
        #expect(link.appLinkReferrerTargetURL == nil)
        #expect(link.appLinkReferrerURL == nil)
        #expect(link.appLinkReferrerAppName == nil)
    }
}
