extension RegexSyntax {
    /// One construct of a pattern: a character, an escape, a quoted run, a class, one end of a
    /// group, a quantifier, a comment and so on, with the bytes it covers.
    package struct Atom: Sendable, Hashable {
        /// What the construct is.
        package var kind: Kind
        /// The UTF-8 offsets it covers in ``RegexSyntax/bytes``.
        package var range: Range<Int>
        /// False when the construct's closing delimiter is missing (a class without `]`, a
        /// comment or verb without `)`, `\Q` without `\E`, a `\` at the end, a callout string
        /// without its closing delimiter): it then runs to the end of the text. PCRE2 rejects
        /// all of these except `\Q` without `\E`, which quotes to the end.
        package var isComplete = true
        /// For a group's opening, the index of the atom that closes it; for a closing, the
        /// index of its opening; nil otherwise, and for an opening or closing without partner.
        package var partner: Int?

        package init(_ kind: Kind, _ range: Range<Int>, isComplete: Bool = true) {
            self.kind = kind
            self.range = range
            self.isComplete = isComplete
        }
    }

    /// What an ``Atom`` is.
    package enum Kind: Sendable, Hashable {
        /// One character as written (one Unicode scalar, one to four bytes).
        case literal
        /// `.`
        case dot
        /// `^` or `$`.
        case anchor
        /// `|`
        case alternation
        /// A backslash and what it takes: `\d`, `\.`, `\x{41}`, `\p{Lu}`, `\g{-1}`, `\k<n>`,
        /// `\12`, `\cA`, `\E` …
        case escape
        /// `\Q…\E`: literal text (without the `\E` when it runs to the end).
        case quoted
        /// `[…]`, negated or not, and the range of its items in ``RegexSyntax/classItems``.
        case characterClass(negated: Bool, items: Range<Int>)
        /// Inside a class only: `[:name:]` or `[:^name:]`.
        case posixClass
        /// Inside a class only: `[.x.]` or `[=x=]`, which PCRE2 rejects.
        case collatingElement
        /// The opening of a group, up to its contents: `(`, `(?:`, `(?<name>`, `(?i:`, `(?=`,
        /// `(*pla:` …
        case groupOpen(Group)
        /// `)`
        case groupClose
        /// `*`, `+`, `?`, `{n}`, `{n,}` or `{n,m}`, with its lazy `?` or possessive `+`.
        case quantifier(Quantifier)
        /// Text PCRE2 skips: `(?#…)`, and in extended mode (`(?x)`) white space and `#…` up
        /// to a line feed.
        case comment
        /// `(?i)`, `(?-s)`, `(?^)`: options for the rest of the enclosing group.
        case optionSetting
        /// `(*VERB)`, `(*MARK:x)`, `(*LIMIT_MATCH=10)` …
        case verb
        /// A reference in group syntax: `(?R)`, `(?1)`, `(?-1)`, `(?+1)`, `(?&name)`,
        /// `(?P>name)`, `(?P=name)`.
        case reference
        /// `(?C)`, `(?C1)`, `(?C"text")`.
        case callout
    }

    /// What kind of group an opening starts.
    package enum Group: Sendable, Hashable {
        /// `(`
        case capturing
        /// `(?<name>`, `(?'name'`, `(?P<name>`, with the name's offsets.
        case named(Range<Int>)
        /// `(?:`
        case nonCapturing
        /// `(?flags:`, such as `(?i:` or `(?-s:`.
        case withOptions
        /// `(?>` or `(*atomic:`.
        case atomic
        /// `(?=`, `(?!`, `(*pla:`, `(*nla:` …
        case lookahead(negative: Bool)
        /// `(?<=`, `(?<!`, `(*plb:`, `(*nlb:` …
        case lookbehind(negative: Bool)
        /// `(?*`, `(?<*`, `(*napla:`, `(*naplb:` …
        case nonAtomicLookaround(behind: Bool)
        /// `(?|`
        case branchReset
        /// `(?(condition)`, or `(?` when the condition is an assertion group that follows.
        case conditional
        /// `(*sr:`, `(*asr:` and their long names.
        case scriptRun(atomic: Bool)
        /// `(?` followed by what PCRE2 reads as no group (it reports an error); read as an
        /// opening so that brackets still pair as written.
        case unknown

        /// Whether the group matches text of its own (false for lookarounds).
        package var consumes: Bool {
            switch self {
            case .lookahead, .lookbehind, .nonAtomicLookaround: false
            default: true
            }
        }
    }

    /// A quantifier's bounds and mode.
    package struct Quantifier: Sendable, Hashable {
        /// Greedy, lazy (`*?`) or possessive (`*+`).
        package enum Mode: Sendable, Hashable {
            case greedy, lazy, possessive
        }

        /// The least count (capped at `Int32.max`).
        package var minimum: Int
        /// The largest count (capped at `Int32.max`), nil when unbounded.
        package var maximum: Int?
        package var mode: Mode
        /// True for a brace that PCRE2 10.43 and later read as a quantifier but 10.42, and
        /// the Foundation engine with it, read as literal text: `{,m}` and counts with spaces
        /// such as `{ 2 }`. Such a quantifier never has a lazy or possessive mark: a `?` or
        /// `+` after it is a quantifier of its own.
        package var onlyInLaterPCRE2 = false

        /// Whether it may repeat its item more than once: `*`, `+`, `{n,}`, and `{n}` or
        /// `{n,m}` above 1.
        package var repeats: Bool { maximum.map { $0 > 1 } ?? true }
    }
}
