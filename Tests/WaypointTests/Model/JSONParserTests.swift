import Testing
import Waypoint

@Suite("JSON parser")
struct JSONParserTests {
    struct Valid: CustomTestStringConvertible, Sendable {
        let text: String
        let value: JSONValue
        var testDescription: String { text.debugDescription }
    }

    @Test(
        "accepts RFC 8259 text",
        arguments: [
            Valid(text: "null", value: .null),
            Valid(text: "true", value: true),
            Valid(text: "false", value: false),
            Valid(text: "0", value: 0),
            Valid(text: "-0", value: .number(-0.0)),
            Valid(text: "-12.5e+2", value: -1250),
            Valid(text: "1E-2", value: 0.01),
            Valid(text: "0.1", value: 0.1),
            Valid(text: "1e-400", value: 0),
            Valid(text: "1.7976931348623157e308", value: .number(.greatestFiniteMagnitude)),
            Valid(text: "\"\"", value: ""),
            Valid(text: " \t\r\n\"a\" \n", value: "a"),
            Valid(text: "[]", value: []),
            Valid(text: "{}", value: [:]),
            Valid(text: "[ 1 , [ ] , { } ]", value: [1, [], [:]]),
            Valid(text: "{\"a\":{\"b\":[null,true]}}", value: ["a": ["b": [nil, true]]]),
            Valid(text: "{\"k\":1,\"k\":2}", value: ["k": 1]),
            Valid(
                text: "\"caf\u{E9} \u{6F22}\u{5B57} \u{1F600}\"",
                value: "caf\u{E9} \u{6F22}\u{5B57} \u{1F600}"),
            Valid(text: #""http:\/\/dpl.io\/say""#, value: "http://dpl.io/say"),
            Valid(text: #""\"\\\/\b\f\n\r\t""#, value: "\"\\/\u{08}\u{0C}\n\r\t"),
            Valid(text: #""\u0041\u00e9\u6F22\u0000""#, value: "A\u{E9}\u{6F22}\u{0}"),
            Valid(text: #""\uD83D\uDE00""#, value: "\u{1F600}"),
            Valid(text: #""\ud83d\ude00x""#, value: "\u{1F600}x"),
            Valid(text: #""a\u0022b""#, value: "a\"b"),
        ])
    func valid(_ example: Valid) throws {
        #expect(try JSONValue(parsing: example.text) == example.value)
    }

    @Test("keeps the sign of negative zero")
    func negativeZero() throws {
        let value = try JSONValue(parsing: "-0")
        #expect(value.numberValue?.sign == .minus)
    }

    struct Invalid: CustomTestStringConvertible, Sendable {
        let text: String
        let message: String
        var testDescription: String { text.debugDescription }
    }

    @Test(
        "rejects invalid text with its line and column",
        arguments: [
            Invalid(text: "", message: "line 1, column 1: unexpected end of input, expected a value"),
            Invalid(text: "  ", message: "line 1, column 3: unexpected end of input, expected a value"),
            Invalid(text: "[1,]", message: #"line 1, column 4: unexpected "]", expected a value"#),
            Invalid(text: "[1 2]", message: #"line 1, column 4: unexpected "2", expected "," or "]""#),
            Invalid(text: "[1", message: #"line 1, column 3: unexpected end of input, expected "," or "]""#),
            Invalid(text: "{\"a\":1,}", message: #"line 1, column 8: unexpected "}", expected a string"#),
            Invalid(text: "{1:2}", message: #"line 1, column 2: unexpected "1", expected a string or "}""#),
            Invalid(text: "{\"a\" 1}", message: #"line 1, column 6: unexpected "1", expected ":""#),
            Invalid(
                text: "{\"a\":1", message: #"line 1, column 7: unexpected end of input, expected "," or "}""#),
            Invalid(text: "{\"a\"", message: #"line 1, column 5: unexpected end of input, expected ":""#),
            Invalid(
                text: "{", message: #"line 1, column 2: unexpected end of input, expected a string or "}""#),
            Invalid(text: "1 2", message: #"line 1, column 3: unexpected "2", expected end of input"#),
            Invalid(text: "{}x", message: #"line 1, column 3: unexpected "x", expected end of input"#),
            Invalid(
                text: "\u{FEFF}1",
                message:
                    "line 1, column 1: unexpected byte order mark (U+FEFF, the bytes EF BB BF in UTF-8), "
                    + "which JSON text must not start with (RFC 8259 §8.1), expected a value; save the file without it"
            ),
            Invalid(text: "[1,\n  é]", message: #"line 2, column 3: unexpected "é", expected a value"#),
            Invalid(
                text: "\"é漢\"\r\n x", message: #"line 2, column 2: unexpected "x", expected end of input"#),
            Invalid(text: "'a'", message: #"line 1, column 1: unexpected "'", expected a value"#),
            Invalid(text: "[x]", message: #"line 1, column 2: invalid literal "x""#),
            Invalid(text: "[\u{7}]", message: #"line 1, column 2: unexpected "\u{7}", expected a value"#),
            Invalid(text: "tru", message: #"line 1, column 1: invalid literal "tru""#),
            Invalid(text: "[nul]", message: #"line 1, column 2: invalid literal "nul""#),
            Invalid(text: "True", message: #"line 1, column 1: invalid literal "True""#),
            Invalid(text: "NaN", message: #"line 1, column 1: invalid literal "NaN""#),
            Invalid(text: "01", message: #"line 1, column 1: invalid number "01""#),
            Invalid(text: "-", message: #"line 1, column 1: invalid number "-""#),
            Invalid(text: "1.", message: #"line 1, column 1: invalid number "1.""#),
            Invalid(text: "[.5]", message: #"line 1, column 2: unexpected ".", expected a value"#),
            Invalid(text: "+1", message: #"line 1, column 1: unexpected "+", expected a value"#),
            Invalid(text: "1e", message: #"line 1, column 1: invalid number "1e""#),
            Invalid(text: "1.5.2", message: #"line 1, column 1: invalid number "1.5.2""#),
            Invalid(text: "-Infinity", message: #"line 1, column 1: invalid number "-""#),
            Invalid(text: "[1e400]", message: #"line 1, column 2: number out of range "1e400""#),
            Invalid(text: "-1e309", message: #"line 1, column 1: number out of range "-1e309""#),
            Invalid(
                text: "\"abc", message: "line 1, column 5: unexpected end of input, expected a closing quote"),
            Invalid(text: #""a\x""#, message: #"line 1, column 3: invalid escape "\\x""#),
            Invalid(text: #""\é""#, message: #"line 1, column 2: invalid escape "\\é""#),
            Invalid(
                text: "\"a\\",
                message: "line 1, column 4: unexpected end of input, expected an escape character"),
            Invalid(text: #""\u12G4""#, message: #"line 1, column 2: invalid unicode escape "\\u12G4""#),
            Invalid(text: #""\u12""#, message: #"line 1, column 2: invalid unicode escape "\\u12""#),
            Invalid(text: #""\uD800""#, message: #"line 1, column 2: unpaired surrogate "\\uD800""#),
            Invalid(text: #""\uD800\u0041""#, message: #"line 1, column 2: unpaired surrogate "\\uD800""#),
            Invalid(text: #""x\uDC00""#, message: #"line 1, column 3: unpaired surrogate "\\uDC00""#),
            Invalid(
                text: "\"a\tb\"", message: "line 1, column 3: unescaped control character U+0009 in a string"),
            Invalid(
                text: "\"a\\n\nb\"",
                message: "line 1, column 5: unescaped control character U+000A in a string"),
        ])
    func invalid(_ example: Invalid) {
        #expect {
            _ = try JSONValue(parsing: example.text)
        } throws: { error in
            (error as? JSONParseError)?.description == "invalid JSON at " + example.message
        }
    }

    @Test("the error is typed and carries its position")
    func typedError() {
        do {
            _ = try JSONValue(parsing: "[\n  1,\n  @]")
            Issue.record("parsed invalid JSON")
        } catch {
            #expect(error == .unexpectedCharacter("@", expected: "a value", line: 3, column: 3))
            #expect(error.line == 3)
            #expect(error.column == 3)
        }
    }

    @Test("a byte order mark at the start is refused with a message that names it")
    func byteOrderMark() {
        do {
            _ = try JSONValue(parsing: "\u{FEFF}{}")
            Issue.record("parsed text that starts with a byte order mark")
        } catch {
            #expect(error == .unexpectedCharacter("\u{FEFF}", expected: "a value", line: 1, column: 1))
            #expect(error.description.contains("byte order mark (U+FEFF"))
            #expect(error.description.contains("RFC 8259 §8.1"))
        }
        // Elsewhere the character is an unexpected one like any other.
        do {
            _ = try JSONValue(parsing: "[1,\u{FEFF}2]")
            Issue.record("parsed a byte order mark inside an array")
        } catch {
            #expect(!error.description.contains("byte order mark"))
        }
    }

    @Test("nesting is bounded at 512 levels by default")
    func depthBound() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try JSONValue(parsing: deepest)
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            value = elements.first ?? .null
        }
        #expect(depth == 512)

        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: JSONParseError.nestingTooDeep(limit: 512, line: 1, column: 513)) {
            try JSONValue(parsing: tooDeep)
        }
        let objects = String(repeating: "{\"a\":", count: 513) + "1" + String(repeating: "}", count: 513)
        #expect(throws: JSONParseError.nestingTooDeep(limit: 512, line: 1, column: 2561)) {
            try JSONValue(parsing: objects)
        }
    }

    @Test("a hostile nesting depth fails fast without exhausting the stack")
    func hostileDepth() {
        let hostile = String(repeating: "[", count: 1_000_000)
        #expect(throws: JSONParseError.nestingTooDeep(limit: 512, line: 1, column: 513)) {
            try JSONValue(parsing: hostile)
        }
    }

    @Test("the depth bound can be chosen")
    func customDepth() throws {
        #expect(try JSONValue(parsing: "[[1]]", maximumDepth: 2) == [[1]])
        #expect(try JSONValue(parsing: "7", maximumDepth: 0) == 7)
        #expect(throws: JSONParseError.nestingTooDeep(limit: 2, line: 1, column: 3)) {
            try JSONValue(parsing: "[[[]]]", maximumDepth: 2)
        }
        #expect(throws: JSONParseError.nestingTooDeep(limit: 2, line: 1, column: 7)) {
            try JSONValue(parsing: "[{\"a\":{}}]", maximumDepth: 2)
        }
    }

    @Test("wide values parse in linear time")
    func wideValues() throws {
        let count = 50_000
        let array = "[" + Array(repeating: "1", count: count).joined(separator: ",") + "]"
        #expect(try JSONValue(parsing: array).arrayValue?.count == count)
        let members = (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let object = try JSONValue(parsing: "{" + members + "}")
        #expect(object.objectValue?.count == count)
        #expect(object["k49999"] == 49999)
    }
}
