import Foundation
import Testing

@testable import Waypoint
@testable import WaypointLinkBuilder

@Suite("Deep link builder")
struct DeepLinkBuilderTests {
    private typealias Support = ModelTestSupport

    @Test(
        "accepts absolute RFC 3986 URLs",
        arguments: [
            "dpl://dpl.com", "dpl:", "dpl://", "dpl://u:p@h:8080/p?q#f", "dpl://[::1]:80/x", "mailto:a@b.c",
            "dpl://x?a=%20", "dpl://x/a%2Fb", "a+b.c-d://x", "dpl://x?a=1&b=dpl://y/z?w#frag/?",
        ])
    func validStrings(_ string: String) throws {
        let builder = try #require(DeepLinkBuilder(string: string))
        #expect(builder.absoluteString != nil)
    }

    @Test(
        "gives no builder for strings that are not URLs",
        arguments: [
            "", "hello", "/path?a=1", "1abc://x", "://x", "dpl://x/a b", "dpl://x/café", "dpl://x?a=[1]",
            "dpl://x#a#b", "dpl://x:abc/", "dpl://x?a=%zz", "dpl://x?a=%", "dpl://x/%G0", "dpl://a b/",
            "dpl://[::1/x", "dpl://x?a=\"", "dpl://x|y", "dpl://x?a=1 ", "dpl://u@s@h/",
        ])
    func invalidStrings(_ string: String) {
        #expect(DeepLinkBuilder(string: string) == nil)
    }

    struct RebuildCase: CustomTestStringConvertible, Sendable {
        let input: String
        let output: String
        var testDescription: String { input }
    }

    @Test(
        "an unchanged builder writes the URL back, with the query in canonical form",
        arguments: [
            RebuildCase(input: "dpl://u:p@h:8080/p%2Fq?a=1#frag", output: "dpl://u:p@h:8080/p%2Fq?a=1#frag"),
            RebuildCase(input: "dpl://[::1]:80/x?y", output: "dpl://[::1]:80/x?y"),
            RebuildCase(input: "mailto:a@b.c?subject=hi", output: "mailto:a@b.c?subject=hi"),
            RebuildCase(input: "dpl://x?", output: "dpl://x"),
            RebuildCase(input: "dpl://x?&&", output: "dpl://x"),
            RebuildCase(input: "dpl://x?a=b,c&d=e+f", output: "dpl://x?a=b%2Cc&d=e%2Bf"),
            RebuildCase(input: "dpl://x?a=%7e%41", output: "dpl://x?a=~A"),
            RebuildCase(input: "dpl://x?a=%FF", output: "dpl://x?a=%25FF"),
            RebuildCase(input: "dpl://x?a=1&b=2&a=3", output: "dpl://x?a=3&b=2"),
            RebuildCase(input: "dpl://x?a&=&b=", output: "dpl://x?a&=&b"),
            RebuildCase(input: "dpl://x?a=1&dpl%3Ajson-encoded-fields=%5B%22a%22%5D", output: "dpl://x?a=1"),
            RebuildCase(
                input: "dpl://x?dpl:json-encoded-fields=%5B%22o%22%5D&o=%7B%22b%22:1,%22a%22:2%7D",
                output: "dpl://x?o=%7B%22a%22%3A2%2C%22b%22%3A1%7D&dpl%3Ajson-encoded-fields=%5B%22o%22%5D"),
            RebuildCase(input: "dpl://x/p#f?not=query", output: "dpl://x/p#f?not=query"),
        ])
    func rebuild(_ example: RebuildCase) throws {
        let builder = try Support.builder(example.input)
        #expect(builder.absoluteString == example.output)
        #expect(builder.url?.absoluteString == example.output)
    }

    @Test("the host is decoded for reading and encoded for writing")
    func host() throws {
        var builder = try Support.builder("dpl://old.example/p?a=1")
        builder.host = "café.com"
        #expect(builder.absoluteString == "dpl://caf%C3%A9.com/p?a=1")
        #expect(builder.host == "café.com")
        builder.host = "[::1]"
        #expect(builder.absoluteString == "dpl://[::1]/p?a=1")
        builder.host = "a b/c"
        #expect(builder.absoluteString == "dpl://a%20b%2Fc/p?a=1")
        builder.host = ""
        #expect(builder.absoluteString == "dpl:///p?a=1")
    }

