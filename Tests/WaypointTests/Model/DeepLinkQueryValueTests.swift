import Foundation
import Testing

@testable import Waypoint
@testable import WaypointLinkBuilder

@Suite("Deep link query values")
struct DeepLinkQueryValueTests {
    struct ScalarCase: CustomTestStringConvertible, Sendable {
        let label: String
        let value: @Sendable () -> any DeepLinkQueryValue
        let text: String
        var testDescription: String { "\(label) → \(text)" }

        init(_ label: String, _ value: @escaping @Sendable () -> any DeepLinkQueryValue, _ text: String) {
            self.label = label
            self.value = value
            self.text = text
        }
    }

    @Test(
        "scalars are written the same on every platform",
        arguments: [
            ScalarCase("Int 0", { 0 }, "0"),
            ScalarCase("Int -5", { -5 }, "-5"),
            ScalarCase("Int.max", { Int.max }, "9223372036854775807"),
            ScalarCase("Int64.min", { Int64.min }, "-9223372036854775808"),
            ScalarCase("UInt64.max", { UInt64.max }, "18446744073709551615"),
            ScalarCase("2^53", { 9_007_199_254_740_992 }, "9007199254740992"),
            ScalarCase("2^53 + 1", { 9_007_199_254_740_993 }, "9007199254740993"),
            ScalarCase("Int8.min", { Int8.min }, "-128"),
            ScalarCase("Int16", { Int16(-300) }, "-300"),
            ScalarCase("Int32", { Int32(70000) }, "70000"),
            ScalarCase("UInt", { UInt(7) }, "7"),
            ScalarCase("UInt8.max", { UInt8.max }, "255"),
            ScalarCase("UInt16", { UInt16(65535) }, "65535"),
            ScalarCase("UInt32", { UInt32(4_000_000_000) }, "4000000000"),
            ScalarCase("Double 3.0", { 3.0 }, "3"),
            ScalarCase("Double 0.1", { 0.1 }, "0.1"),
            ScalarCase("Double -0.0", { -0.0 }, "0"),
            ScalarCase("Double 1e21", { 1e21 }, "1e+21"),
            ScalarCase("Double 1e-7", { 1e-7 }, "1e-7"),
            ScalarCase("Double 123456789012", { 123_456_789_012.0 }, "123456789012"),
            ScalarCase(
                "Double.greatestFiniteMagnitude", { Double.greatestFiniteMagnitude },
                "1.7976931348623157e+308"),
            ScalarCase("Double.nan", { Double.nan }, "nan"),
            ScalarCase("Double.infinity", { Double.infinity }, "inf"),
            ScalarCase("-Double.infinity", { -Double.infinity }, "-inf"),
            ScalarCase("Float 0.1", { Float(0.1) }, "0.1"),
            ScalarCase("Float 3.5", { Float(3.5) }, "3.5"),
            ScalarCase("Float.greatestFiniteMagnitude", { Float.greatestFiniteMagnitude }, "3.4028235e+38"),
            ScalarCase("Float.nan", { Float.nan }, "nan"),
            ScalarCase("Float -infinity", { -Float.infinity }, "-inf"),
            ScalarCase("true", { true }, "true"),
            ScalarCase("false", { false }, "false"),
            ScalarCase("String", { "a b" }, "a b"),
            ScalarCase("Substring", { "abc".dropFirst() }, "bc"),
            ScalarCase("URL", { URL(string: "http://usebutton.com/a?b=c")! }, "http://usebutton.com/a?b=c"),
            ScalarCase("epoch", { Date(timeIntervalSince1970: 0) }, "1970-01-01T00:00:00Z"),
            ScalarCase("leap day", { Date(timeIntervalSince1970: 951_782_400) }, "2000-02-29T00:00:00Z"),
            ScalarCase(
                "milliseconds", { Date(timeIntervalSince1970: 1_700_000_000.25) }, "2023-11-14T22:13:20.250Z"),
            ScalarCase("before 1970", { Date(timeIntervalSince1970: -1) }, "1969-12-31T23:59:59Z"),
            ScalarCase(
                "before 1970, fraction", { Date(timeIntervalSince1970: -0.5) }, "1969-12-31T23:59:59.500Z"),
            // Foundation calls this 0001-01-01 in its Julian calendar before 1582; ISO 8601 is
            // proleptic Gregorian, two days earlier.
            ScalarCase("distantPast", { Date.distantPast }, "0000-12-30T00:00:00Z"),
            ScalarCase("distantFuture", { Date.distantFuture }, "4001-01-01T00:00:00Z"),
            ScalarCase(
                "year 10000", { Date(timeIntervalSince1970: 253_402_300_800) }, "+010000-01-01T00:00:00Z"),
            ScalarCase(
                "year -1", { Date(timeIntervalSince1970: -62_167_219_200 - 86400) }, "-000001-12-31T00:00:00Z"
            ),
            ScalarCase("beyond the calendar", { Date(timeIntervalSince1970: 1e20) }, "100000000000000000000"),
            ScalarCase("JSONValue string", { JSONValue.string("x") }, "x"),
            ScalarCase("JSONValue number", { JSONValue.number(2.5) }, "2.5"),
            ScalarCase("JSONValue null", { JSONValue.null }, ""),
        ])
    func scalars(_ example: ScalarCase) throws {
        var builder = try ModelTestSupport.builder("dpl://x")
        builder.setValue(example.value(), forKey: "v")
        let link = try ModelTestSupport.readBack(builder)
        #expect(link.queryParameters["v"] == .string(example.text))
        #expect(link.queryParameters["dpl:json-encoded-fields"] == nil)
    }

