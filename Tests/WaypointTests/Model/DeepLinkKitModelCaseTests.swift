import Foundation
import Testing

@testable import Waypoint
@testable import WaypointLinkBuilder

/// The cases of `Tests/Fixtures/deeplinkkit-model-cases.md` that concern the deep link value
/// and the builder, by their case numbers. Cases 49-55 (dispatch) belong to the router.
///
/// Cases that say "Given route X, match URL" build the deep link directly with the route
/// parameters that route captures; the router-level versions will be added when the router
/// lands.
@Suite("DeepLinkKit model cases")
struct DeepLinkKitModelCaseTests {
    private typealias Support = ModelTestSupport

    // MARK: - The deep link value

    @Test("2: a key-only query item leaves the URL untouched")
    func case2() throws {
        // Route `.*` captures nothing.
        let link = try Support.link("seamlessapp://menu?293147")
        #expect(link.url.absoluteString == "seamlessapp://menu?293147")
        #expect(link.queryParameters == ["293147": ""])
    }

    @Test("4: a copy keeps the URL, both parameter sets and the callback")
    func case4() throws {
        // Route `/:type/:id` on dpl://dpl.io/ride/abc123 captures type and id.
        let original = try Support.link(
            "dpl://dpl.io/ride/abc123?partner=uber", routeParameters: ["type": "ride", "id": "abc123"])
        let copy = original
        #expect(copy.url == original.url)
        #expect(copy.queryParameters == ["partner": "uber"])
        #expect(copy.routeParameters == ["type": "ride", "id": "abc123"])
        #expect(copy.callbackURL == nil)
        #expect(copy == original)
    }

    @Test("5: deep links with the same URL are equal")
    func case5() throws {
        let viaRideRoute = try Support.link(
            "dpl://dpl.io/ride/abc123?partner=uber", routeParameters: ["id": "abc123"])
        let viaCatchAll = try Support.link("dpl://dpl.io/ride/abc123?partner=uber")
        #expect(viaRideRoute == viaCatchAll)
        #expect(viaRideRoute.hashValue == viaCatchAll.hashValue)
        #expect(Set([viaRideRoute, viaCatchAll]).count == 1)
    }

    // MARK: - App Links, reading

    static let appLinkURL =
        "dpl://applinks?al_applink_data=%7B%22version%22%3A%221.0%22%2C%22target_url%22%3A%22http%3A%5C%2F%5C%2Fdpl.io%5C%2Fsay%22%2C%22extras%22%3A%7B%22hello%22%3A%22world%22%7D%2C%22user_agent%22%3A%22DPL%201.0%22%2C%22referer_app_link%22%3A%7B%22target_url%22%3A%22http%3A%5C%2F%5C%2Fdpl.io%5C%2Fsay%22%2C%22url%22%3A%22btn%3A%5C%2F%5C%2Fdpl.io%5C%2Fsay%22%2C%22app_name%22%3A%22Deep%20Link%22%7D%7D&dpl%3Ajson-encoded-fields=%5B%22al_applink_data%22%5D"

    @Test("7: App Links accessors of an App Link")
    func case7() throws {
        let link = try Support.link(Self.appLinkURL)
        #expect(link.appLinkTargetURL == URL(string: "http://dpl.io/say"))
        #expect(link.appLinkExtras == ["hello": "world"])
        #expect(link.appLinkVersion == "1.0")
        #expect(link.appLinkUserAgent == "DPL 1.0")
        #expect(link.appLinkReferrerTargetURL == URL(string: "http://dpl.io/say"))
        #expect(link.appLinkReferrerURL == URL(string: "btn://dpl.io/say"))
        #expect(link.appLinkReferrerAppName == "Deep Link")
        // Adjusted to Documentation/spec/routing.md §6: the callback falls back to referer_app_link.url.
        #expect(link.callbackURL == URL(string: "btn://dpl.io/say"))
        #expect(link.url.absoluteString == Self.appLinkURL)
    }

    // MARK: - Building links

    @Test("9: a builder exposes the URL's components")
    func case9() throws {
        let builder = try Support.builder("dpl://dpl.com/index")
        #expect(builder.scheme == "dpl")
        #expect(builder.host == "dpl.com")
        #expect(builder.path == "/index")
        #expect(builder.queryParameters.isEmpty)
    }

    @Test("10: a builder reads the query")
    func case10() throws {
        #expect(try Support.builder("dpl://dpl.com?foo=bar").queryParameters == ["foo": "bar"])
    }

    @Test("12: built URLs percent-encode reserved characters in values")
    func case12() throws {
        let builder = try Support.builder("dpl://dpl.com/here?url=dpl://dpl.com/there")
        #expect(builder.queryParameters == ["url": "dpl://dpl.com/there"])
        #expect(builder.absoluteString == "dpl://dpl.com/here?url=dpl%3A%2F%2Fdpl.com%2Fthere")
        #expect(builder.url?.absoluteString == "dpl://dpl.com/here?url=dpl%3A%2F%2Fdpl.com%2Fthere")
    }

