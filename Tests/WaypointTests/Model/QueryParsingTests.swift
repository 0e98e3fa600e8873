import Foundation
import Testing

@testable import Waypoint

@Suite("Query parsing (Documentation/spec/routing.md §6)")
struct QueryParsingTests {
    struct ItemsCase: CustomTestStringConvertible, Sendable {
        let rule: String
        let rawQuery: String
        let items: [[String]]
        let parameters: [String: JSONValue]
        var testDescription: String { "\(rule): \(rawQuery.debugDescription)" }
    }

    @Test(
        "splitting and decoding",
        arguments: [
            ItemsCase(rule: "an empty query has no items", rawQuery: "", items: [], parameters: [:]),
            ItemsCase(
                rule: "empty pieces are skipped", rawQuery: "&&a=1&&", items: [["a", "1"]],
                parameters: ["a": "1"]),
            ItemsCase(rule: "a lone & gives nothing", rawQuery: "&", items: [], parameters: [:]),
            ItemsCase(
                rule: "no = means an empty value", rawQuery: "a", items: [["a", ""]], parameters: ["a": ""]),
            ItemsCase(
                rule: "a trailing = is an empty value", rawQuery: "a=", items: [["a", ""]],
                parameters: ["a": ""]),
            ItemsCase(
                rule: "an empty name is kept", rawQuery: "=v", items: [["", "v"]], parameters: ["": "v"]),
            ItemsCase(
                rule: "a lone = is an empty name and value", rawQuery: "=", items: [["", ""]],
                parameters: ["": ""]),
            ItemsCase(
                rule: "split on the first = only", rawQuery: "a=b=c&d==",
                items: [["a", "b=c"], ["d", "="]],
                parameters: ["a": "b=c", "d": "="]),
            ItemsCase(
                rule: "+ stays +", rawQuery: "a+b=c+d", items: [["a+b", "c+d"]], parameters: ["a+b": "c+d"]),
            ItemsCase(
                rule: "names and values are percent-decoded", rawQuery: "a%20b=c%3Dd&%3D=%26",
                items: [["a b", "c=d"], ["=", "&"]], parameters: ["a b": "c=d", "=": "&"]),
            ItemsCase(
                rule: "UTF-8 escapes decode", rawQuery: "k=caf%C3%A9%20%E6%BC%A2%E5%AD%97%20%F0%9F%98%80",
                items: [["k", "café 漢字 😀"]], parameters: ["k": "café 漢字 😀"]),
            ItemsCase(
                rule: "invalid escapes stay as written", rawQuery: "a=%&b=1%2&c=%zz&d=50%25",
                items: [["a", "%"], ["b", "1%2"], ["c", "%zz"], ["d", "50%"]],
                parameters: ["a": "%", "b": "1%2", "c": "%zz", "d": "50%"]),
            ItemsCase(
                rule: "bytes that are not UTF-8 stay as written", rawQuery: "a=%FF&%C3=x",
                items: [["a", "%FF"], ["%C3", "x"]], parameters: ["a": "%FF", "%C3": "x"]),
            ItemsCase(
                rule: "each piece is decoded on its own", rawQuery: "a=%C3&b=%A9",
                items: [["a", "%C3"], ["b", "%A9"]],
                parameters: ["a": "%C3", "b": "%A9"]),
            ItemsCase(
                rule: "escaped & and = do not split", rawQuery: "a=x%26y%3Dz", items: [["a", "x&y=z"]],
                parameters: ["a": "x&y=z"]),
            ItemsCase(
                rule: "a repeated name keeps every item; the dictionary holds the last",
                rawQuery: "a=1&b=2&a=3&a", items: [["a", "1"], ["b", "2"], ["a", "3"], ["a", ""]],
                parameters: ["a": "", "b": "2"]),
            ItemsCase(
                rule: "raw non-ASCII text is kept", rawQuery: "é=ü&k=漢", items: [["é", "ü"], ["k", "漢"]],
                parameters: ["é": "ü", "k": "漢"]),
            ItemsCase(
                rule: "delimiters are found by Unicode scalar, not by character",
                rawQuery: "a=1&\u{301}=\u{301}2", items: [["a", "1"], ["\u{301}", "\u{301}2"]],
                parameters: ["a": "1", "\u{301}": "\u{301}2"]),
        ])
    func items(_ example: ItemsCase) {
        let items = QueryParsing.items(in: example.rawQuery[...])
        #expect(items.map { [$0.name, $0.value] } == example.items)
        #expect(QueryParsing.parameters(from: items) == example.parameters)
    }

