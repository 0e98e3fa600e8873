import Testing
import Waypoint

@Suite("JSON writer")
struct JSONWriterTests {
    struct NumberCase: CustomTestStringConvertible, Sendable {
        let value: Double
        let text: String
        var testDescription: String { "\(value) → \(text)" }
    }

    @Test(
        "numbers: whole numbers without .0, others shortest round-trip, ECMAScript layout",
        arguments: [
            NumberCase(value: 1, text: "1"),
            NumberCase(value: -0.0, text: "0"),
            NumberCase(value: 0, text: "0"),
            NumberCase(value: 3.0, text: "3"),
            NumberCase(value: 3.5, text: "3.5"),
            NumberCase(value: -3.5, text: "-3.5"),
            NumberCase(value: 0.1, text: "0.1"),
            NumberCase(value: 0.1 + 0.2, text: "0.30000000000000004"),
            NumberCase(value: 100, text: "100"),
            NumberCase(value: 1e20, text: "100000000000000000000"),
            NumberCase(value: 1e21, text: "1e+21"),
            NumberCase(value: 1.5e21, text: "1.5e+21"),
            NumberCase(value: 1e-6, text: "0.000001"),
            NumberCase(value: 1.234e-6, text: "0.000001234"),
            NumberCase(value: 1e-7, text: "1e-7"),
            NumberCase(value: -2.5e-8, text: "-2.5e-8"),
            NumberCase(value: 123456789012, text: "123456789012"),
            NumberCase(value: 9007199254740992, text: "9007199254740992"),
            NumberCase(value: 1e16, text: "10000000000000000"),
            NumberCase(value: 123.456, text: "123.456"),
            NumberCase(value: Double.greatestFiniteMagnitude, text: "1.7976931348623157e+308"),
            NumberCase(value: -Double.greatestFiniteMagnitude, text: "-1.7976931348623157e+308"),
            NumberCase(value: Double.leastNonzeroMagnitude, text: "5e-324"),
            NumberCase(value: Double.leastNormalMagnitude, text: "2.2250738585072014e-308"),
        ])
    func numbers(_ example: NumberCase) throws {
        #expect(JSONValue.number(example.value).jsonString == example.text)
        // Shortest round-trip: the text reads back as the same Double.
        #expect(try JSONValue(parsing: example.text) == .number(example.value))
    }

    @Test("NaN and the infinities, which JSON cannot hold, are written as null")
    func nonFinite() {
        #expect(JSONValue.number(.nan).jsonString == "null")
        #expect(JSONValue.number(.infinity).jsonString == "null")
        #expect(JSONValue.array([.number(-.infinity), 1]).jsonString == "[null,1]")
    }

    @Test("output is compact and object keys are sorted by UTF-8 bytes")
    func compactSorted() {
        let value: JSONValue = [
            "b": [1, "x", nil, true, false],
            "a": ["z": 1, "Z": 2, "é": 3, "e": 4, "\u{1F600}": 5, "\u{FF21}": 6, "": 7],
        ]
        #expect(
            value.jsonString
                == #"{"a":{"":7,"Z":2,"e":4,"z":1,"é":3,"Ａ":6,"😀":5},"b":[1,"x",null,true,false]}"#)
        #expect(value.description == value.jsonString)
    }

    @Test("strings escape quotes, backslashes and control characters only")
    func stringEscapes() {
        let value = JSONValue.string("\"\\/\u{08}\u{0C}\n\r\t\u{0}\u{1F}\u{7F} é漢😀")
        #expect(value.jsonString == #""\"\\/\b\f\n\r\t\u0000\u001f"# + "\u{7F} é漢😀\"")
    }

    @Test("writing then parsing gives the value back")
    func roundTrip() throws {
        let value: JSONValue = [
            "list": [0.5, -7, 1e300, "\u{0}\u{1}", ["nested": [[], [:]]]],
            "text": "line\nbreak \"quoted\" \\ /",
            "flag": false,
            "none": nil,
        ]
        #expect(try JSONValue(parsing: value.jsonString) == value)
    }
}
