import Testing

@testable import Waypoint

/// `JSONValue.parsingWithLines`: the line each value starts on, down to a depth, for tools
/// that report a problem at its line (`waypoint build-check`).
@Suite("JSON parser: value lines")
struct JSONLineMapTests {
    static let document = """
        [
          {
            "routes": ["/a",
              "/b"],
            "cases": [
              { "input": "x://h/a",
                "expect": { "matched": true } },

              {
                "input": "x://h/b", "expect": {}
              }
            ]
          },
          { "empty": {}, "list": [] }
        ]
        """

    struct Case: CustomTestStringConvertible, Sendable {
        let path: [JSONLineMap.Step]
        let line: Int?
        var testDescription: String { "\(path)" }
    }

    static let cases: [Case] = [
        Case(path: [], line: 1),
        Case(path: [.index(0)], line: 2),
        Case(path: [.index(0), .key("routes")], line: 3),
        Case(path: [.index(0), .key("routes"), .index(0)], line: 3),
        Case(path: [.index(0), .key("routes"), .index(1)], line: 4),
        Case(path: [.index(0), .key("cases")], line: 5),
        Case(path: [.index(0), .key("cases"), .index(0)], line: 6),
        Case(path: [.index(0), .key("cases"), .index(1)], line: 9),
        Case(path: [.index(0), .key("cases"), .index(1), .key("expect")], line: 10),
        Case(path: [.index(1)], line: 14),
        Case(path: [.index(1), .key("empty")], line: 14),
        Case(path: [.index(1), .key("list")], line: 14),
        // Deeper than the recording depth (4): not recorded.
        Case(path: [.index(0), .key("cases"), .index(0), .key("expect"), .key("matched")], line: nil),
        Case(path: [.index(2)], line: nil),
        Case(path: [.index(0), .key("nothing")], line: nil),
    ]

    @Test("the line a value starts on", arguments: cases)
    func line(_ example: Case) throws {
        let (value, lines) = try JSONValue.parsingWithLines(Self.document, recordingDepth: 4)
        #expect(value == (try JSONValue(parsing: Self.document)))
        #expect(lines.line(at: example.path) == example.line)
    }

    @Test("CRLF line breaks count once, and recording nothing records nothing")
    func crlfAndDepthZero() throws {
        let text = "{\r\n\"a\":\r\n[1,\r\n2]}"
        let lines = try JSONValue.parsingWithLines(text, recordingDepth: 2).lines
        #expect(lines.line(at: [.key("a")]) == 3)
        #expect(lines.line(at: [.key("a"), .index(1)]) == 4)
        let none = try JSONValue.parsingWithLines(text, recordingDepth: 0).lines
        #expect(none.line(at: []) == nil)
    }

    @Test("errors are the parser's, at the same place")
    func errors() {
        #expect(throws: JSONParseError.unexpectedCharacter("]", expected: "a value", line: 2, column: 6)) {
            try JSONValue.parsingWithLines("[\n  1, ]", recordingDepth: 3)
        }
    }
}