    struct JSONFieldCase: CustomTestStringConvertible, Sendable {
        let rule: String
        let rawQuery: String
        let parameters: [String: JSONValue]
        var testDescription: String { rule }
    }

    @Test(
        "JSON fields",
        arguments: [
            JSONFieldCase(
                rule: "an unlisted field stays a string", rawQuery: "data=%7B%22a%22%3A1%7D",
                parameters: ["data": #"{"a":1}"#]),
            JSONFieldCase(
                rule: "a listed object is decoded and the list stays a string",
                rawQuery: "data=%7B%22a%22%3A1%7D&dpl%3Ajson-encoded-fields=%5B%22data%22%5D",
                parameters: ["data": ["a": 1], "dpl:json-encoded-fields": #"["data"]"#]),
            JSONFieldCase(
                rule: "a listed array is decoded, even when the list comes first",
                rawQuery: "dpl:json-encoded-fields=%5B%22a%22%5D&a=%5B1,%22x%22,null%5D",
                parameters: ["a": [1, "x", nil], "dpl:json-encoded-fields": #"["a"]"#]),
            JSONFieldCase(
                rule: "listed JSON scalars stay strings",
                rawQuery:
                    "n=5&s=%22x%22&z=null&t=true&dpl%3Ajson-encoded-fields=%5B%22n%22,%22s%22,%22z%22,%22t%22%5D",
                parameters: [
                    "n": "5", "s": "\"x\"", "z": "null", "t": "true",
                    "dpl:json-encoded-fields": #"["n","s","z","t"]"#,
                ]),
            JSONFieldCase(
                rule: "a listed field with malformed JSON stays a string",
                rawQuery: "a=%5B1,%5D&dpl%3Ajson-encoded-fields=%5B%22a%22%5D",
                parameters: ["a": "[1,]", "dpl:json-encoded-fields": #"["a"]"#]),
            JSONFieldCase(
                rule: "al_applink_data is decoded without being listed",
                rawQuery: "al_applink_data=%7B%22version%22%3A%221.0%22%7D",
                parameters: ["al_applink_data": ["version": "1.0"]]),
            JSONFieldCase(
                rule: "al_applink_data that is not an array or object stays a string",
                rawQuery: "al_applink_data=7", parameters: ["al_applink_data": "7"]),
            JSONFieldCase(
                rule: "the list itself is never decoded, even when it lists itself",
                rawQuery: "dpl%3Ajson-encoded-fields=%5B%22dpl%3Ajson-encoded-fields%22%5D",
                parameters: ["dpl:json-encoded-fields": #"["dpl:json-encoded-fields"]"#]),
            JSONFieldCase(
                rule: "a list that is not a JSON array names nothing",
                rawQuery: "a=%5B1%5D&dpl%3Ajson-encoded-fields=%7B%22a%22%3A1%7D",
                parameters: ["a": "[1]", "dpl:json-encoded-fields": #"{"a":1}"#]),
            JSONFieldCase(
                rule: "a list that is not JSON names nothing",
                rawQuery: "a=%5B1%5D&dpl%3Ajson-encoded-fields=a",
                parameters: ["a": "[1]", "dpl:json-encoded-fields": "a"]),
            JSONFieldCase(
                rule: "elements of the list that are not strings are ignored",
                rawQuery: "a=%5B1%5D&1=%5B2%5D&dpl%3Ajson-encoded-fields=%5B1,null,%22a%22%5D",
                parameters: ["a": [1], "1": "[2]", "dpl:json-encoded-fields": #"[1,null,"a"]"#]),
            JSONFieldCase(
                rule: "the last value of a repeated listed field is decoded",
                rawQuery: "a=%5B1%5D&a=%5B2%5D&dpl%3Ajson-encoded-fields=%5B%22a%22%5D",
                parameters: ["a": [2], "dpl:json-encoded-fields": #"["a"]"#]),
            JSONFieldCase(
                rule: "the last list wins",
                rawQuery:
                    "a=%5B1%5D&b=%5B2%5D&dpl%3Ajson-encoded-fields=%5B%22a%22%5D&dpl%3Ajson-encoded-fields=%5B%22b%22%5D",
                parameters: ["a": "[1]", "b": [2], "dpl:json-encoded-fields": #"["b"]"#]),
            JSONFieldCase(
                rule: "a listed name that is absent adds nothing",
                rawQuery: "dpl%3Ajson-encoded-fields=%5B%22missing%22%5D",
                parameters: ["dpl:json-encoded-fields": #"["missing"]"#]),
            JSONFieldCase(
                rule: "JSON escapes such as \\/ are accepted",
                rawQuery: "a=%5B%22http%3A%5C%2F%5C%2Fx%22%5D&dpl%3Ajson-encoded-fields=%5B%22a%22%5D",
                parameters: ["a": ["http://x"], "dpl:json-encoded-fields": #"["a"]"#]),
        ])
    func jsonFields(_ example: JSONFieldCase) {
        let items = QueryParsing.items(in: example.rawQuery[...])
        #expect(QueryParsing.parameters(from: items) == example.parameters)
    }

    /// A case of the router tables "Catch-all route .*: …" in `Tests/Fixtures/deeplinkkit.json`,
    /// reproduced here until the router can run those tables.
    struct CatchAllCase: CustomTestStringConvertible, Sendable {
        enum Callback: Sendable {
            case unchecked
            case none
            case url(String)
        }

        let name: String
        let input: String
        let queryParameters: [String: JSONValue]
        var queryItems: [[String]]? = nil
        var callbackURL: Callback = .unchecked
        var testDescription: String { name }
    }

    static let appLinkInput =
        "dpl://applinks?al_applink_data=%7B%22version%22%3A%221.0%22%2C%22target_url%22%3A%22http%3A%5C%2F%5C%2Fdpl.io%5C%2Fsay%22%2C%22extras%22%3A%7B%22hello%22%3A%22world%22%7D%2C%22user_agent%22%3A%22DPL%201.0%22%2C%22referer_app_link%22%3A%7B%22target_url%22%3A%22http%3A%5C%2F%5C%2Fdpl.io%5C%2Fsay%22%2C%22url%22%3A%22btn%3A%5C%2F%5C%2Fdpl.io%5C%2Fsay%22%2C%22app_name%22%3A%22Deep%20Link%22%7D%7D&dpl%3Ajson-encoded-fields=%5B%22al_applink_data%22%5D"

    @Test(
        "router table cases on the catch-all route .*",
        arguments: [
            // Table "Catch-all route .*: query string parsing"
            CatchAllCase(
                name: "single query parameter", input: "dpl://dpl.io/ride/book/abc123?partner=uber",
                queryParameters: ["partner": "uber"], queryItems: [["partner", "uber"]]),
            CatchAllCase(
                name: "key-only query item has an empty value", input: "seamlessapp://menu?293147",
                queryParameters: ["293147": ""], queryItems: [["293147", ""]]),
            CatchAllCase(
                name: "escaped reserved characters are decoded",
                input: "dpl://dpl.com?v=%21%2A%27%28%29%3B%3A%40%26%3D%2B%24%2C%2F%3F%25%23%5B%5D%20",
                queryParameters: ["v": "!*'();:@&=+$,/?%#[] "]),
            CatchAllCase(
                name: "plain value is unchanged", input: "dpl://dpl.com?v=plain",
                queryParameters: ["v": "plain"]),
            CatchAllCase(
                name: "incomplete pair is kept with an empty value", input: "dpl://dpl.com?one=1&two&three=3",
                queryParameters: ["one": "1", "two": "", "three": "3"],
                queryItems: [["one", "1"], ["two", ""], ["three", "3"]]),
            CatchAllCase(
                name: "percent-encoded values are decoded",
                input: "dpl://dpl.com?one=a%20one&two=http%3A%2F%2Fwww.example.com%3Ffoo%3Dbar",
                queryParameters: ["one": "a one", "two": "http://www.example.com?foo=bar"]),
            CatchAllCase(
                name: "plus sign stays a plus sign", input: "dpl://dpl.com?q=a+b",
                queryParameters: ["q": "a+b"],
                queryItems: [["q", "a+b"]]),
            CatchAllCase(
                name: "undecodable escape is kept as written", input: "dpl://dpl.com?a=%FF&b=ok",
                queryParameters: ["a": "%FF", "b": "ok"], queryItems: [["a", "%FF"], ["b", "ok"]]),
            // Table "Catch-all route .*: JSON-encoded fields and callback URL"
            CatchAllCase(
                name: "dpl_callback_url gives the callback URL",
                input: "dpl://dpl.io/say/hello?dpl_callback_url=btn%3A%2F%2Fdpl.io%2Fsay%2Fhi",
                queryParameters: ["dpl_callback_url": "btn://dpl.io/say/hi"],
                callbackURL: .url("btn://dpl.io/say/hi")
            ),
            CatchAllCase(
                name: "App Link data is decoded and the referrer URL is the callback", input: appLinkInput,
                queryParameters: [
                    "al_applink_data": [
                        "version": "1.0", "target_url": "http://dpl.io/say", "extras": ["hello": "world"],
                        "user_agent": "DPL 1.0",
                        "referer_app_link": [
                            "target_url": "http://dpl.io/say", "url": "btn://dpl.io/say",
                            "app_name": "Deep Link",
                        ],
                    ],
                    "dpl:json-encoded-fields": "[\"al_applink_data\"]",
                ], callbackURL: .url("btn://dpl.io/say")),
            CatchAllCase(
                name: "link that is not an App Link has no callback URL",
                input: "dpl://dpl.io/say/:word?foo=bar&baz=qux",
                queryParameters: ["foo": "bar", "baz": "qux"], callbackURL: .none),
            CatchAllCase(
                name: "listed field holding malformed JSON stays a string",
                input:
                    "dpl://dpl.com?data=%7B%22a%22%3A%22b%22%2C%22c%22%3A%22d%22%3A%22f%22%7D%2C%22g%22%3A%5B%22h%22%2C%22i%22%5D%7D&dpl%3Ajson-encoded-fields=%5B%22data%22%5D",
                queryParameters: [
                    "data": "{\"a\":\"b\",\"c\":\"d\":\"f\"},\"g\":[\"h\",\"i\"]}",
                    "dpl:json-encoded-fields": "[\"data\"]",
                ]),
            CatchAllCase(
                name: "serialized dictionary reads back as an object",
                input:
                    "dpl://dpl.com?data=%7B%22foo%22%3A%22bar%22%2C%22arr%22%3A%5B%7B%22baz%22%3A%22qux%22%7D%2C%22Derp%22%5D%7D&dpl%3Ajson-encoded-fields=%5B%22data%22%5D",
                queryParameters: [
                    "data": ["foo": "bar", "arr": [["baz": "qux"], "Derp"]],
                    "dpl:json-encoded-fields": "[\"data\"]",
                ]),
            CatchAllCase(
                name: "listed field holding a JSON number stays a string",
                input: "dpl://dpl.com?n=5&dpl%3Ajson-encoded-fields=%5B%22n%22%5D",
                queryParameters: ["n": "5", "dpl:json-encoded-fields": "[\"n\"]"]),
            CatchAllCase(
                name: "unlisted field holding JSON stays a string", input: "dpl://dpl.com?data=%5B1%2C2%5D",
                queryParameters: ["data": "[1,2]"]),
        ])
    func catchAll(_ example: CatchAllCase) throws {
        let url = try #require(URL(string: example.input))
        let link = try #require(DeepLink(url: url))
        #expect(link.routeParameters.isEmpty)
        #expect(link.queryParameters == example.queryParameters)
        if let items = example.queryItems {
            #expect(link.queryItems.map { [$0.name, $0.value] } == items)
        }
        switch example.callbackURL {
        case .unchecked: break
        case .none: #expect(link.callbackURL == nil)
        case .url(let expected): #expect(link.callbackURL?.absoluteString == expected)
        }
    }
}
