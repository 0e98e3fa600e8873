import Testing

@testable import Waypoint

/// Runs `pattern` on `subject` with engine `R`: nil when it does not match, else every
/// group's text (nil for a group that took no part), or the limit that stopped it.
private func run<R: CompiledRegex>(
    _: R.Type, _ pattern: String, on subject: String, options: RegexOptions = RegexEngineCase.routeOptions,
    matchLimit: UInt32 = 100_000, depthLimit: UInt32 = 20_000
) throws(RegexCompileError) -> RegexEngineCase.Result {
    let regex = try R(pattern: Array(pattern.utf8), options: options)
    let limits = R.Limits(matchLimit: matchLimit, depthLimit: depthLimit, maxSubjectLength: 1 << 16)
    let bytes = Array(subject.utf8)
    let captures = R.Captures.forCurrentThread(groups: regex.captureCount)
    switch bytes.withUnsafeBufferPointer({ regex.match($0, limits: limits, into: captures) }) {
    case .matched:
        return .matched(
            (0...regex.captureCount).map { group in
                captures.range(ofGroup: group).map { String(decoding: bytes[$0], as: UTF8.self) }
            })
    // An unbudgeted match is never `.budgetSpent`.
    case .noMatch, .failed, .budgetSpent: return .noMatch
    case .limitExceeded(let kind): return .limit(kind)
    }
}

/// A pattern, the subjects it is tried on, and what it must do on every engine.
struct RegexEngineCase: Sendable, CustomTestStringConvertible {
    enum Result: Equatable {
        case matched([String?])
        case noMatch
        case limit(RegexLimitKind)
    }

    /// The options route regexes compile with.
    static let routeOptions: RegexOptions = [.anchored, .endAnchored, .dotAll]

    let pattern: String
    let caseless: Bool
    /// Subjects and the groups (group 0 first) they capture, or nil for no match.
    let subjects: [(String, [String?]?)]

    init(_ pattern: String, caseless: Bool = false, _ subjects: [(String, [String?]?)]) {
        self.pattern = pattern
        self.caseless = caseless
        self.subjects = subjects
    }

    var options: RegexOptions { caseless ? Self.routeOptions.union(.caseless) : Self.routeOptions }
    var testDescription: String { caseless ? "(?i) " + pattern : pattern }