    @Test("inside arrays and objects values keep their JSON types")
    func nested() throws {
        let date = Date(timeIntervalSince1970: 0)
        #expect([1, 2].deepLinkJSONValue == [1, 2])
        #expect([2.5, .nan].deepLinkJSONValue == [2.5, "nan"])
        #expect([Float(0.1)].deepLinkJSONValue == [0.1])
        #expect([Int64.max].deepLinkJSONValue == ["9223372036854775807"])
        // Integers stay JSON numbers while a Double holds them exactly (up to ±2^53).
        #expect(
            [9_007_199_254_740_992, -9_007_199_254_740_992].deepLinkJSONValue == [
                9_007_199_254_740_992, -9_007_199_254_740_992,
            ])
        #expect(
            [9_007_199_254_740_993, -9_007_199_254_740_993].deepLinkJSONValue == [
                "9007199254740993", "-9007199254740993",
            ])
        #expect([UInt64(1) << 53 + 1].deepLinkJSONValue == ["9007199254740993"])
        #expect([Int8.min, Int8.max].deepLinkJSONValue == [-128, 127])
        #expect([date].deepLinkJSONValue == ["1970-01-01T00:00:00Z"])
        #expect(["a": [true]].deepLinkJSONValue == ["a": [true]])
        #expect(["a": ["b": [UInt8(1)]]].deepLinkJSONValue == ["a": ["b": [1]]])
        let mixed: JSONValue = [
            "when": JSONValue(date), "count": JSONValue(3), "url": JSONValue(URL(string: "x:y")!),
        ]
        #expect(mixed == ["when": "1970-01-01T00:00:00Z", "count": 3, "url": "x:y"])
    }

    @Test("a value written as an array or object round-trips through the URL")
    func containersRoundTrip() throws {
        var builder = try ModelTestSupport.builder("dpl://x")
        builder.setValue(["ids": [1, 2, 3]], forKey: "o")
        builder.setValue([["a": "b"]], forKey: "a")
        let link = try ModelTestSupport.readBack(builder)
        #expect(link.queryParameters["o"] == ["ids": [1, 2, 3]])
        #expect(link.queryParameters["a"] == [["a": "b"]])
        #expect(link.queryParameters["dpl:json-encoded-fields"] == #"["o","a"]"#)
    }
}
