import Testing

@testable import WaypointCLI

/// `waypoint aasa`'s automaton reads a regex through ``RegexSyntax``'s atoms, so it reads
/// what PCRE2 10.42 (as routes compile) reads: quoted text, comments between an item and
/// its quantifier, a class whose `]` follows `[`, braces that are no quantifier there.
@Suite("RegexAutomaton reads regexes as PCRE2 does")
struct RegexAutomatonReaderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let pattern: String
        var caseless = false
        /// Subjects the automaton accepts; nil when it models no automaton for the pattern.
        let accepts: [String]?
        var rejects: [String] = []
        var testDescription: String { pattern }
    }

    static let cases: [Case] = [
        // `{,3}` is literal text for PCRE2 10.42; a quantifier after it repeats its `}`.
        Case(pattern: "a{,3}", accepts: ["a{,3}"], rejects: ["", "a", "aaa"]),
        Case(pattern: "a{,3}+", accepts: ["a{,3}", "a{,3}}}"], rejects: ["a{,3"]),
        Case(pattern: "{ 2}", accepts: ["{ 2}"], rejects: [""]),
        Case(pattern: "a+?{,3}", accepts: ["a{,3}", "aa{,3}"], rejects: ["a"]),
        Case(pattern: "a{x}", accepts: ["a{x}"], rejects: ["a"]),
        Case(pattern: "a{2,3}?", accepts: ["aa", "aaa"], rejects: ["a", "aaaa"]),
        // A quantifier after a quoted run repeats its last character.
        Case(pattern: #"\Q)(\E+"#, accepts: [")(", ")((("], rejects: [")", ")()("]),
        Case(pattern: #"\Qa.b\E"#, accepts: ["a.b"], rejects: ["axb"]),
        Case(pattern: #"a\Q\E+"#, accepts: ["a", "aaa"], rejects: [""]),
        // Comments are skipped, also between an item and its quantifier.
        Case(pattern: "a(?#c)+", accepts: ["a", "aaaa"], rejects: [""]),
        Case(pattern: "(?#(a)b", accepts: ["b"], rejects: ["ab"]),
        // Classes: a leading `]`, escapes, ranges, POSIX names, case.
        Case(pattern: "[]a]+", accepts: ["]", "a]a"], rejects: ["b"]),
        Case(pattern: "[^]]", accepts: ["x", "/"], rejects: ["]"]),
        Case(pattern: #"[\]x-z]"#, accepts: ["]", "y"], rejects: ["w"]),
        Case(pattern: "[a-]", accepts: ["a", "-"], rejects: ["b"]),
        Case(pattern: "[[:digit:]_]+", accepts: ["1_2"], rejects: ["a"]),
        Case(pattern: "[a-c]", caseless: true, accepts: ["B"], rejects: ["d"]),
        Case(pattern: #"[\d.]"#, accepts: ["7", "."], rejects: ["a"]),
        // Escapes and groups.
        Case(pattern: #"\x{41}\x42\0\."#, accepts: ["AB\u{0}."], rejects: ["AB\u{0}x"]),
        Case(pattern: "(?i)a(?-i:b)", accepts: ["Ab", "ab"], rejects: ["aB"]),
        Case(pattern: "(?<n>a|b)(?:c)", accepts: ["ac", "bc"], rejects: ["c"]),
        Case(pattern: "(?s:.)", accepts: ["\n"]),
        // What the automaton does not model.
        Case(pattern: "a++", accepts: nil),
        Case(pattern: "(?=a)a", accepts: nil),
        Case(pattern: #"[\E]]"#, accepts: nil),
        Case(pattern: "(?x)a b", accepts: nil),
        Case(pattern: "(*MARK:x)a", accepts: nil),
        Case(pattern: "(a", accepts: nil),
        Case(pattern: "a)", accepts: nil),
        Case(pattern: "+a", accepts: nil),
    ]

    @Test("accepts what PCRE2 matches, rejects what it does not", arguments: cases)
    func reads(_ example: Case) {
        let automaton = try? RegexAutomaton(example.pattern, caseless: example.caseless)
        guard let accepted = example.accepts else {
            #expect(automaton == nil)
            return
        }
        guard let automaton else {
            Issue.record("no automaton for \(example.pattern)")
            return
        }
        for subject in accepted {
            #expect(automaton.accepts(subject.unicodeScalars), "\(subject)")
        }
        for subject in example.rejects {
            #expect(!automaton.accepts(subject.unicodeScalars), "\(subject)")
        }
    }
}