    /// Constructs that ICU reads differently from PCRE2 unless rewritten, each with subjects
    /// on which a careless rewrite would differ (regex-engines.md lists them).
    static let cases: [RegexEngineCase] = [
        // \d, \w, \s are ASCII in PCRE2 (no UCP); ICU's are Unicode.
        RegexEngineCase(#"\d+"#, [("123", ["123"]), ("١٢٣", nil), ("12a", nil)]),
        RegexEngineCase(#"\D"#, [("a", ["a"]), ("١", ["١"]), ("1", nil)]),
        RegexEngineCase(#"\w+"#, [("a_Z9", ["a_Z9"]), ("é", nil), ("ab-", nil)]),
        RegexEngineCase(#"\W"#, [("é", ["é"]), ("-", ["-"]), ("a", nil)]),
        RegexEngineCase(
            #"\s"#,
            [(" ", [" "]), ("\t", ["\t"]), ("\u{0B}", ["\u{0B}"]), ("\u{A0}", nil), ("\u{2003}", nil)]),
        RegexEngineCase(#"\S"#, [("\u{A0}", ["\u{A0}"]), (" ", nil)]),
        // \b from ASCII word characters.
        RegexEngineCase(#"a\b.*"#, [("a b", ["a b"]), ("aé", ["aé"]), ("ab", nil)]),
        RegexEngineCase(#"a\B.*"#, [("ab", ["ab"]), ("aé", nil)]),
        // Under caseless matching PCRE2 folds neither types nor properties: \w never
        // matches the Kelvin sign, \p{Lu} never a lower-case letter.
        RegexEngineCase(#"\w"#, caseless: true, [("K", ["K"]), ("\u{212A}", nil)]),
        RegexEngineCase(#"\W"#, caseless: true, [("\u{212A}", ["\u{212A}"]), ("k", nil)]),
        RegexEngineCase(#"\p{Lu}"#, caseless: true, [("A", ["A"]), ("a", nil)]),
        RegexEngineCase(#"[\wé]+"#, caseless: true, [("aÉ", ["aÉ"]), ("\u{212A}", nil)]),
        RegexEngineCase(#"[^\wé]"#, caseless: true, [("-", ["-"]), ("É", nil), ("a", nil)]),
        // Classes: POSIX names are ASCII; `[` and `&&` are literals; ranges of code points.
        RegexEngineCase(#"[[:alpha:]]+"#, [("abZ", ["abZ"]), ("é", nil)]),
        RegexEngineCase(#"[[:^digit:]]"#, [("a", ["a"]), ("5", nil)]),
        RegexEngineCase(#"[[:upper:]]"#, caseless: true, [("a", ["a"]), ("Z", ["Z"])]),
        RegexEngineCase(#"[a[]+"#, [("a[", ["a["]), ("b", nil)]),
        RegexEngineCase(#"[a&&b]+"#, [("a&b", ["a&b"]), ("c", nil)]),
        RegexEngineCase(#"[]a]+"#, [("]a", ["]a"]), ("b", nil)]),
        RegexEngineCase(#"[^]a]"#, [("b", ["b"]), ("]", nil)]),
        RegexEngineCase(#"[a-c-]+"#, [("b-", ["b-"]), ("d", nil)]),
        RegexEngineCase(#"[\d-]+"#, [("1-2", ["1-2"])]),
        RegexEngineCase(#"[à-é]"#, [("ç", ["ç"]), ("a", nil)]),
        RegexEngineCase(#"[\x{1F600}-\x{1F64F}]+"#, [("😀🙏", ["😀🙏"]), ("a", nil)]),
        RegexEngineCase(#"[\b]"#, [("\u{08}", ["\u{08}"]), ("b", nil)]),
        // Literals ICU reads as syntax: `{` that is no quantifier, `}`, `]`, `#`, space.
        RegexEngineCase(#"a{"#, [("a{", ["a{"])]),
        RegexEngineCase(#"a{,2}"#, [("a{,2}", ["a{,2}"]), ("aa", nil)]),
        RegexEngineCase(#"x}]# "#, [("x}]# ", ["x}]# "])]),
        RegexEngineCase(#"a{2,3}"#, [("aa", ["aa"]), ("aaaa", nil)]),
        // Full case folding: ICU matches a bare ß with "ss" when ignoring case, PCRE2 not.
        RegexEngineCase("ß", caseless: true, [("ẞ", ["ẞ"]), ("ss", nil), ("SS", nil)]),
        RegexEngineCase("(?i:é)", [("É", ["É"])]),
        // Line ends: only the line feed is a newline for PCRE2 here.
        RegexEngineCase(#"(?-s)a."#, [("a\r", ["a\r"]), ("a\u{2028}", ["a\u{2028}"]), ("a\n", nil)]),
        RegexEngineCase(#"(?m)a$.*"#, [("a\nb", ["a\nb"]), ("a\rb", nil)]),
        RegexEngineCase(#"a\Z.*"#, [("a\n", ["a\n"]), ("a\r", nil)]),
        // Groups and references by name and number; names with `_` (ICU allows none).
        RegexEngineCase(
            #"(?<first_1>a)(b)?\k<first_1>"#, [("aba", ["aba", "a", "b"]), ("aa", ["aa", "a", nil])]),
        RegexEngineCase(#"(?P<x>a)(?P=x)\g{x}\g1\g{-1}\1"#, [("aaaaaa", ["aaaaaa", "a"])]),
        RegexEngineCase(#"(a)\1"#, caseless: true, [("aA", ["aA", "a"])]),
        // Escapes that both engines read alike.
        RegexEngineCase(#"\x41\x{e9}\n\t\cA\0\o{101}"#, [("Aé\n\t\u{01}\u{00}A", ["Aé\n\t\u{01}\u{00}A"])]),
        RegexEngineCase(#"\Qa.b\E+"#, [("a.bb", ["a.bb"]), ("axb", nil)]),
        RegexEngineCase(#"(?>a+)b|a*+a"#, [("aab", ["aab"]), ("aa", nil)]),
        RegexEngineCase(#"(?#comment)a(?=b)b(?!c)(?<=b)(?<!x)"#, [("ab", ["ab"])]),
        RegexEngineCase(#"\pL\p{^L}\PL"#, [("a11", ["a11"]), ("aa1", nil)]),
        RegexEngineCase(#"\Aa\z"#, [("a", ["a"])]),
        // UTF-8 offsets of groups after non-ASCII text (ICU reports UTF-16 ranges).
        RegexEngineCase("caf(é)/(.*)", [("café/ü😀x", ["café/ü😀x", "é", "ü😀x"])]),
        RegexEngineCase("(😀)(a)|(b)", [("😀a", ["😀a", "😀", "a", nil]), ("b", ["b", nil, nil, "b"])]),
    ]

    /// Constructs the Foundation engine rejects, with the message's start.
    static let rejected: [(pattern: String, message: String)] = [
        (#"(*SKIP)a"#, "the verb (*SKIP) is not supported by the NSRegularExpression engine"),
        (#"(*NO_JIT)a"#, "the verb (*NO_JIT) is not supported by the NSRegularExpression engine"),
        (#"a\Kb"#, #"\K (reset the match start) is not supported by the NSRegularExpression engine"#),
        (
            #"(a)(?R)"#,
            "recursion or a subroutine call (?R…) is not supported by the NSRegularExpression engine"
        ),
        (
            #"(a)(?1)"#,
            "recursion or a subroutine call (?1…) is not supported by the NSRegularExpression engine"
        ),
        (
            #"(a)(?-1)"#,
            "recursion or a subroutine call (?-n) is not supported by the NSRegularExpression engine"
        ),
        (
            #"(?<n>a)(?&n)"#,
            "recursion or a subroutine call (?&…) is not supported by the NSRegularExpression engine"
        ),
        (#"(?<n>a)\g<n>"#, #"the subroutine call \g<… is not supported by the NSRegularExpression engine"#),
        (#"(?C1)a"#, "the callout (?C…) is not supported by the NSRegularExpression engine"),
        (
            #"(a)(?(1)b|c)"#,
            "the conditional group (?(…)…) is not supported by the NSRegularExpression engine"
        ),
        (#"(?|(a)|(b))"#, "the branch reset group (?|…) is not supported by the NSRegularExpression engine"),
        (#"(?x)a b"#, "the inline option (?x) is not supported by the NSRegularExpression engine"),
        (#"(?U)a+"#, "the inline option (?U) is not supported by the NSRegularExpression engine"),
        (#"(?n)(a)"#, "the inline option (?n) is not supported by the NSRegularExpression engine"),
        (#"\X"#, #"\X (extended grapheme cluster) is not supported by the NSRegularExpression engine"#),
        (#"\R"#, #"\R (any newline sequence) is not supported by the NSRegularExpression engine"#),
        (#"\h"#, #"\h (horizontal white space) is not supported by the NSRegularExpression engine"#),
        (#"\v"#, #"\v (vertical white space) is not supported by the NSRegularExpression engine"#),
        (
            #"\N"#,
            #"\N (not a newline in PCRE2, a named character in ICU) is not supported by the NSRegularExpression engine"#
        ),
        (#"\u0041"#, #"the escape \u is not supported by the NSRegularExpression engine"#),
        (
            #"\p{Greek}"#,
            #"the Unicode property \p{Greek} (only general categories such as \p{L} or \p{Nd}) is not supported by the NSRegularExpression engine"#
        ),
        (#"[\Qa\E]"#, #"\Q…\E inside a character class is not supported by the NSRegularExpression engine"#),
        (
            #"(a)\10"#,
            #"a backreference or octal escape of more than one digit is not supported by the NSRegularExpression engine (write \g{n})"#
        ),
    ]
}

@Suite("Foundation regex engine")
struct FoundationEngineTests {
    @Test("constructs that ICU reads differently mean what PCRE2 reads", arguments: RegexEngineCase.cases)
    func sameMeaning(_ example: RegexEngineCase) throws {
        for (subject, groups) in example.subjects {
            let result = try run(
                FoundationEngineRegex.self, example.pattern, on: subject, options: example.options)
            #expect(result == (groups.map { .matched($0) } ?? .noMatch), "\(subject.debugDescription)")
        }
    }

    @Test(
        "PCRE2-only constructs are rejected, naming the construct and the engine",
        arguments: RegexEngineCase.rejected)
    func rejected(_ pattern: String, _ message: String) {
        #expect(throws: RegexCompileError.self) {
            _ = try FoundationEngineRegex(pattern: Array(pattern.utf8), options: RegexEngineCase.routeOptions)
        }
        do {
            _ = try FoundationEngineRegex(pattern: Array(pattern.utf8), options: RegexEngineCase.routeOptions)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test("errors PCRE2 also reports carry PCRE2's message and offset")
    func sharedErrors() {
        let cases: [(String, RegexCompileError)] = [
            ("ab(c", RegexCompileError(message: "missing closing parenthesis", offset: 4)),
            ("a{3,1}", RegexCompileError(message: "numbers out of order in {} quantifier", offset: 5)),
            ("a{65536}", RegexCompileError(message: "number too big in {} quantifier", offset: 7)),
            ("a**", RegexCompileError(message: "quantifier does not follow a repeatable item", offset: 2)),
            ("[z-a]", RegexCompileError(message: "range out of order in character class", offset: 3)),
            ("[a", RegexCompileError(message: "missing terminating ] for character class", offset: 2)),
        ]
        for (pattern, expected) in cases {
            #expect(throws: expected, "\(pattern)") {
                _ = try FoundationEngineRegex(
                    pattern: Array(pattern.utf8), options: RegexEngineCase.routeOptions)
            }
        }
    }

    @Test("a catastrophic match stops at its budget and reports the match limit")
    func progressLimit() throws {
        // 40 a's: 2^40 ways to split the run; the progress callback stops it at the budget.
        let subject = String(repeating: "a", count: 40) + "c"
        #expect(try run(FoundationEngineRegex.self, "(a+)+b", on: subject) == .limit(.match))
        let limits = FoundationLimits(matchLimit: 100_000, depthLimit: 0, maxSubjectLength: 8192)
        #expect(limits.ticks(forSubjectLength: 0) == 10)
        #expect(limits.ticks(forSubjectLength: 8192) == 14, "a linear pass over the subject is allowed for")
        #expect(
            FoundationLimits(matchLimit: 1, depthLimit: 0, maxSubjectLength: 8192).ticks(forSubjectLength: 1)
                == 1)
    }
}

#if canImport(CPCRE2)
    import CWaypointAtomics

    /// Where PCRE2 is built the Foundation engine is built too, so the two are compared here
    /// directly; the whole suite also runs on the Foundation engine (`FoundationRegex` trait).
    @Suite("PCRE2 regex engine")
    struct PCRE2EngineTests {
        @Test("PCRE2 reads every shared case as the Foundation engine does", arguments: RegexEngineCase.cases)
        func sameMeaning(_ example: RegexEngineCase) throws {
            for (subject, groups) in example.subjects {
                let pcre2 = try run(PCRE2Regex.self, example.pattern, on: subject, options: example.options)
                #expect(pcre2 == (groups.map { .matched($0) } ?? .noMatch), "\(subject.debugDescription)")
            }
        }

        @Test(
            "the errors both engines report are the same",
            arguments: ["ab(c", "a{3,1}", "a{65536}", "a**", "[z-a]", "[a"])
        func sameErrors(_ pattern: String) {
            var pcre2: RegexCompileError?
            var foundation: RegexCompileError?
            do { _ = try PCRE2Regex(pattern: Array(pattern.utf8)) } catch { pcre2 = error }
            do { _ = try FoundationEngineRegex(pattern: Array(pattern.utf8)) } catch { foundation = error }
            #expect(pcre2 != nil)
            #expect(pcre2 == foundation)
        }

        @Test("JIT is used where PCRE2 provides it")
        func jit() throws {
            #expect(try PCRE2Regex(pattern: Array("a+".utf8)).isJIT)
        }

        @Test(
            "each thread keeps its own match data and JIT stack, grown when asked for more and made anew on a new thread"
        )
        func threadSlots() async throws {
            let pair = try PCRE2Regex(pattern: Array("([a-z]+)-([0-9]+)".utf8), options: [.anchored])
            let forty = try PCRE2Regex(
                pattern: Array(String(repeating: "(a)", count: 40).utf8), options: [.anchored])
            // A repeated alternation in a group, as a route's `:x((?:[a-z0-9]|-)+)` emits it:
            // the smallest stack (32 KiB) stops it at about 1,300 bytes (HostileInputTests),
            // and the stack PCRE2's callback asks for (sized for the limits' 8,192-byte
            // subjects) holds 4,000.
            let long = try PCRE2Regex(
                pattern: Array("((?:[a-z0-9]|-)+)".utf8), options: [.anchored, .endAnchored])
            let limits = PCRE2Limits(matchLimit: 10_000_000, depthLimit: 1_000_000, maxSubjectLength: 8192)
            // Threads one after another, each exiting (its slots freed) before the next
            // starts: a slot cached from an earlier thread would be memory already freed,
            // which AddressSanitizer reports (`./dev sanitize`).
            for index in 0..<20 {
                let answer = try await IncrementalRegistrationTests.onOwnThread {
                    func run(_ regex: PCRE2Regex, _ text: String, groups: Int) -> (RegexOutcome, String?) {
                        let subject = Array(text.utf8)
                        let data = PCRE2MatchData.forCurrentThread(groups: groups)
                        let outcome = subject.withUnsafeBufferPointer {
                            regex.match($0, limits: limits, into: data)
                        }
                        let last = data.range(ofGroup: groups).map {
                            String(decoding: subject[$0], as: UTF8.self)
                        }
                        return (outcome, last)
                    }
                    // The thread's smallest stack, cached before any run (a run's callback
                    // asks for the larger stack the limits need).
                    _ = PCRE2JITStack.forCurrentThread(size: PCRE2JITStack.minimumSize)
                    // The thread's first block, sized for two groups; then one for forty,
                    // which must be a larger block (a cached small one would leave group 40
                    // unset); then two groups again, from the larger block.
                    let digits = run(pair, "thread-\(index)", groups: 2)
                    let fortieth = run(forty, String(repeating: "a", count: 40), groups: 40)
                    let digitsAgain = run(pair, "again-\(index)", groups: 2)
                    // The runs' requests for a larger stack replaced the smallest one (the
                    // slot holds the larger size), and the long match ran with it.
                    let longRun = run(long, String(repeating: "ab", count: 2000), groups: 1)
                    let cachedSize = wp_thread_slot(Int32(wp_thread_slot_jit_stack))?
                        .assumingMemoryBound(to: PCRE2JITStack.Slot.self).pointee.size
                    return (digits.1, fortieth.1, digitsAgain.1, longRun.0, cachedSize)
                }
                #expect(answer.0 == String(index))
                #expect(answer.1 == "a")
                #expect(answer.2 == String(index))
                #expect(answer.3 == .matched)
                #expect((answer.4 ?? 0) >= 4 * PCRE2JITStack.minimumSize)
            }
        }

        @Test("the depth limit stops interpreted matching (PCRE2 without JIT)")
        func depthLimit() throws {
            // (*NO_JIT) makes PCRE2 interpret the pattern, as it does where JIT is unavailable;
            // there every repetition is a nested backtracking point that the depth limit counts.
            let regex = try PCRE2Regex(pattern: Array("(*NO_JIT)(?:(a|b))*cd".utf8), options: [])
            let subject = Array((String(repeating: "ab", count: 1000) + "cxd").utf8)
            let tight = PCRE2Limits(matchLimit: 10_000_000, depthLimit: 100, maxSubjectLength: 8192)
            let roomy = PCRE2Limits(matchLimit: 10_000_000, depthLimit: 1_000_000, maxSubjectLength: 8192)
            subject.withUnsafeBufferPointer { buffer in
                let data = PCRE2MatchData.forCurrentThread(groups: regex.captureCount)
                #expect(regex.match(buffer, limits: tight, into: data) == .limitExceeded(.depth))
                #expect(regex.match(buffer, limits: roomy, into: data) == .noMatch)
            }
        }
    }
#endif