    @Test("14: an array value round-trips as JSON")
    func case14() throws {
        var builder = try Support.builder("dpl://dpl.com")
        let data: JSONValue = [["baz": "qux"], "Derp"]
        builder["data"] = data
        let link = try Support.readBack(builder)
        #expect(link.queryParameters["data"] == data)
        #expect(link.queryParameters["dpl:json-encoded-fields"] == #"["data"]"#)
        #expect(
            builder.absoluteString
                == "dpl://dpl.com?data=%5B%7B%22baz%22%3A%22qux%22%7D%2C%22Derp%22%5D&dpl%3Ajson-encoded-fields=%5B%22data%22%5D"
        )
    }

    @Test("15: changing parameters keeps insertion order")
    func case15() throws {
        var builder = try Support.builder("dpl://dpl.com/here?foo=bar")
        builder["foo"] = "baz"
        builder["id"] = "abc123"
        #expect(builder.queryParameters == ["foo": "baz", "id": "abc123"])
        #expect(builder.absoluteString == "dpl://dpl.com/here?foo=baz&id=abc123")
    }

    @Test("17: changing the scheme")
    func case17() throws {
        var builder = try Support.builder("dpl://dpl.com")
        builder.scheme = "btn"
        let url = try #require(builder.url)
        #expect(url.scheme == "btn")
        #expect(url.host == "dpl.com")
        #expect(url.path == "")
        #expect(try Support.readBack(builder).queryParameters.isEmpty)
        #expect(builder.absoluteString == "btn://dpl.com")
    }

    @Test("19: changing the path")
    func case19() throws {
        var builder = try Support.builder("dpl://dpl.com/here")
        builder.path = "/path/to/there"
        let url = try #require(builder.url)
        #expect(url.scheme == "dpl")
        #expect(url.host == "dpl.com")
        #expect(url.path == "/path/to/there")
        #expect(try Support.readBack(builder).queryParameters.isEmpty)
        #expect(builder.absoluteString == "dpl://dpl.com/path/to/there")
    }

    @Test("20: a key-only item is written as a bare key")
    func case20() throws {
        let builder = try Support.builder("seamlessapp://menu?293147")
        #expect(builder.queryParameters == ["293147": ""])
        #expect(builder.absoluteString == "seamlessapp://menu?293147")
    }

    @Test("22: the subscript reads a query parameter")
    func case22() throws {
        #expect(try Support.builder("dpl://dpl.com?foo=bar")["foo"] == "bar")
    }

    @Test("24: a copy of a builder")
    func case24() throws {
        let original = try Support.builder("dpl://dpl.com/here?foo=bar&dpl_callback_url=dpl://back")
        let copy = original
        let reread = try Support.builder(try #require(original.absoluteString))
        for builder in [copy, reread] {
            #expect(builder.scheme == "dpl")
            #expect(builder.host == "dpl.com")
            #expect(builder.path == "/here")
            #expect(builder.queryParameters == ["foo": "bar", "dpl_callback_url": "dpl://back"])
            #expect(builder.absoluteString == "dpl://dpl.com/here?foo=bar&dpl_callback_url=dpl%3A%2F%2Fback")
            #expect(builder == original)
        }
    }

    @Test("25: route parameters carried between deep links and builders")
    func case25() throws {
        // Route `/:where` captures where = here.
        let link = try Support.link(
            "dpl://dpl.com/here?foo=bar&dpl_callback_url=dpl://back", routeParameters: ["where": "here"])
        var builder = DeepLinkBuilder(link)
        #expect(builder.routeParameters == ["where": "here"])
        builder["foo"] = "baz"
        let rebuilt = try #require(builder.deepLink)
        #expect(rebuilt.routeParameters == ["where": "here"])
        #expect(rebuilt.queryParameters["foo"] == "baz")
        #expect(try Support.builder("dpl://dpl.com/here?foo=bar").routeParameters.isEmpty)
    }

    @Test("27: a builder made from a deep link")
    func case27() throws {
        let link = try Support.link("dpl://dpl.io/ride/abc123?partner=uber")
        let builder = DeepLinkBuilder(link)
        #expect(builder.scheme == "dpl")
        #expect(builder.host == "dpl.io")
        #expect(builder.path == "/ride/abc123")
        #expect(builder.queryParameters == ["partner": "uber"])
        #expect(builder.absoluteString == "dpl://dpl.io/ride/abc123?partner=uber")
        #expect(builder.url == link.url)
    }

    // MARK: - Percent-encoding and number formatting of built links

    @Test("29: unreserved characters are written as they are")
    func case29() throws {
        var builder = try Support.builder("dpl://dpl.com")
        builder["v"] = "plain"
        builder["w"] = "AZaz09-_.~"
        #expect(builder.absoluteString == "dpl://dpl.com?v=plain&w=AZaz09-_.~")
    }

    @Test("30: numbers are written plainly")
    func case30() throws {
        var builder = try Support.builder("dpl://dpl.com")
        builder.setValue(1, forKey: "one")
        builder.setValue(2, forKey: "two")
        builder.setValue(3.0, forKey: "three")
        builder.setValue(3.5, forKey: "half")
        #expect(builder.absoluteString == "dpl://dpl.com?one=1&two=2&three=3&half=3.5")
        #expect(
            try Support.readBack(builder).queryParameters == [
                "one": "1", "two": "2", "three": "3", "half": "3.5",
            ])
    }

    @Test("32: values with spaces and URLs")
    func case32() throws {
        var builder = try Support.builder("dpl://dpl.com")
        builder["one"] = "a one"
        builder["two"] = "http://www.example.com?foo=bar"
        #expect(
            builder.absoluteString == "dpl://dpl.com?one=a%20one&two=http%3A%2F%2Fwww.example.com%3Ffoo%3Dbar"
        )
    }

    // MARK: - Writing values that are not strings, numbers, arrays or dictionaries

    /// Sets `data` to `value` on a builder from `dpl://dpl.com` and reads `data` back from
    /// the built URL.
    private func roundTrip(_ value: some DeepLinkQueryValue) throws -> JSONValue? {
        var builder = try Support.builder("dpl://dpl.com")
        builder.setValue(value, forKey: "data")
        return try Support.readBack(builder).queryParameters["data"]
    }

    private static let button = URL(string: "http://usebutton.com")!

    @Test("34: a dictionary of strings is unchanged")
    func case34() throws {
        #expect(try roundTrip(["foo": "bar"]) == ["foo": "bar"])
    }

    @Test("35: a URL inside a dictionary is written as its absolute string")
    func case35() throws {
        #expect(try roundTrip(["foo": Self.button]) == ["foo": "http://usebutton.com"])
    }

    @Test("37: conversion applies inside arrays held by a dictionary")
    func case37() throws {
        #expect(try roundTrip(["foo": [Self.button]]) == ["foo": ["http://usebutton.com"]])
    }

    @Test("39: a URL inside an array is written as its absolute string")
    func case39() throws {
        #expect(try roundTrip([Self.button]) == ["http://usebutton.com"])
    }

    @Test("40: conversion applies inside nested arrays")
    func case40() throws {
        #expect(try roundTrip([[[[Self.button]]]]) == [[[["http://usebutton.com"]]]])
    }

    @Test("42: non-finite numbers become strings")
    func case42() throws {
        let input: [String: Double] = ["inf": .infinity, "nan": .nan, "minf": -.infinity]
        #expect(try roundTrip(input) == ["inf": "inf", "nan": "nan", "minf": "-inf"])
    }

    @Test("44: entries with non-string keys cannot be given")
    func case44() {
        // The builder accepts only dictionaries keyed by String (`Dictionary: DeepLinkQueryValue
        // where Key == String`), so a dictionary with a URL key does not compile as a value and
        // there is nothing to drop. This pins that the conformance stays string-keyed.
        let urlKeyed: Any = [Self.button: "foo"]
        #expect(!(urlKeyed is any DeepLinkQueryValue))
        let stringKeyed: Any = ["bar": "baz"]
        #expect(stringKeyed is any DeepLinkQueryValue)
    }

    /// A type that provides its dictionary representation.
    private struct Representable: DeepLinkQueryValue {
        var deepLinkJSONValue: JSONValue {
            [
                "some_id": "abc", "some_string": "derp", "some_url": JSONValue(URL(string: "http://dpl.io")!),
                "some_int": JSONValue(123),
            ]
        }
    }

    @Test("45: a value with a dictionary representation is written as that dictionary")
    func case45() throws {
        #expect(
            try roundTrip(["object": Representable()]) == [
                "object": [
                    "some_id": "abc", "some_string": "derp", "some_url": "http://dpl.io", "some_int": 123,
                ]
            ])
    }

    // MARK: - App Links, building

    @Test("47: clearing every App Links value")
    func case47() throws {
        var builder = try Support.builder("dpl://applinks")
        builder.appLinkTargetURL = nil
        builder.appLinkExtras = nil
        builder.appLinkUserAgent = nil
        builder.appLinkReferrerTargetURL = nil
        builder.appLinkReferrerURL = nil
        builder.appLinkReferrerAppName = nil
        let expected: [String: JSONValue] = [
            "target_url": "", "extras": [:], "version": "1.0", "user_agent": "",
            "referer_app_link": ["target_url": "", "url": "", "app_name": ""],
        ]
        #expect(builder.appLinkData == expected)
        #expect(try Support.readBack(builder).appLinkData == expected)
    }
}
