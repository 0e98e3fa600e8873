import Testing

@testable import WaypointCLI

/// What lint reads from a regex without running it: never more than is certain.
@Suite("Regex facts")
struct RegexFactsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let regex: String
        let slashFree: Bool
        let minimumLength: Int
        var testDescription: String { regex }
    }

    static let cases: [Case] = [
        Case(regex: "\\d+", slashFree: true, minimumLength: 1),
        Case(regex: "[a-z]{2}-\\d{6}", slashFree: true, minimumLength: 9),
        Case(regex: "[^/]+", slashFree: true, minimumLength: 1),
        Case(regex: "[^a]+", slashFree: false, minimumLength: 1),
        Case(regex: "[!-0]", slashFree: false, minimumLength: 1),
        Case(regex: "(foo|ba)r?", slashFree: true, minimumLength: 2),
        Case(regex: "(?:ab)*c", slashFree: true, minimumLength: 1),
        Case(regex: "a|", slashFree: true, minimumLength: 0),
        Case(regex: ".*", slashFree: false, minimumLength: 0),
        Case(regex: "\\D", slashFree: false, minimumLength: 1),
        Case(regex: "\\/", slashFree: false, minimumLength: 1),
        Case(regex: "\\x2f", slashFree: false, minimumLength: 1),
        Case(regex: "(?=.*/)\\w+", slashFree: true, minimumLength: 1),
        Case(regex: "(?i)abc", slashFree: true, minimumLength: 3),
        Case(regex: "(?<year>\\d{4})", slashFree: true, minimumLength: 4),
        Case(regex: "\\Qa.b\\E", slashFree: true, minimumLength: 3),
        Case(regex: "[[:alpha:]]+", slashFree: true, minimumLength: 1),
        Case(regex: "[[:punct:]]", slashFree: false, minimumLength: 0),
        Case(regex: "(a)\\1", slashFree: false, minimumLength: 0),
        Case(regex: "(?x) a / b", slashFree: false, minimumLength: 0),
        Case(regex: "(*ACCEPT)a", slashFree: false, minimumLength: 0),
        Case(regex: "\\p{L}+", slashFree: false, minimumLength: 0),
        Case(regex: "a{,3}", slashFree: true, minimumLength: 0),
        // A brace no PCRE2 version reads as a quantifier is literal text; `{ 2}` is `{2}`
        // from PCRE2 10.43 on and text before, so it is not read.
        Case(regex: "a{x}", slashFree: true, minimumLength: 4),
        Case(regex: "a{ 2}", slashFree: false, minimumLength: 0),
        Case(regex: "\\Qab\\E+", slashFree: false, minimumLength: 0),
    ]

    @Test("facts", arguments: cases)
    func facts(_ example: Case) {
        let facts = RegexFacts.analyze(example.regex)
        #expect(facts.neverMatchesSlash == example.slashFree)
        #expect(facts.minimumLength == example.minimumLength)
    }

    @Test(
        "spellings of any string",
        arguments: [
            (".*", true), ("(.*)", true), ("(?:.*)", true), ("((.*))", true), ("(?s).*", true),
            ("(?s:.*)", true),
            ("[\\s\\S]*", true), (".*?", true), ("(.*)(.*)", false), ("(a)|(.*)", false), (".+", false),
            ("a.*", false),
        ])
    func everything(_ regex: String, _ expected: Bool) {
        #expect(RegexFacts.matchesEverything(regex) == expected)
    }

    @Test("spellings of any non-empty string", arguments: [(".+", true), ("(.+?)", true), (".*", false)])
    func everyNonEmpty(_ regex: String, _ expected: Bool) {
        #expect(RegexFacts.matchesEveryNonEmpty(regex) == expected)
    }
}
