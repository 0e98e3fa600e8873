import Testing

@testable import Waypoint
@testable import WaypointCLI

/// One table of regex constructs that every reader of regex syntax is checked against
/// (Documentation/decisions.md, "One reader of regex syntax"): what ``RegexSyntax`` yields,
/// whether the pattern repeats a repeating group (``NestedRepetition``, behind lint's budget
/// finding, the trie's skip once a lookup's budget is spent and the Foundation engine's
/// extra charge), what lint's analysis claims, where the route parser closes a parameter's
/// group, what the Foundation engine's translator writes, and whether PCRE2 compiles it.
///
/// It lives with the command line's tests because lint does: this is the one test target
/// that sees every consumer.
@Suite("Regex syntax: one table, every reader")
struct RegexSyntaxTableTests {
    /// What the route `/p/:v(REGEX)` parses to.
    enum Route: Sendable, Equatable {
        /// One parameter whose regex is all of REGEX: its group closes where the reader says.
        case parameter
        /// A registration error of this kind at this column of the route.
        case rejected(RouteError.Kind, column: Int)
    }

    /// What the Foundation engine's translator makes of REGEX.
    enum ICU: Sendable, Equatable {
        case text(String)
        case error(String)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let regex: String
        /// The reader's atoms, as ``RegexSyntaxTableTests/describe(_:)`` writes them.
        let atoms: [String]
        let nested: Bool
        let lint: RegexFacts
        let route: Route
        let icu: ICU
        /// Whether PCRE2 (10.42, as routes compile) accepts REGEX on its own.
        let pcre2: Bool
        var testDescription: String { regex }

        /// The route every case is registered as.
        var routeText: String { "/p/:v(" + regex + ")" }
    }

    static func facts(_ slashFree: Bool, _ minimumLength: Int) -> RegexFacts {
        RegexFacts(neverMatchesSlash: slashFree, minimumLength: minimumLength)
    }