    @Test("removing the host removes user information and port")
    func removeHost() throws {
        var builder = try Support.builder("dpl://u@h:81/p")
        builder.host = nil
        #expect(builder.host == nil)
        #expect(builder.absoluteString == "dpl:/p")
        builder.host = "h"
        #expect(builder.absoluteString == "dpl://h/p")
    }

    @Test("the path is decoded for reading and encoded for writing")
    func path() throws {
        var builder = try Support.builder("dpl://x/a%2Fb")
        #expect(builder.path == "/a/b")
        builder.path = "/a b/ü?#%"
        #expect(builder.absoluteString == "dpl://x/a%20b/%C3%BC%3F%23%25")
        #expect(builder.path == "/a b/ü?#%")
        builder.path = "/keep:@!$&'()*+,;=-._~"
        #expect(builder.absoluteString == "dpl://x/keep:@!$&'()*+,;=-._~")
    }

    struct NoURLCase: CustomTestStringConvertible, Sendable {
        let rule: String
        let scheme: String
        let host: String?
        let path: String
        var testDescription: String { rule }
    }

    @Test(
        "parts that make no URL give no URL",
        arguments: [
            NoURLCase(rule: "empty scheme", scheme: "", host: "x", path: ""),
            NoURLCase(rule: "scheme starting with a digit", scheme: "1x", host: "x", path: ""),
            NoURLCase(rule: "scheme with a space", scheme: "a b", host: "x", path: ""),
            NoURLCase(rule: "host with a relative path", scheme: "dpl", host: "x", path: "relative"),
            NoURLCase(rule: "no host and a path starting with //", scheme: "dpl", host: nil, path: "//x"),
        ])
    func noURL(_ example: NoURLCase) throws {
        var builder = try Support.builder("dpl://x?a=1")
        builder.scheme = example.scheme
        builder.host = example.host
        builder.path = example.path
        #expect(builder.absoluteString == nil)
        #expect(builder.url == nil)
        #expect(builder.deepLink == nil)
        #expect(builder.description.hasPrefix("<no URL"))
    }

    @Test("a builder from a link without a scheme makes no URL until it gets one")
    func linkWithoutScheme() throws {
        let link = DeepLink(url: try Support.url("relative/path?a=1"), routeParameters: [:], rawQuery: "a=1")
        var builder = DeepLinkBuilder(link)
        #expect(builder.scheme == "")
        #expect(builder.url == nil)
        builder.scheme = "dpl"
        #expect(builder.absoluteString == "dpl:relative/path?a=1")
    }

    @Test("setting replaces in place, appends new names and removes with nil")
    func settingParameters() throws {
        var builder = try Support.builder("dpl://x?a=1&b=2&c=3")
        builder["b"] = "two"
        builder["d"] = "4"
        builder["a"] = nil
        builder["missing"] = nil
        #expect(builder.orderedQueryParameters.map(\.key) == ["b", "c", "d"])
        #expect(builder.absoluteString == "dpl://x?b=two&c=3&d=4")
        builder.setValue(nil, forKey: "c")
        #expect(builder.absoluteString == "dpl://x?b=two&d=4")
        builder["b"] = nil
        builder["d"] = nil
        #expect(builder.absoluteString == "dpl://x")
    }

    @Test("setting the ordered parameters keeps the first place and last value of a name")
    func orderedParameters() throws {
        var builder = try Support.builder("dpl://x?z=0")
        builder.orderedQueryParameters = [
            ("b", "1"), ("a", "2"), ("b", "3"), ("dpl:json-encoded-fields", "[\"a\"]"), ("c", .number(.nan)),
        ]
        #expect(builder.orderedQueryParameters.map(\.key) == ["b", "a", "c"])
        #expect(builder.queryParameters == ["b": "3", "a": "2", "c": "nan"])
        #expect(builder.absoluteString == "dpl://x?b=3&a=2&c=nan")
    }

