import Testing
import WaypointAssociation

@testable import WaypointAssociation

/// Matching a URL is linear in the URL's length and the patterns' (aasa.md §3.3), whatever
/// the wildcards: the matcher counts the characters its patterns compare, and these tests
/// hold the count to that bound instead of timing anything.
@Suite("AASA: matching work is bounded")
struct UniversalLinkMatchingBoundTests {
    /// The URL of `path` on the test host.
    static func url(_ path: String) -> String { "https://e.com" + path }

    /// Decides `url` and returns the decision with the work it took.
    static func decide(_ matcher: UniversalLinkMatcher, _ url: String) -> (UniversalLinkDecision, Int) {
        var steps = 0
        let decision = matcher.decision(for: url, appID: AASA.app, steps: &steps)
        return (decision, steps)
    }

    /// The hostile case of decisions.md, "Association files at any size": 4,500 components `*a??????????` against an
    /// 8 KB URL took 10 s when every rule ran an automaton over the whole path; each now
    /// compares its tail with the end of the path, a few characters.
    @Test("4,500 components *a?????????? against an 8 KB URL")
    func leadingStarHostileFile() throws {
        let components = Array(repeating: #"{"/": "*a??????????"}"#, count: 4_500).joined(separator: ",")
        let file = AASA.file(components: "[" + components + "]")
        #expect(file.utf8.count > 95_000 && file.utf8.count < AppSiteAssociation.maximumSize)
        let matcher = try AASA.matcher(file)
        let length = UniversalLinkMatcher.maximumURLLength - Self.url("/").utf8.count
        // No component matches: every one is tried.
        let miss = Self.url(
            "/" + String(repeating: "a", count: length - 11) + String(repeating: "b", count: 11))
        #expect(miss.utf8.count == UniversalLinkMatcher.maximumURLLength)
        let (missed, missSteps) = Self.decide(matcher, miss)
        #expect(missed.outcome == .noMatch)
        #expect(missSteps <= 4_500 * 12, "\(missSteps) steps")
        // The last component that could match is the first: every character of its tail.
        let hit = Self.url("/" + String(repeating: "a", count: length))
        let (opened, hitSteps) = Self.decide(matcher, hit)
        #expect(opened.rule?.index == 0)
        #expect(hitSteps <= 12, "\(hitSteps) steps")
    }

    /// Stars on both sides make the piece a search through the path: one step per
    /// character, never one per character per position tried.
    @Test("components *a??????????* search the path once each")
    func innerPieceHostileFile() throws {
        let rules = 200
        let components = Array(repeating: #"{"/": "*a??????????*b"}"#, count: rules).joined(separator: ",")
        let matcher = try AASA.matcher(AASA.file(components: "[" + components + "]"))
        let length = UniversalLinkMatcher.maximumURLLength - Self.url("/").utf8.count
        // `a` everywhere but near the end: the piece is found at once, the tail fails.
        let miss = Self.url("/" + String(repeating: "a", count: length - 1) + "c")
        let (missed, missSteps) = Self.decide(matcher, miss)
        #expect(missed.outcome == .noMatch)
        #expect(missSteps <= rules * 2, "\(missSteps) steps")
        // No `a` at all: each rule reads the whole path once, looking for the piece.
        let scan = Self.url("/" + String(repeating: "z", count: length - 1) + "b")
        let (scanned, scanSteps) = Self.decide(matcher, scan)
        #expect(scanned.outcome == .noMatch)
        #expect(scanSteps <= rules * (length + 2), "\(scanSteps) steps")
        let found = Self.url("/" + String(repeating: "z", count: 100) + "a0123456789" + "zzb")
        #expect(Self.decide(matcher, found).0.rule?.index == 0)
    }

    /// A piece longer than one 64-bit mask is searched with several words per character.
    @Test("a piece of 100 characters between stars")
    func longPiece() throws {
        let piece = String(repeating: "ab?", count: 33) + "c"
        let matcher = try AASA.matcher(AASA.file(components: #"[{"/": "/*\#(piece)*"}]"#))
        let text = String(repeating: "abx", count: 33) + "c"
        #expect(Self.decide(matcher, Self.url("/zz" + text + "zz")).0.opensApp)
        #expect(Self.decide(matcher, Self.url("/" + text)).0.opensApp)
        #expect(!Self.decide(matcher, Self.url("/zz" + text.dropLast() + "d")).0.opensApp)
        let (decision, steps) = Self.decide(matcher, Self.url("/" + String(repeating: "ab", count: 2_000)))
        #expect(decision.outcome == .noMatch)
        #expect(steps <= 4_001 * 2 + 102, "\(steps) steps")
    }

    /// Glob matching agrees with a plain backtracking reference on every short string over
    /// a small alphabet, for patterns of every shape over the same alphabet.
    @Test("globs agree with a reference matcher")
    func globsAgreeWithReference() throws {
        let alphabet: [Character] = ["a", "b", "/"]
        var texts = [""]
        for _ in 0..<5 { texts += texts.flatMap { text in alphabet.map { text + String($0) } } }
        texts = Array(Set(texts))
        var patterns = [""]
        for _ in 0..<4 { patterns += patterns.flatMap { text in ["a", "/", "?", "*"].map { text + $0 } } }
        patterns = Array(Set(patterns)).sorted()
        for pattern in patterns {
            let program = UniversalLinkProgram(
                try UniversalLinkPattern(pattern, variables: .predefinedOnly), ignoringCase: false)
            for text in texts {
                #expect(
                    program.matches(UniversalLinkText(text)) == Self.reference(Array(pattern), Array(text)),
                    "\(pattern) on \(text)")
            }
        }
    }

    /// Patterns with variables agree with the reference on the same strings, every value
    /// of the variable tried in turn (the variable `v`'s values mix `*`, `?`, the empty
    /// string and letters; `n` has none and matches nothing, C13).
    @Test("variable patterns agree with a reference matcher")
    func variablesAgreeWithReference() throws {
        let values = ["a*", "?b", "", "*/", "ab"]
        let variables = try UniversalLinkVariables(["v": values, "n": []], at: .root)
        let alphabet: [Character] = ["a", "b", "/"]
        var texts = [""]
        for _ in 0..<5 { texts += texts.flatMap { text in alphabet.map { text + String($0) } } }
        texts = Array(Set(texts))
        let patterns = [
            "$(v)", "a$(v)", "$(v)b", "*$(v)?", "$(v)$(v)", "?$(v)*$(v)/", "/$(v)a*", "a$(n)", "$(n)*",
        ]
        for pattern in patterns {
            let program = UniversalLinkProgram(
                try UniversalLinkPattern(pattern, variables: variables), ignoringCase: false)
            let expansions = Self.expanded(pattern, values: ["v": values, "n": []])
            for text in texts {
                let expected = expansions.contains { Self.reference(Array($0), Array(text)) }
                #expect(program.matches(UniversalLinkText(text)) == expected, "\(pattern) on \(text)")
            }
        }
    }

    /// Every pattern `pattern` stands for: each `$(name)` replaced by each of its values.
    static func expanded(_ pattern: String, values: [String: [String]]) -> [String] {
        guard let open = pattern.firstIndex(of: "$"), let close = pattern[open...].firstIndex(of: ")") else {
            return [pattern]
        }
        let name = String(pattern[pattern.index(open, offsetBy: 2)..<close])
        let rest = String(pattern[pattern.index(after: close)...])
        return (values[name] ?? []).flatMap { value in
            expanded(rest, values: values).map { String(pattern[..<open]) + value + $0 }
        }
    }

    /// A variable with thousands of values that each start with `*` keeps every value live
    /// at every character: simulated state by state, a 1,000-character URL took 310 million
    /// steps (88 s in a debug build) and an 8 KB one minutes, from a 97 KB file within every
    /// bound. Sets of places cost each state a word per 64 characters, whatever is live.
    @Test("a variable of 12,000 values starting with * against a long URL")
    func liveVariableHostileFile() throws {
        let values = (0..<12_000).map { #""*\#($0)""# }.joined(separator: ",")
        let uses = String(repeating: "$(v)", count: 11)
        let file = AASA.file(
            components: #"[{"/": "/\#(uses)"}]"#, section: #""substitutionVariables": {"v": [\#(values)]}"#)
        #expect(file.utf8.count < AppSiteAssociation.maximumSize)
        let matcher = try AASA.matcher(file)
        let variables = try UniversalLinkVariables(
            ["v": (0..<12_000).map { "*\($0)" }], at: .root)
        let states = try UniversalLinkPattern("/" + uses, variables: variables).stateCount
        let length = 640
        for (path, opens) in [
            (String(repeating: "1", count: length), true), (String(repeating: "x", count: length), false),
        ] {
            let (decision, steps) = Self.decide(matcher, Self.url("/" + path))
            #expect(decision.opensApp == opens)
            #expect(steps <= states * ((length + 1 + 63) / 64 + 2), "\(steps) steps for \(states) states")
        }
    }

    /// Backtracking glob matching, exponential but obviously right.
    static func reference(_ pattern: [Character], _ text: [Character]) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "*":
            return (0...text.count).contains {
                reference(Array(pattern.dropFirst()), Array(text.dropFirst($0)))
            }
        case "?":
            return !text.isEmpty && reference(Array(pattern.dropFirst()), Array(text.dropFirst()))
        default:
            return text.first == first && reference(Array(pattern.dropFirst()), Array(text.dropFirst()))
        }
    }

    /// Patterns with substitution variables run an automaton: steps stay within the URL's
    /// length times the pattern's states.
    @Test("a variable pattern against a long URL stays within length × states")
    func variableAutomaton() throws {
        let file = AASA.file(
            components: #"[{"/": "*$(v)*$(v)x"}]"#,
            section: #""substitutionVariables": {"v": ["a?*b", "c??d", "*e"]}"#)
        let matcher = try AASA.matcher(file)
        let length = 4_000
        let url = Self.url("/" + String(repeating: "ab", count: length / 2))
        let (decision, steps) = Self.decide(matcher, url)
        #expect(decision.outcome == .noMatch)
        let states = try UniversalLinkPattern(
            "*$(v)*$(v)x",
            variables: UniversalLinkVariables(["v": ["a?*b", "c??d", "*e"]], at: .root)
        ).stateCount
        #expect(steps <= (length + 1) * states, "\(steps) steps for \(states) states")
        #expect(Self.decide(matcher, Self.url("/azzbeex")).0.opensApp)
    }

    /// Ten times the largest ordinary file (7,000 `/pN/?*` components in 128 KB): 70,000
    /// components, built in code since no file that size can be read, still decide every
    /// URL right, each by walking the path through the index of leading literals.
    @Test("ten times the largest ordinary file decides by its index")
    func tenTimesOrdinary() throws {
        let count = 70_000
        let rules = UniversalLinkRules(details: [
            UniversalLinkRules.Details(
                appIDs: [AASA.app],
                components: (0..<count).map { UniversalLinkRules.Component(path: "/p\($0)/?*") })
        ])
        let matcher = try UniversalLinkMatcher(rules)
        for index in [0, 1, 4_321, count - 1] {
            let (decision, steps) = Self.decide(matcher, Self.url("/p\(index)/item"))
            #expect(decision.rule?.index == index)
            #expect(steps <= 40, "\(steps) steps")
        }
        #expect(Self.decide(matcher, Self.url("/q/item")).0.outcome == .noMatch)
    }
}