    static let cases: [Case] = [
        // A quoted literal is text, whatever it spells.
        Case(
            regex: #"\Q(a+)+\E"#, atoms: [#"quoted \Q(a+)+\E"#], nested: false, lint: facts(true, 5),
            route: .parameter, icu: .text(#"\(a\+\)\+"#), pcre2: true),
        Case(
            regex: #"\Q/)\E+"#, atoms: [#"quoted \Q/)\E"#, "quantifier + 1-∞"], nested: false, lint: .unknown,
            route: .parameter, icu: .text(#"\/\)+"#), pcre2: true),
        Case(
            regex: #"a\Q\E+"#, atoms: ["literal a", #"quoted \Q\E"#, "quantifier + 1-∞"], nested: false,
            lint: facts(true, 1), route: .parameter, icu: .text("a+"), pcre2: true),
        // A comment ends at its first `)`: `(?#(a+)+)x` is a comment, a quantifier with
        // nothing to repeat, and a stray `)`.
        Case(
            regex: "(?#(a+)+)x", atoms: ["comment (?#(a+)", "quantifier + 1-∞", "close )", "literal x"],
            nested: false, lint: .unknown, route: .rejected(.unbalancedBracket, column: 17),
            icu: .error("quantifier does not follow a repeatable item"), pcre2: false),
        Case(
            regex: "(?#(a+)b+", atoms: ["comment (?#(a+)", "literal b", "quantifier + 1-∞"], nested: false,
            lint: facts(true, 1), route: .parameter, icu: .text("b+"), pcre2: true),
        // A quantifier repeats the item before a comment.
        Case(
            regex: "(a+)(?#c)+",
            atoms: [
                "open capturing (", "literal a", "quantifier + 1-∞", "close )", "comment (?#c)",
                "quantifier + 1-∞",
            ],
            nested: true, lint: facts(true, 1), route: .parameter, icu: .text("(a+)+"), pcre2: true),
        Case(
            regex: "(?#c", atoms: ["comment (?#c (incomplete)"], nested: false, lint: .unknown,
            route: .rejected(.unbalancedBracket, column: 6), icu: .error("missing ) at end of (?# comment"),
            pcre2: false),
        // Brackets in a class are characters.
        Case(
            regex: "[)(]+", atoms: ["class [)(]: literal ), literal (", "quantifier + 1-∞"], nested: false,
            lint: facts(true, 1), route: .parameter, icu: .text(#"[\x{29}\x{28}]+"#), pcre2: true),
        Case(
            regex: "([)]+)+",
            atoms: [
                "open capturing (", "class [)]: literal )", "quantifier + 1-∞", "close )", "quantifier + 1-∞",
            ],
            nested: true, lint: facts(true, 1), route: .parameter, icu: .text(#"([\x{29}]+)+"#), pcre2: true),
        Case(
            regex: "[(a+)]+",
            atoms: ["class [(a+)]: literal (, literal a, literal +, literal )", "quantifier + 1-∞"],
            nested: false, lint: facts(true, 1), route: .parameter,
            icu: .text(#"[\x{28}\x{61}\x{2b}\x{29}]+"#), pcre2: true),
        // Escaped brackets are characters.
        Case(
            regex: #"\(a+\)+"#,
            atoms: [#"escape \("#, "literal a", "quantifier + 1-∞", #"escape \)"#, "quantifier + 1-∞"],
            nested: false, lint: facts(true, 3), route: .parameter, icu: .text(#"\(a+\)+"#), pcre2: true),
        // A `]` is literal when escaped, or first in a class (after `^`).
        Case(
            regex: #"[\]]"#, atoms: [#"class [\]]: escape \]"#], nested: false, lint: facts(true, 1),
            route: .parameter, icu: .text(#"[\x{5d}]"#), pcre2: true),
        Case(
            regex: "[]a]", atoms: ["class []a]: literal ], literal a"], nested: false, lint: facts(true, 1),
            route: .parameter, icu: .text(#"[\x{5d}\x{61}]"#), pcre2: true),
        Case(
            regex: "[^]]", atoms: ["class [^]]: literal ] (negated)"], nested: false, lint: facts(false, 1),
            route: .parameter, icu: .text(#"[^\x{5d}]"#), pcre2: true),
        // … and after a leading `\E`, which PCRE2 passes over.
        Case(
            regex: #"[\E]]"#, atoms: [#"class [\E]]: escape \E, literal ]"#], nested: false, lint: .unknown,
            route: .parameter,
            icu: .error(
                #"\Q…\E inside a character class is not supported by the NSRegularExpression engine"#),
            pcre2: true),
        Case(
            regex: #"[\Q]\E]"#, atoms: [#"class [\Q]\E]: quoted \Q]\E"#], nested: false, lint: .unknown,
            route: .parameter,
            icu: .error(
                #"\Q…\E inside a character class is not supported by the NSRegularExpression engine"#),
            pcre2: true),
        Case(
            regex: "[a", atoms: ["class [a: literal a (incomplete)"], nested: false, lint: .unknown,
            route: .rejected(.unbalancedBracket, column: 7),
            icu: .error("missing terminating ] for character class"), pcre2: false),
        // POSIX classes, and a `[:` PCRE2 does not read as one.
        Case(
            regex: "[[:alpha:]]+", atoms: ["class [[:alpha:]]: posix [:alpha:]", "quantifier + 1-∞"],
            nested: false,
            lint: facts(true, 1), route: .parameter, icu: .text(#"(?-i:[[\x{41}-\x{5a}\x{61}-\x{7a}]])+"#),
            pcre2: true),
        Case(
            regex: "[a[:b]", atoms: ["class [a[:b]: literal a, literal [, literal :, literal b"],
            nested: false,
            lint: facts(true, 1), route: .parameter, icu: .text(#"[\x{61}\x{5b}\x{3a}\x{62}]"#), pcre2: true),
        // Nested groups.
        Case(
            regex: "((a)(b))",
            atoms: [
                "open capturing (", "open capturing (", "literal a", "close )", "open capturing (",
                "literal b",
                "close )", "close )",
            ],
            nested: false, lint: facts(true, 2), route: .parameter, icu: .text("((a)(b))"), pcre2: true),
        Case(
            regex: "(?:a(?:b+))+",
            atoms: [
                "open non-capturing (?:", "literal a", "open non-capturing (?:", "literal b",
                "quantifier + 1-∞",
                "close )", "close )", "quantifier + 1-∞",
            ],
            nested: true, lint: facts(true, 2), route: .parameter, icu: .text("(?:a(?:b+))+"), pcre2: true),
        Case(
            regex: #"(?<year>\d{4})"#,
            atoms: ["open named year (?<year>", #"escape \d"#, "quantifier {4} 4-4", "close )"],
            nested: false,
            lint: facts(true, 4), route: .parameter, icu: .text(#"((?-i:[\x{30}-\x{39}]){4})"#), pcre2: true),
        // Lookarounds match no text of their own.
        Case(
            regex: #"(?=a)(?!b)(?<=c)(?<!d)\w"#,
            atoms: [
                "open lookahead (?=", "literal a", "close )", "open negative lookahead (?!", "literal b",
                "close )",
                "open lookbehind (?<=", "literal c", "close )", "open negative lookbehind (?<!", "literal d",
                "close )", #"escape \w"#,
            ],
            nested: false, lint: facts(true, 1), route: .parameter,
            icu: .text(#"(?=a)(?!b)(?<=c)(?<!d)(?-i:[\x{30}-\x{39}\x{41}-\x{5a}\x{5f}\x{61}-\x{7a}])"#),
            pcre2: true),
        // PCRE2's assertions spelled with words are groups, not verbs up to their first `)`.
        Case(
            regex: "(*pla:(a+)+)a",
            atoms: [
                "open lookahead (*pla:", "open capturing (", "literal a", "quantifier + 1-∞", "close )",
                "quantifier + 1-∞", "close )", "literal a",
            ],
            nested: true, lint: facts(true, 1), route: .parameter,
            icu: .error("the verb (*pla) is not supported by the NSRegularExpression engine"), pcre2: true),
        Case(
            regex: "(*MARK:x)a", atoms: ["verb (*MARK:x)", "literal a"], nested: false, lint: .unknown,
            route: .parameter,
            icu: .error("the verb (*MARK) is not supported by the NSRegularExpression engine"),
            pcre2: true),
        // A callout's string may hold a `)`.
        Case(
            regex: #"(?C"a)b")x"#, atoms: [#"callout (?C"a)b")"#, "literal x"], nested: false, lint: .unknown,
            route: .parameter,
            icu: .error("the callout (?C…) is not supported by the NSRegularExpression engine"),
            pcre2: true),
        // Quantifiers after groups: only one that may repeat more than once makes a group
        // with a repetition inside nested.
        Case(
            regex: "(a|b)*",
            atoms: [
                "open capturing (", "literal a", "alternation |", "literal b", "close )", "quantifier * 0-∞",
            ],
            nested: false, lint: facts(true, 0), route: .parameter, icu: .text("(a|b)*"), pcre2: true),
        Case(
            regex: "(?:ab){2,3}?",
            atoms: [
                "open non-capturing (?:", "literal a", "literal b", "close )", "quantifier {2,3}? 2-3 lazy",
            ],
            nested: false, lint: facts(true, 4), route: .parameter, icu: .text("(?:ab){2,3}?"), pcre2: true),
        Case(
            regex: "(a+){1}",
            atoms: ["open capturing (", "literal a", "quantifier + 1-∞", "close )", "quantifier {1} 1-1"],
            nested: false, lint: facts(true, 1), route: .parameter, icu: .text("(a+){1}"), pcre2: true),
        Case(
            regex: "(a+){2}",
            atoms: ["open capturing (", "literal a", "quantifier + 1-∞", "close )", "quantifier {2} 2-2"],
            nested: true, lint: facts(true, 2), route: .parameter, icu: .text("(a+){2}"), pcre2: true),
        Case(
            regex: "(a+)?+",
            atoms: [
                "open capturing (", "literal a", "quantifier + 1-∞", "close )",
                "quantifier ?+ 0-1 possessive",
            ],
            nested: false, lint: facts(true, 0), route: .parameter, icu: .text("(a+)?+"), pcre2: true),
        // `{,3}` is a quantifier from PCRE2 10.43 on and text before: the translator follows
        // 10.42, nested repetition the later reading, lint the reading that claims less.
        Case(
            regex: "(a+){,3}",
            atoms: [
                "open capturing (", "literal a", "quantifier + 1-∞", "close )", "quantifier {,3} 0-3 later",
            ],
            nested: true, lint: facts(true, 0), route: .parameter, icu: .text(#"(a+)\{\,3\}"#), pcre2: true),
        Case(
            regex: "(a+){x}",
            atoms: [
                "open capturing (", "literal a", "quantifier + 1-∞", "close )", "literal {", "literal x",
                "literal }",
            ],
            nested: false, lint: facts(true, 4), route: .parameter, icu: .text(#"(a+)\{x\}"#), pcre2: true),
        // An escape takes its argument: `{41}` is not a quantifier.
        Case(
            regex: #"(\x{41})+"#,
            atoms: ["open capturing (", #"escape \x{41}"#, "close )", "quantifier + 1-∞"],
            nested: false, lint: facts(true, 1), route: .parameter, icu: .text("(A)+"), pcre2: true),
        Case(
            regex: #"(\p{L})+"#,
            atoms: ["open capturing (", #"escape \p{L}"#, "close )", "quantifier + 1-∞"],
            nested: false, lint: .unknown, route: .parameter, icu: .text(#"((?-i:\p{L}))+"#), pcre2: true),
        // Extended mode: white space and `#` comments are skipped.
        Case(
            regex: "(?x)(a +) +",
            atoms: [
                "options (?x)", "open capturing (", "literal a", "comment  ", "quantifier + 1-∞", "close )",
                "comment  ", "quantifier + 1-∞",
            ],
            nested: true, lint: .unknown, route: .parameter,
            icu: .error("the inline option (?x) is not supported by the NSRegularExpression engine"),
            pcre2: true),
        Case(
            regex: "(?i:a)(?i)b",
            atoms: ["open with options (?i:", "literal a", "close )", "options (?i)", "literal b"],
            nested: false,
            lint: facts(true, 2), route: .parameter, icu: .text("(?i:a)(?i)b"), pcre2: true),
        // `(*` before `)` is a group and a quantifier, as PCRE2 reads it.
        Case(
            regex: "(*)", atoms: ["open capturing (", "quantifier * 0-∞", "close )"], nested: false,
            lint: .unknown, route: .parameter, icu: .error("quantifier does not follow a repeatable item"),
            pcre2: false),
        // A `\` at the end escapes the parameter group's `)`.
        Case(
            regex: #"a\"#, atoms: ["literal a", #"escape \ (incomplete)"#], nested: false, lint: .unknown,
            route: .rejected(.unbalancedBracket, column: 6), icu: .error(#"\ at end of pattern"#),
            pcre2: false),
    ]

    // MARK: The reader

    @Test("the reader's atoms", arguments: cases)
    func atoms(_ example: Case) {
        let syntax = RegexSyntax(example.regex)
        #expect(Self.describe(syntax) == example.atoms)
        // The atoms cover the text, in order, without gaps.
        #expect(syntax.atoms.first?.range.lowerBound == 0)
        #expect(syntax.atoms.last?.range.upperBound == syntax.bytes.count)
        #expect(
            zip(syntax.atoms, syntax.atoms.dropFirst()).allSatisfy {
                $0.range.upperBound == $1.range.lowerBound
            })
    }

    // MARK: Nested repetition and what reads it

    @Test("nested repetition, for lint, the trie and the Foundation engine", arguments: cases)
    func nested(_ example: Case) throws {
        #expect(NestedRepetition.occurs(in: example.regex) == example.nested)
        guard example.route == .parameter else { return }
        let pattern = try RoutePattern(example.routeText, strictTrailingSlash: false)
        #expect((RouteLinter.nestedRepetition(pattern) != nil) == example.nested, "lint's budget finding")
        if let compiled = try? CompiledRoute(example.routeText, options: RouterOptions()) {
            #expect(compiled.tail?.repeatsRepeatingGroup == example.nested, "the trie's skip")
        }
        if let regex = try? FoundationEngineRegex(pattern: Array(example.regex.utf8)) {
            #expect(regex.chargesUnreportedStates == example.nested, "the Foundation engine's charge")
        }
    }

    // MARK: Lint

    @Test("what lint's analysis claims", arguments: cases)
    func lint(_ example: Case) {
        #expect(RegexFacts.analyze(example.regex) == example.lint)
    }

    // MARK: The route parser

    @Test("where the route parser closes a parameter's group", arguments: cases)
    func route(_ example: Case) {
        switch example.route {
        case .parameter:
            let pattern = try? RoutePattern(example.routeText, strictTrailingSlash: false)
            #expect(pattern?.parameters.map { $0.name } == ["v"])
            guard case .pattern(let pieces, _)? = pattern?.segments.last?.form,
                case .parameter(_, _, let regex?, _)? = pieces.first, pieces.count == 1
            else {
                Issue.record("\(example.routeText) is not one parameter with a regex")
                return
            }
            #expect(regex == example.regex)
        case .rejected(let kind, let column):
            do {
                _ = try RoutePattern(example.routeText, strictTrailingSlash: false)
                Issue.record("\(example.routeText) parses")
            } catch {
                #expect(error.kind == kind)
                #expect(error.column == column)
            }
        }
    }

    // MARK: The Foundation engine

    @Test("the Foundation engine's translation", arguments: cases)
    func icu(_ example: Case) {
        do {
            let translated = try ICUPattern(Array(example.regex.utf8), caseless: false)
            #expect(ICU.text(translated.text) == example.icu)
        } catch {
            #expect(ICU.error(error.message) == example.icu)
        }
    }

    #if canImport(CPCRE2)
        @Test("PCRE2 reads the table's patterns as the table says", arguments: cases)
        func pcre2(_ example: Case) {
            #expect(((try? PCRE2Regex(pattern: Array(example.regex.utf8))) != nil) == example.pcre2)
        }
    #endif

    // MARK: Describing atoms

    /// Each atom as `kind text`, a class with its items, a quantifier with its bounds.
    static func describe(_ syntax: RegexSyntax) -> [String] {
        syntax.atoms.map { atom in
            var line = name(atom.kind, in: syntax) + " " + syntax.text(of: atom)
            switch atom.kind {
            case .characterClass(let negated, let items):
                line +=
                    ": "
                    + syntax.classItems[items].map { name($0.kind, in: syntax) + " " + syntax.text(of: $0) }
                    .joined(separator: ", ") + (negated ? " (negated)" : "")
            case .quantifier(let quantifier):
                line += " \(quantifier.minimum)-" + (quantifier.maximum.map(String.init) ?? "∞")
                switch quantifier.mode {
                case .greedy: break
                case .lazy: line += " lazy"
                case .possessive: line += " possessive"
                }
                if quantifier.onlyInLaterPCRE2 { line += " later" }
            default:
                break
            }
            return line + (atom.isComplete ? "" : " (incomplete)")
        }
    }

    private static func name(_ kind: RegexSyntax.Kind, in syntax: RegexSyntax) -> String {
        switch kind {
        case .literal: "literal"
        case .dot: "dot"
        case .anchor: "anchor"
        case .alternation: "alternation"
        case .escape: "escape"
        case .quoted: "quoted"
        case .characterClass: "class"
        case .posixClass: "posix"
        case .collatingElement: "collating"
        case .groupOpen(let group): "open " + name(group, in: syntax)
        case .groupClose: "close"
        case .quantifier: "quantifier"
        case .comment: "comment"
        case .optionSetting: "options"
        case .verb: "verb"
        case .reference: "reference"
        case .callout: "callout"
        }
    }

    private static func name(_ group: RegexSyntax.Group, in syntax: RegexSyntax) -> String {
        switch group {
        case .capturing: "capturing"
        case .named(let name): "named " + syntax.text(name)
        case .nonCapturing: "non-capturing"
        case .withOptions: "with options"
        case .atomic: "atomic"
        case .lookahead(let negative): negative ? "negative lookahead" : "lookahead"
        case .lookbehind(let negative): negative ? "negative lookbehind" : "lookbehind"
        case .nonAtomicLookaround(let behind): behind ? "non-atomic lookbehind" : "non-atomic lookahead"
        case .branchReset: "branch reset"
        case .conditional: "conditional"
        case .scriptRun(let atomic): atomic ? "atomic script run" : "script run"
        case .unknown: "unknown"
        }
    }
}
