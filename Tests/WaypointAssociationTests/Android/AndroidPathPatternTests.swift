import Testing
import WaypointAssociation

/// Android's path attributes against hand-checked paths: the documented meaning of each
/// (`<data>`, `PatternMatcher`) and the places where the platform's one-pass globs part
/// ways with a regular expression.
@Suite("Android path attributes")
struct AndroidPathPatternTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let kind: AndroidPathPattern.Kind
        let pattern: String
        let path: String
        let matches: Bool
        var testDescription: String { "\(kind.attribute) \(pattern) on \(path): \(matches)" }
    }

    static let cases: [Case] = [
        // Literal, prefix and suffix.
        Case(kind: .path, pattern: "/help", path: "/help", matches: true),
        Case(kind: .path, pattern: "/help", path: "/help/", matches: false),
        Case(kind: .path, pattern: "/help", path: "/Help", matches: false),
        Case(kind: .prefix, pattern: "/docs/", path: "/docs/a/b", matches: true),
        Case(kind: .prefix, pattern: "/docs/", path: "/docs", matches: false),
        Case(kind: .suffix, pattern: ".pdf", path: "/a/b.pdf", matches: true),
        Case(kind: .suffix, pattern: ".pdf", path: "/a/b.pdfx", matches: false),
        // The simple glob: `.*` skips to the first occurrence of the next character.
        Case(kind: .pattern, pattern: "/products/.*/reviews", path: "/products/42/reviews", matches: true),
        Case(kind: .pattern, pattern: "/products/.*/reviews", path: "/products//reviews", matches: true),
        Case(kind: .pattern, pattern: "/products/.*/reviews", path: "/products/4/2/reviews", matches: false),
        Case(kind: .pattern, pattern: ".*\\.pdf", path: "/ab.pdf", matches: true),
        Case(kind: .pattern, pattern: ".*\\.pdf", path: "/a.b.pdf", matches: false),
        Case(kind: .pattern, pattern: "/.*", path: "/", matches: true),
        Case(kind: .pattern, pattern: "/.*", path: "/a/b/c", matches: true),
        Case(kind: .pattern, pattern: "/a.*", path: "/a", matches: true),
        Case(kind: .pattern, pattern: ".*", path: "", matches: true),
        Case(kind: .pattern, pattern: "", path: "", matches: true),
        Case(kind: .pattern, pattern: "", path: "/", matches: false),
        // `c*` takes every `c` and gives none back; at the very end it needs one.
        Case(kind: .pattern, pattern: "/a*b", path: "/b", matches: true),
        Case(kind: .pattern, pattern: "/a*b", path: "/aaab", matches: true),
        Case(kind: .pattern, pattern: "/a*a", path: "/aa", matches: false),
        Case(kind: .pattern, pattern: "/ab*", path: "/abbb", matches: true),
        Case(kind: .pattern, pattern: "/ab*", path: "/a", matches: false),
        // `.` is any character, escaped or not; `\*` is a star.
        Case(kind: .pattern, pattern: "/x.y", path: "/xzy", matches: true),
        Case(kind: .pattern, pattern: "/x\\.y", path: "/xzy", matches: true),
        Case(kind: .pattern, pattern: "/x\\.y", path: "/x.y", matches: true),
        Case(kind: .pattern, pattern: "/a\\*", path: "/a*", matches: true),
        Case(kind: .pattern, pattern: "/a\\*", path: "/ab", matches: false),
        Case(kind: .pattern, pattern: "/caf\u{E9}", path: "/caf\u{E9}", matches: true),
        // The advanced glob: sets, ranges, repetitions, each greedy.
        Case(kind: .advancedPattern, pattern: "/products/[^/]+", path: "/products/42", matches: true),
        Case(kind: .advancedPattern, pattern: "/products/[^/]+", path: "/products/4/2", matches: false),
        Case(kind: .advancedPattern, pattern: "/products/[^/]+", path: "/products/", matches: false),
        Case(kind: .advancedPattern, pattern: "/[a-z]+[a-z]", path: "/abc", matches: false),
        Case(kind: .advancedPattern, pattern: "/[a-z]+[0-9]", path: "/abc1", matches: true),
        Case(kind: .advancedPattern, pattern: "/a{2,3}", path: "/aa", matches: true),
        Case(kind: .advancedPattern, pattern: "/a{2,3}", path: "/aaaa", matches: false),
        Case(kind: .advancedPattern, pattern: "/a{2,3}", path: "/a", matches: false),
        Case(kind: .advancedPattern, pattern: "/x{2}", path: "/xx", matches: true),
        Case(kind: .advancedPattern, pattern: "/x{2,}", path: "/xxxxx", matches: true),
        Case(kind: .advancedPattern, pattern: "/[0-9]*\\.json", path: "/12.json", matches: true),
        Case(kind: .advancedPattern, pattern: "/[0-9]*\\.json", path: "/12xjson", matches: false),
        Case(kind: .advancedPattern, pattern: "/.*", path: "/a/b", matches: true),
        Case(kind: .advancedPattern, pattern: "/.*/x", path: "/a/x", matches: false),
        Case(kind: .advancedPattern, pattern: "/[pP][aA]", path: "/Pa", matches: true),
        Case(kind: .advancedPattern, pattern: "/a}b", path: "/ab", matches: true),
        Case(kind: .advancedPattern, pattern: "/[\\]]", path: "/]", matches: true),
        Case(kind: .advancedPattern, pattern: "/[a-]", path: "/-", matches: true),
    ]

    @Test(arguments: cases)
    func matches(_ testCase: Case) throws {
        let pattern = try AndroidPathPattern(testCase.kind, testCase.pattern)
        #expect(pattern.matches(testCase.path) == testCase.matches)
    }

    static let invalid: [(String, String)] = [
        ("*a", "\"*a\": a repetition must follow a character, \".\" or a set (at 0)"),
        ("/a**", "\"/a**\": a repetition must follow a character, \".\" or a set (at 3)"),
        ("/a{2}*", "\"/a{2}*\": a repetition must follow a character, \".\" or a set (at 5)"),
        ("/[", "\"/[\": a \"[\" without its \"]\""),
        ("/[a-z", "\"/[a-z\": a \"[\" without its \"]\""),
        ("/[]", "\"/[]\": a set with no characters (at 1)"),
        ("/[^]", "\"/[^]\": a set with no characters (at 1)"),
        ("/a{2", "\"/a{2\": a \"{\" without its \"}\" (at 2)"),
        ("/a{3,1}", "\"/a{3,1}\": \"3,1\" is not a repetition range {n}, {n,} or {n,m} with n ≤ m (at 2)"),
        ("/a{x}", "\"/a{x}\": \"x\" is not a repetition range {n}, {n,} or {n,m} with n ≤ m (at 2)"),
        ("/a\\", "\"/a\\\\\": a \"\\\" ends the pattern"),
    ]

    @Test("advanced patterns Android refuses", arguments: invalid)
    func refused(_ pattern: String, _ message: String) {
        #expect(throws: AndroidPatternError.self) { try AndroidPathPattern(.advancedPattern, pattern) }
        do {
            _ = try AndroidPathPattern(.advancedPattern, pattern)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("the length cap: ten times a long real pattern passes, past the cap is refused")
    func lengthCap() throws {
        // A long real pattern is about 200 characters; 2,000 still match.
        let long = "/" + String(repeating: "a", count: 1_999)
        #expect(try AndroidPathPattern(.pattern, long).matches(long))
        #expect(try AndroidPathPattern(.advancedPattern, "/[a]{1999}").matches(long))
        let tooLong = "/" + String(repeating: "a", count: AndroidPathPattern.maximumLength)
        // The message quotes the start of the pattern only: a refused one can be megabytes.
        #expect(throws: AndroidPatternError.self) { try AndroidPathPattern(.pattern, tooLong) }
        do {
            _ = try AndroidPathPattern(.pattern, tooLong + String(repeating: "b", count: 5_000_000))
            Issue.record("accepted")
        } catch {
            #expect(
                error.description
                    == #""/\#(String(repeating: "a", count: 79))"…: the pattern has 5002049 UTF-16 code units, more than the 2048 a pattern may have"#
            )
        }
    }

    @Test("matching time is linear: no mix of wildcards makes a long path slow")
    func linear() throws {
        // A backtracking matcher would take exponential steps here; one pass takes one.
        let path = "/" + String(repeating: "a", count: 100_000) + "b"
        #expect(try !AndroidPathPattern(.pattern, "/.*a.*a.*a.*a.*c").matches(path))
        #expect(try !AndroidPathPattern(.advancedPattern, "/[a]*[a]*[a]*c").matches(path))
    }

    @Test("samples match their pattern")
    func samples() throws {
        for (kind, text) in [
            (AndroidPathPattern.Kind.pattern, "/p/.*/r"), (.advancedPattern, "/p/[^/]+/[0-9]{2,}"),
            (.prefix, "/d/"),
            (.suffix, ".pdf"), (.path, "/x"),
        ] {
            let pattern = try AndroidPathPattern(kind, text)
            let samples = pattern.samples()
            #expect(!samples.isEmpty)
            #expect(samples.allSatisfy(pattern.matches))
        }
    }

    static let firstSegments: [(AndroidPathPattern.Kind, String, String?)] = [
        (.path, "/help", "help"), (.path, "/help/x", "help"), (.prefix, "/docs/", "docs"),
        (.prefix, "/do", nil),
        (.suffix, "/a/b", nil), (.pattern, "/p/.*", "p"), (.pattern, "/p.*/x", nil),
        (.pattern, "/pa*/x", nil),
        (.pattern, "/p\\.q/x", nil), (.pattern, "/p\\*/x", "p*"), (.advancedPattern, "/p/[^/]+", "p"),
        (.advancedPattern, "/p+/x", nil), (.advancedPattern, "/[p]/x", nil),
        (.advancedPattern, "/pp{2}/x", "ppp"),
    ]

    @Test("the first segment a pattern fixes, by which matchers index it", arguments: firstSegments)
    func firstSegment(_ kind: AndroidPathPattern.Kind, _ text: String, _ segment: String?) throws {
        let pattern = try AndroidPathPattern(kind, text)
        #expect(pattern.firstSegment == segment)
        // Whatever it matches starts with that segment.
        for sample in pattern.samples() where segment != nil {
            #expect(sample.hasPrefix("/" + (segment ?? "")))
        }
    }
}
