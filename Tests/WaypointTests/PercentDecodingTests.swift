import Testing

@testable import Waypoint

@Suite("Percent-decoding")
struct PercentDecodingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let input: String
        let output: String
        var testDescription: String { "\(input.debugDescription) → \(output.debugDescription)" }
    }

    @Test(
        "decodes UTF-8 escapes and keeps invalid text as written",
        arguments: [
            Case(input: "hello%20world", output: "hello world"),
            Case(input: "caf%C3%A9", output: "café"),
            Case(input: "caf%c3%a9", output: "café"),
            Case(input: "a+b", output: "a+b"),
            Case(input: "%FF", output: "%FF"),
            Case(input: "%C3", output: "%C3"),
            Case(input: "%C3%28", output: "%C3%28"),
            Case(input: "%ED%A0%80", output: "%ED%A0%80"),
            Case(input: "%F4%90%80%80", output: "%F4%90%80%80"),
            Case(input: "%C0%AF", output: "%C0%AF"),
            Case(input: "50%off", output: "50%off"),
            Case(input: "100%25", output: "100%"),
            Case(input: "%", output: "%"),
            Case(input: "%2", output: "%2"),
            Case(input: "%2F%zz", output: "%2F%zz"),
            Case(input: "a%2Fb", output: "a/b"),
            Case(input: "é%20", output: "é "),
            Case(input: "%F0%9F%98%80", output: "😀"),
            Case(input: "", output: ""),
        ])
    func decode(_ example: Case) {
        #expect(PercentDecoding.decode(example.input) == example.output)
    }
}