    @Test("dpl:json-encoded-fields belongs to the builder")
    func jsonFieldsKeyIgnored() throws {
        var builder = try Support.builder("dpl://x?a=%5B1%5D&dpl%3Ajson-encoded-fields=%5B%22a%22%5D")
        #expect(builder["dpl:json-encoded-fields"] == nil)
        #expect(builder["a"] == [1])
        builder["dpl:json-encoded-fields"] = "[\"b\"]"
        #expect(builder["dpl:json-encoded-fields"] == nil)
        #expect(builder.absoluteString == "dpl://x?a=%5B1%5D&dpl%3Ajson-encoded-fields=%5B%22a%22%5D")
    }

    @Test("array and object names are listed in parameter order, as the last item")
    func jsonFieldOrder() throws {
        var builder = try Support.builder("dpl://x")
        builder["b"] = [1, 2]
        builder["s"] = "[not listed]"
        builder["a"] = ["k": "v", "j": [true, nil]]
        #expect(
            builder.absoluteString
                == "dpl://x?b=%5B1%2C2%5D&s=%5Bnot%20listed%5D&a=%7B%22j%22%3A%5Btrue%2Cnull%5D%2C%22k%22%3A%22v%22%7D"
                + "&dpl%3Ajson-encoded-fields=%5B%22b%22%2C%22a%22%5D")
        let link = try Support.readBack(builder)
        #expect(link.queryParameters["b"] == [1, 2])
        #expect(link.queryParameters["s"] == "[not listed]")
        #expect(link.queryParameters["a"] == ["k": "v", "j": [true, nil]])
        builder["b"] = "plain"
        builder["a"] = nil
        #expect(builder.absoluteString == "dpl://x?b=plain&s=%5Bnot%20listed%5D")
    }

    @Test("scalar JSON values are written as text")
    func scalarText() throws {
        var builder = try Support.builder("dpl://x")
        builder["t"] = true
        builder["f"] = false
        builder["n"] = nil
        builder["null"] = .null
        builder["big"] = 1e21
        builder["tiny"] = 1e-7
        builder["negzero"] = .number(-0.0)
        builder["inf"] = .number(-.infinity)
        #expect(builder["null"] == .null)
        #expect(builder["inf"] == "-inf")
        #expect(
            builder.absoluteString == "dpl://x?t=true&f=false&null&big=1e%2B21&tiny=1e-7&negzero=0&inf=-inf")
    }

    @Test("non-finite numbers inside arrays and objects become strings")
    func nestedNonFinite() throws {
        var builder = try Support.builder("dpl://x")
        builder["a"] = [.number(.nan), ["x": .number(.infinity)], 1]
        #expect(builder["a"] == ["nan", ["x": "inf"], 1])
        #expect(try Support.readBack(builder).queryParameters["a"] == ["nan", ["x": "inf"], 1])
    }

    @Test("names and values are percent-encoded except unreserved characters")
    func encoding() throws {
        var builder = try Support.builder("dpl://x")
        builder["a b&c=d"] = "1+1 = 2 ~ é 漢 😀 %/?#"
        builder[""] = ""
        builder["empty"] = ""
        #expect(
            builder.absoluteString
                == "dpl://x?a%20b%26c%3Dd=1%2B1%20%3D%202%20~%20%C3%A9%20%E6%BC%A2%20%F0%9F%98%80%20%25%2F%3F%23&=&empty"
        )
        let link = try Support.readBack(builder)
        #expect(link.queryParameters == ["a b&c=d": "1+1 = 2 ~ é 漢 😀 %/?#", "": "", "empty": ""])
    }

    @Test("a builder made from a link reuses its parsed query and keeps repeated names once")
    func fromLink() throws {
        let link = try Support.link(
            "dpl://x/p?a=1&o=%7B%22k%22%3A1%7D&a=2&dpl%3Ajson-encoded-fields=%5B%22o%22%5D",
            routeParameters: ["p": "p"])
        let builder = DeepLinkBuilder(link)
        #expect(builder.orderedQueryParameters.map(\.key) == ["a", "o"])
        #expect(builder.queryParameters == ["a": "2", "o": ["k": 1]])
        #expect(builder.routeParameters == ["p": "p"])
        #expect(
            builder.absoluteString
                == "dpl://x/p?a=2&o=%7B%22k%22%3A1%7D&dpl%3Ajson-encoded-fields=%5B%22o%22%5D")
    }

    @Test("the deep link of a builder carries its route parameters and reads its URL")
    func deepLink() throws {
        var builder = try Support.builder("dpl://x/p")
        builder.routeParameters = ["id": "7"]
        builder["q"] = "v w"
        let link = try #require(builder.deepLink)
        #expect(link.url.absoluteString == "dpl://x/p?q=v%20w")
        #expect(link.routeParameters == ["id": "7"])
        #expect(link["id"] == "7")
        #expect(link["q"] == "v w")
        #expect(link.queryItems == [DeepLinkQueryItem(name: "q", value: "v w")])
    }

    @Test("builders are equal when they build the same URL")
    func equality() throws {
        let canonical = try Support.builder("dpl://x?a=b%2Cc")
        let loose = try Support.builder("dpl://x?a=b,c")
        #expect(canonical == loose)
        #expect(canonical.hashValue == loose.hashValue)
        var changed = loose
        changed["a"] = "other"
        #expect(changed != loose)
        var routed = canonical
        routed.routeParameters = ["x": "y"]
        #expect(routed == canonical)
        #expect(canonical.description == "dpl://x?a=b%2Cc")
    }

    @Test("App Links: the first write creates version 1.0, and values read back")
    func appLinksWrite() throws {
        var builder = try Support.builder("dpl://applinks?x=1")
        #expect(builder.appLinkData == nil)
        #expect(builder.appLinkVersion == nil)
        builder.appLinkTargetURL = URL(string: "http://dpl.io/say")
        #expect(builder.appLinkData == ["version": "1.0", "target_url": "http://dpl.io/say"])
        builder.appLinkExtras = ["hello": "world", "n": 1]
        builder.appLinkUserAgent = "DPL 1.0"
        builder.appLinkReferrerTargetURL = URL(string: "http://dpl.io/from")
        builder.appLinkReferrerURL = URL(string: "btn://dpl.io/say")
        builder.appLinkReferrerAppName = "Deep Link"
        #expect(builder.appLinkVersion == "1.0")
        #expect(builder.appLinkTargetURL == URL(string: "http://dpl.io/say"))
        #expect(builder.appLinkExtras == ["hello": "world", "n": 1])
        #expect(builder.appLinkUserAgent == "DPL 1.0")
        #expect(builder.appLinkReferrerTargetURL == URL(string: "http://dpl.io/from"))
        #expect(builder.appLinkReferrerURL == URL(string: "btn://dpl.io/say"))
        #expect(builder.appLinkReferrerAppName == "Deep Link")
        #expect(builder.orderedQueryParameters.map(\.key) == ["x", "al_applink_data"])

        let link = try Support.readBack(builder)
        #expect(link.appLinkData == builder.appLinkData)
        #expect(link.appLinkTargetURL == URL(string: "http://dpl.io/say"))
        #expect(link.appLinkExtras == ["hello": "world", "n": 1])
        #expect(link.appLinkVersion == "1.0")
        #expect(link.appLinkUserAgent == "DPL 1.0")
        #expect(link.appLinkReferrerTargetURL == URL(string: "http://dpl.io/from"))
        #expect(link.appLinkReferrerURL == URL(string: "btn://dpl.io/say"))
        #expect(link.appLinkReferrerAppName == "Deep Link")
        #expect(link.callbackURL == URL(string: "btn://dpl.io/say"))
    }

    @Test("App Links: editing existing data keeps its other fields and its version")
    func appLinksEdit() throws {
        var builder = try Support.builder(DeepLinkKitModelCaseTests.appLinkURL)
        builder.appLinkUserAgent = "Other 2.0"
        builder.appLinkReferrerAppName = nil
        let data = try #require(builder.appLinkData)
        #expect(data["version"] == "1.0")
        #expect(data["user_agent"] == "Other 2.0")
        #expect(data["extras"] == ["hello": "world"])
        #expect(
            data["referer_app_link"] == [
                "target_url": "http://dpl.io/say", "url": "btn://dpl.io/say", "app_name": "",
            ])
    }

    @Test("App Links: data that is not an object is replaced on the first write")
    func appLinksReplaceString() throws {
        var builder = try Support.builder("dpl://x?al_applink_data=broken&version=9")
        #expect(builder.appLinkData == nil)
        builder.appLinkUserAgent = "UA"
        #expect(builder.appLinkData == ["version": "1.0", "user_agent": "UA"])
        #expect(builder["version"] == "9")
    }
}
