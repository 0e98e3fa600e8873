/// A route regex (PCRE2 syntax, as routes are written) rewritten for ICU, the engine behind
/// `NSRegularExpression`, so that it means what PCRE2 reads it as, or rejected.
///
/// PCRE2 compiles route regexes in UTF mode without Unicode properties for `\d`, `\w`, `\s`,
/// `\b` and POSIX classes, so those are ASCII; ICU reads them as Unicode. This pass writes
/// them as explicit ASCII sets, escapes every literal that ICU reads differently (a `[` or
/// `&` in a class, a `{` that is not a quantifier), turns named groups into numbered ones
/// (ICU's group names allow no `_`) and rejects what ICU cannot run the same way: verbs,
/// `\K`, recursion, callouts, conditionals, and the other constructs that
/// Documentation/regex-engines.md lists. A rejection names the construct and the engine.
///
/// It translates the atoms of ``RegexSyntax``, the reader every other part of Waypoint
/// reads regexes with, so where an escape, a class, a quoted run or a comment ends is
/// decided there, once; this pass decides only what each atom means to ICU.
///
/// Errors that PCRE2 would also report (an unclosed group, a quantifier out of order) carry
/// PCRE2's message at PCRE2's offset, so a table fails the same way on both engines.
struct ICUPattern {
    /// The ICU pattern.
    private(set) var text = ""
    /// The number of capturing groups.
    private(set) var captureCount = 0
    /// Group numbers by name.
    private(set) var groupNumbers: [String: Int] = [:]

    private let syntax: RegexSyntax
    private var bytes: [UInt8] { syntax.bytes }
    /// One entry per open group: whether `i` was on outside it (restored when it closes).
    private var groups: [Bool] = []
    /// Whether case-insensitive matching is on at this point of the pattern.
    private var caseless: Bool
    /// Whether the last item can take a quantifier.
    private var repeatable = false

    /// PCRE2's default bound on group nesting (`PCRE2_CONFIG_PARENSLIMIT`).
    static let nestingLimit = 250
    /// PCRE2's largest `{n,m}` bound.
    static let repeatLimit = 65535
    /// The engine named in rejections.
    private static let engineName = RegexEngineKind.foundation.rawValue

    /// Translates the pattern `syntax` read, compiled with `caseless` on or off.
    init(_ syntax: RegexSyntax, caseless: Bool) throws(RegexCompileError) {
        self.syntax = syntax
        self.caseless = caseless
        for atom in syntax.atoms {
            try item(atom)
        }
        if !groups.isEmpty {
            throw RegexCompileError(message: "missing closing parenthesis", offset: bytes.count)
        }
    }

    /// Translates `bytes` (valid UTF-8) compiled with `caseless` on or off.
    init(_ bytes: [UInt8], caseless: Bool) throws(RegexCompileError) {
        try self.init(RegexSyntax(bytes), caseless: caseless)
    }

    // MARK: Items outside classes

    private mutating func item(_ atom: RegexSyntax.Atom) throws(RegexCompileError) {
        let start = atom.range.lowerBound
        switch atom.kind {
        case .literal:
            literal(syntax.scalar(at: start))
        case .dot:
            text += "."
            repeatable = true
        case .anchor:
            text.unicodeScalars.append(UnicodeScalar(bytes[start]))
            repeatable = false
        case .alternation:
            text += "|"
            repeatable = false
        case .escape:
            try escape(atom)
        case .quoted:
            // Every character up to `\E` (or the end) is a literal.
            var offset = syntax.quotedText(atom).lowerBound
            while offset < syntax.quotedText(atom).upperBound {
                literal(syntax.scalar(at: offset))
                offset = RegexSyntax.scalarEnd(bytes, at: offset)
            }
        case .characterClass(let negated, let items):
            try characterClass(atom, negated: negated, items: items)
            repeatable = true
        case .groupOpen(let group):
            try openGroup(atom, group)
        case .groupClose:
            guard let outer = groups.popLast() else {
                throw RegexCompileError(message: "unmatched closing parenthesis", offset: start)
            }
            caseless = outer
            text += ")"
            repeatable = true
        case .quantifier(let quantifier):
            try self.quantifier(atom, quantifier)
        case .comment:
            guard atom.isComplete else {
                throw RegexCompileError(message: "missing ) at end of (?# comment", offset: bytes.count)
            }
        case .optionSetting:
            try groupSyntax(atom)
        case .verb:
            throw rejectVerb(atom)
        case .reference, .callout:
            try groupSyntax(atom)
        case .posixClass, .collatingElement:
            // Only inside classes.
            break
        }
    }

    /// A quantifier with its lazy (`?`) or possessive (`+`) mark. A brace that only later
    /// PCRE2 versions read as a quantifier (`{,2}`) is literal text, as PCRE2 10.42 reads it.
    private mutating func quantifier(
        _ atom: RegexSyntax.Atom, _ quantifier: RegexSyntax.Quantifier
    ) throws(RegexCompileError) {
        let start = atom.range.lowerBound
        if quantifier.onlyInLaterPCRE2 {
            var offset = start
            while offset < atom.range.upperBound {
                literal(syntax.scalar(at: offset))
                offset = RegexSyntax.scalarEnd(bytes, at: offset)
            }
            return
        }
        var spelling = String(UnicodeScalar(bytes[start]))
        if bytes[start] == UInt8(ascii: "{") {
            let lower = quantifier.minimum
            let upper = quantifier.maximum
            try checkRepeat(
                lower: lower, upper: upper, at: atom.range.upperBound - (quantifier.mode == .greedy ? 1 : 2))
            spelling = upper.map { $0 == lower ? "{\(lower)}" : "{\(lower),\($0)}" } ?? "{\(lower),}"
        }
        guard repeatable else {
            throw RegexCompileError(message: "quantifier does not follow a repeatable item", offset: start)
        }
        switch quantifier.mode {
        case .greedy: text += spelling
        case .lazy: text += spelling + "?"
        case .possessive: text += spelling + "+"
        }
        repeatable = false
    }

    private func checkRepeat(lower: Int, upper: Int?, at closing: Int) throws(RegexCompileError) {
        if lower > Self.repeatLimit || (upper ?? 0) > Self.repeatLimit {
            throw RegexCompileError(message: "number too big in {} quantifier", offset: closing)
        }
        if let upper, upper < lower {
            throw RegexCompileError(message: "numbers out of order in {} quantifier", offset: closing)
        }
    }

    /// A literal character outside a class: letters and digits as they are, ASCII punctuation
    /// escaped, anything else as a one-character set (ICU folds a bare `ß` to `ss` when
    /// matching without case; PCRE2, like an ICU set, folds characters one to one).
    private mutating func literal(_ scalar: UnicodeScalar) {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            if byte.isASCIILetter || byte.isASCIIDigit {
                text.unicodeScalars.append(scalar)
            } else if byte >= 0x20 && byte < 0x7F {
                text += "\\"
                text.unicodeScalars.append(scalar)
            } else {
                text += Self.hex(scalar.value)
            }
        } else {
            text += "[" + Self.hex(scalar.value) + "]"
        }
        repeatable = true
    }

    // MARK: Escapes outside classes

    private mutating func escape(_ atom: RegexSyntax.Atom) throws(RegexCompileError) {
        let start = atom.range.lowerBound
        guard let byte = syntax.escapeLetter(atom) else {
            throw RegexCompileError(message: #"\ at end of pattern"#, offset: bytes.count)
        }
        if byte >= 0x80 || !(byte.isASCIILetter || byte.isASCIIDigit) {
            // An escaped non-alphanumeric character is itself.
            literal(syntax.scalar(at: start + 1))
            return
        }
        switch byte {
        case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "w"), UInt8(ascii: "W"),
            UInt8(ascii: "s"), UInt8(ascii: "S"):
            // Outside case folding, as PCRE2 matches these types whatever the case option.
            text += "(?-i:" + Self.set(of: ClassType(byte)!, negated: byte.isASCIIUppercase) + ")"
            repeatable = true
        case UInt8(ascii: "b"), UInt8(ascii: "B"):
            let word = "(?-i:[0-9A-Z_a-z])"
            text +=
                byte == UInt8(ascii: "b")
                ? "(?:(?<=\(word))(?!\(word))|(?<!\(word))(?=\(word)))"
                : "(?:(?<=\(word))(?=\(word))|(?<!\(word))(?!\(word)))"
            repeatable = false
        case UInt8(ascii: "A"), UInt8(ascii: "z"), UInt8(ascii: "G"):
            text += "\\" + String(UnicodeScalar(byte))
            repeatable = false
        case UInt8(ascii: "Z"):
            // PCRE2: the end, or before a final line feed (the only newline it knows here).
            text += "(?=\\n?\\z)"
            repeatable = false
        case UInt8(ascii: "p"), UInt8(ascii: "P"):
            text += "(?-i:" + (try property(atom, negated: byte == UInt8(ascii: "P"))) + ")"
            repeatable = true
        case UInt8(ascii: "E"):
            break
        case UInt8(ascii: "g"), UInt8(ascii: "k"):
            try backreference(atom, letter: byte)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            guard atom.range.count == 2 else {
                throw reject(
                    "a backreference or octal escape of more than one digit", at: start, hint: "write \\g{n}")
            }
            try emitBackreference(Int(byte - UInt8(ascii: "0")), from: start)
        default:
            // A character escape's code point is a scalar: surrogates are rejected.
            literal(UnicodeScalar(try character(atom, inClass: false)) ?? "\u{FFFD}")
        }
    }

    /// The code point of a character escape (`\n`, `\x{…}`, `\cX`, `\0…`, `\o{…}`).
    private func character(_ atom: RegexSyntax.Atom, inClass: Bool) throws(RegexCompileError) -> UInt32 {
        let start = atom.range.lowerBound
        switch syntax.character(ofEscape: atom, inClass: inClass) {
        case .value(let value):
            return value
        case .notACharacter:
            throw unsupportedEscape(bytes[start + 1], at: start)
        case .malformed(.hexadecimalDigitsMissing):
            throw reject("\\x{…} without hexadecimal digits", at: start)
        case .malformed(.octalDigitsMissing):
            throw reject("\\o without {octal digits}", at: start)
        case .malformed(.controlCharacterMissing(let offset)):
            throw RegexCompileError(
                message: "\\c must be followed by a printable ASCII character", offset: offset)
        case .malformed(.tooLarge(let offset)):
            throw RegexCompileError(
                message: "character code point value in \\x{} or \\o{} is too large", offset: offset)
        case .malformed(.surrogate(let offset)):
            throw RegexCompileError(
                message: "disallowed Unicode code point (>= 0xd800 && <= 0xdfff)", offset: offset)
        }
    }

    /// The rejection of an escape letter with no shared meaning.
    private func unsupportedEscape(_ byte: UInt8, at offset: Int) -> RegexCompileError {
        let name: String
        switch byte {
        case UInt8(ascii: "K"): name = "\\K (reset the match start)"
        case UInt8(ascii: "X"): name = "\\X (extended grapheme cluster)"
        case UInt8(ascii: "R"): name = "\\R (any newline sequence)"
        case UInt8(ascii: "h"), UInt8(ascii: "H"): name = "\\\(UnicodeScalar(byte)) (horizontal white space)"
        case UInt8(ascii: "v"), UInt8(ascii: "V"): name = "\\\(UnicodeScalar(byte)) (vertical white space)"
        case UInt8(ascii: "N"): name = "\\N (not a newline in PCRE2, a named character in ICU)"
        case UInt8(ascii: "C"): name = "\\C (one code unit)"
        default: name = "the escape \\\(UnicodeScalar(byte))"
        }
        return reject(name, at: offset)
    }

    /// `\p{Name}`, `\pL` or `\p{^Name}`: an ICU property set for a Unicode general category
    /// (the only properties both engines read alike).
    private func property(_ atom: RegexSyntax.Atom, negated: Bool) throws(RegexCompileError) -> String {
        let start = atom.range.lowerBound
        let end = atom.range.upperBound
        var name: String
        if start + 2 < end, bytes[start + 2] == UInt8(ascii: "{") {
            guard bytes[end - 1] == UInt8(ascii: "}"), end - start > 3 else {
                throw RegexCompileError(message: "malformed \\P or \\p sequence", offset: start + 2)
            }
            name = syntax.text((start + 3)..<(end - 1))
        } else if start + 2 < end {
            name = syntax.text((start + 2)..<end)
        } else {
            throw RegexCompileError(message: "malformed \\P or \\p sequence", offset: start + 2)
        }
        var negated = negated
        if name.hasPrefix("^") {
            negated.toggle()
            name.removeFirst()
        }
        guard Self.generalCategories.contains(name) else {
            throw reject(
                "the Unicode property \\p{\(name)} (only general categories such as \\p{L} or \\p{Nd})",
                at: start)
        }
        return (negated ? "\\P{" : "\\p{") + name + "}"
    }

    /// The Unicode general categories, long names aside.
    private static let generalCategories: Set<String> = [
        "C", "Cc", "Cf", "Cn", "Co", "Cs", "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn",
        "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "S", "Sc", "Sk", "Sm", "So",
        "Z", "Zl", "Zp", "Zs",
    ]

    // MARK: Backreferences

    /// `\g…` or `\k…`.
    private mutating func backreference(_ atom: RegexSyntax.Atom, letter: UInt8) throws(RegexCompileError) {
        let start = atom.range.lowerBound
        let end = atom.range.upperBound
        guard start + 2 < bytes.count else {
            throw RegexCompileError(
                message: "\\g or \\k is not followed by a group reference", offset: start + 2)
        }
        let open = bytes[start + 2]
        if letter == UInt8(ascii: "g"), open == UInt8(ascii: "<") || open == UInt8(ascii: "'") {
            throw reject("the subroutine call \\g\(UnicodeScalar(open))…", at: start)
        }
        let close: UInt8
        switch open {
        case UInt8(ascii: "{"): close = UInt8(ascii: "}")
        case UInt8(ascii: "<") where letter == UInt8(ascii: "k"): close = UInt8(ascii: ">")
        case UInt8(ascii: "'") where letter == UInt8(ascii: "k"): close = UInt8(ascii: "'")
        default:
            guard letter == UInt8(ascii: "g") else {
                throw RegexCompileError(
                    message: "\\k is not followed by a name in braces, angle brackets, or quotes",
                    offset: start + 2)
            }
            // \gN or \g-N.
            try emitReference(syntax.text((start + 2)..<end), from: start, end: end)
            return
        }
        guard end - start > 3, bytes[end - 1] == close else {
            throw RegexCompileError(
                message: "syntax error in subpattern name (missing terminator?)", offset: end)
        }
        try emitReference(syntax.text((start + 3)..<(end - 1)), from: start, end: end)
    }

    /// A reference by number (`2`, `-1`, `+1`) or by name, ending at `end`.
    private mutating func emitReference(
        _ reference: String, from start: Int, end: Int
    ) throws(RegexCompileError) {
        if let first = reference.utf8.first,
            first.isASCIIDigit || first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
        {
            guard let number = Int(reference) else {
                throw RegexCompileError(message: "a numbered reference must not be zero", offset: end)
            }
            if reference.hasPrefix("+") {
                throw reject("a forward relative reference \\g{+n}", at: start)
            }
            let absolute = number < 0 ? captureCount + 1 + number : number
            guard absolute > 0 else {
                throw RegexCompileError(message: "a numbered reference must not be zero", offset: end)
            }
            try emitBackreference(absolute, from: start)
        } else {
            guard let number = groupNumbers[reference] else {
                throw reject("a reference to the group \"\(reference)\" before it is defined", at: start)
            }
            try emitBackreference(number, from: start)
        }
    }

    private mutating func emitBackreference(_ number: Int, from start: Int) throws(RegexCompileError) {
        guard number <= captureCount else {
            throw reject("a reference to group \(number) before it is defined", at: start)
        }
        text += "(?:\\\(number))"
        repeatable = true
    }

    // MARK: Groups

    private mutating func openGroup(
        _ atom: RegexSyntax.Atom, _ group: RegexSyntax.Group
    ) throws(RegexCompileError) {
        let start = atom.range.lowerBound
        // An assertion spelled with a word, `(*pla:`; a plain `(` followed by `*` is a group.
        if atom.range.count > 2, bytes[start + 1] == UInt8(ascii: "*") { throw rejectVerb(atom) }
        switch group {
        case .capturing:
            try push(start)
            captureCount += 1
            text += "("
        case .named(let name):
            try namedGroup(from: start, name: name)
        case .nonCapturing, .atomic, .lookahead, .lookbehind:
            try push(start)
            text += syntax.text(of: atom)
        case .nonAtomicLookaround:
            throw reject("the non-atomic assertion \(syntax.text(of: atom))…)", at: start)
        case .branchReset:
            throw reject("the branch reset group (?|…)", at: start)
        case .conditional:
            throw reject("the conditional group (?(…)…)", at: start)
        case .scriptRun:
            throw rejectVerb(atom)
        case .withOptions, .unknown:
            try groupSyntax(atom)
        }
    }

    /// A verb `(*…)` or an assertion spelled `(*word:`, rejected with the word.
    private func rejectVerb(_ atom: RegexSyntax.Atom) -> RegexCompileError {
        let start = atom.range.lowerBound
        var end = start + 2
        while end < atom.range.upperBound, bytes[end] != UInt8(ascii: ")"), bytes[end] != UInt8(ascii: ":") {
            end += 1
        }
        return reject("the verb (*\(syntax.text((start + 2)..<end)))", at: start)
    }

    /// Group syntax after `(?` other than a plain group or assertion: a reference, a
    /// callout, options, or what PCRE2 reads as no group (``RegexSyntax/Group/unknown``).
    private mutating func groupSyntax(_ atom: RegexSyntax.Atom) throws(RegexCompileError) {
        let start = atom.range.lowerBound
        let end = atom.range.upperBound
        let kind = start + 2 < bytes.count ? bytes[start + 2] : 0
        switch kind {
        case UInt8(ascii: "<"), UInt8(ascii: "'"):
            // A name without its terminator.
            throw RegexCompileError(
                message: "syntax error in subpattern name (missing terminator?)", offset: end)
        case UInt8(ascii: "P"):
            let form = start + 3 < bytes.count ? bytes[start + 3] : 0
            if form == UInt8(ascii: "<") {
                throw RegexCompileError(
                    message: "syntax error in subpattern name (missing terminator?)", offset: end)
            } else if form == UInt8(ascii: "=") {
                guard atom.kind == .reference else {
                    throw RegexCompileError(
                        message: "syntax error in subpattern name (missing terminator?)", offset: end)
                }
                try emitReference(syntax.text((start + 4)..<(end - 1)), from: start, end: end)
            } else {
                throw reject("the subroutine call (?P>…)", at: start)
            }
        case UInt8(ascii: "C"):
            throw reject("the callout (?C…)", at: start)
        case UInt8(ascii: "R"), UInt8(ascii: "&"), UInt8(ascii: "+"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            throw reject("recursion or a subroutine call (?\(UnicodeScalar(kind))…)", at: start)
        case UInt8(ascii: "-") where start + 3 < bytes.count && bytes[start + 3].isASCIIDigit:
            throw reject("recursion or a subroutine call (?-n)", at: start)
        default:
            try inlineOptions(atom)
        }
    }

    /// `(?<name>`, `(?'name'` or `(?P<name>`, whose name covers `name`.
    private mutating func namedGroup(from start: Int, name range: Range<Int>) throws(RegexCompileError) {
        guard !range.isEmpty, !bytes[range.lowerBound].isASCIIDigit else {
            throw RegexCompileError(message: "subpattern name expected", offset: range.lowerBound)
        }
        guard range.count <= 32 else {
            throw RegexCompileError(
                message: "subpattern name is too long (maximum 32 code units)", offset: range.upperBound)
        }
        let name = syntax.text(range)
        guard groupNumbers[name] == nil else {
            throw RegexCompileError(
                message: "two named subpatterns have the same name (PCRE2_DUPNAMES not set)",
                offset: range.upperBound + 1)
        }
        try push(start)
        captureCount += 1
        groupNumbers[name] = captureCount
        text += "("
    }

    /// `(?flags)` or `(?flags:`: only `i`, `m` and `s`, which the two engines read alike
    /// (ICU is compiled to know only the line feed as a newline).
    private mutating func inlineOptions(_ atom: RegexSyntax.Atom) throws(RegexCompileError) {
        let start = atom.range.lowerBound
        var on = true
        var spelling = "(?"
        var newCaseless = caseless
        for index in (start + 2)..<atom.range.upperBound {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "i"), UInt8(ascii: "m"), UInt8(ascii: "s"):
                if byte == UInt8(ascii: "i") { newCaseless = on }
                spelling.unicodeScalars.append(UnicodeScalar(byte))
            case UInt8(ascii: "-") where on:
                on = false
                spelling += "-"
            case UInt8(ascii: ")"):
                caseless = newCaseless
                text += spelling + ")"
                return
            case UInt8(ascii: ":"):
                try push(start)
                caseless = newCaseless
                text += spelling + ":"
                return
            case UInt8(ascii: "x"), UInt8(ascii: "n"), UInt8(ascii: "J"), UInt8(ascii: "U"),
                UInt8(ascii: "^"):
                throw reject("the inline option (?\(UnicodeScalar(byte)))", at: start)
            default:
                throw RegexCompileError(message: "unrecognized character after (? or (?-", offset: index)
            }
        }
        // An opening PCRE2 does not know: what follows the option letters is no `)` or `:`.
        guard atom.range.upperBound < bytes.count else {
            throw RegexCompileError(message: "missing closing parenthesis", offset: bytes.count)
        }
        throw RegexCompileError(
            message: "unrecognized character after (? or (?-", offset: atom.range.upperBound)
    }

    private mutating func push(_ offset: Int) throws(RegexCompileError) {
        guard groups.count < Self.nestingLimit else {
            // PCRE2 reports the offset after the opening parenthesis.
            throw RegexCompileError(message: "parentheses are too deeply nested", offset: offset + 1)
        }
        groups.append(caseless)
        repeatable = false
    }

    // MARK: Classes

    /// The ASCII types of PCRE2 (without Unicode properties) and the POSIX classes.
    enum ClassType {
        case digit, word, space, alpha, alnum, ascii, blank, cntrl, graph, lower, print, punct, upper, xdigit

        init?(_ letter: UInt8) {
            switch letter | 0x20 {
            case UInt8(ascii: "d"): self = .digit
            case UInt8(ascii: "w"): self = .word
            case UInt8(ascii: "s"): self = .space
            default: return nil
            }
        }

        init?(posix name: String) {
            switch name {
            case "digit": self = .digit
            case "word": self = .word
            case "space": self = .space
            case "alpha": self = .alpha
            case "alnum": self = .alnum
            case "ascii": self = .ascii
            case "blank": self = .blank
            case "cntrl": self = .cntrl
            case "graph": self = .graph
            case "lower": self = .lower
            case "print": self = .print
            case "punct": self = .punct
            case "upper": self = .upper
            case "xdigit": self = .xdigit
            default: return nil
            }
        }

        /// The code point ranges, as PCRE2's default (C locale) tables give them.
        var ranges: [ClosedRange<UInt32>] {
            switch self {
            case .digit: [0x30...0x39]
            case .word: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
            case .space: [0x09...0x0D, 0x20...0x20]
            case .alpha: [0x41...0x5A, 0x61...0x7A]
            case .alnum: [0x30...0x39, 0x41...0x5A, 0x61...0x7A]
            case .ascii: [0x00...0x7F]
            case .blank: [0x09...0x09, 0x20...0x20]
            case .cntrl: [0x00...0x1F, 0x7F...0x7F]
            case .graph: [0x21...0x7E]
            case .lower: [0x61...0x7A]
            case .print: [0x20...0x7E]
            case .punct: [0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E]
            case .upper: [0x41...0x5A]
            case .xdigit: [0x30...0x39, 0x41...0x46, 0x61...0x66]
            }
        }
    }

    /// An ICU set of `type`, or of everything else.
    private static func set(of type: ClassType, negated: Bool) -> String {
        "[" + (negated ? "^" : "") + type.ranges.map(range).joined() + "]"
    }

    private static func range(_ range: ClosedRange<UInt32>) -> String {
        range.lowerBound == range.upperBound
            ? hex(range.lowerBound) : hex(range.lowerBound) + "-" + hex(range.upperBound)
    }

    private static func hex(_ value: UInt32) -> String {
        "\\x{" + String(value, radix: 16) + "}"
    }

    /// A class `[…]` read as PCRE2 reads it. Characters and ranges are written as escaped
    /// code points; types (`\d`, `[:alpha:]`, `\p{L}`) go outside case folding, since PCRE2
    /// does not fold them, so `[\wé]` becomes `(?:[é]|(?-i:[0-9A-Z_a-z]))` and `[^\wé]`
    /// becomes `(?!(?-i:[0-9A-Z_a-z]))[^é]`.
    private mutating func characterClass(
        _ atom: RegexSyntax.Atom, negated: Bool, items: Range<Int>
    ) throws(RegexCompileError) {
        var characters = ""
        var types: [String] = []
        var pending: UInt32?  // the last single character, which may start a range
        var position = items.lowerBound
        while position < items.upperBound {
            let item = syntax.classItems[position]
            position += 1
            let itemStart = item.range.lowerBound
            // A range `a-z`: a pending character, `-`, and an item before the closing `]`.
            if item.kind == .literal, bytes[itemStart] == UInt8(ascii: "-"), let lower = pending,
                position < items.upperBound
            {
                let end = syntax.classItems[position]
                position += 1
                guard let upper = try classCharacter(end) else {
                    throw RegexCompileError(message: "invalid range in character class", offset: itemStart)
                }
                guard upper >= lower else {
                    throw RegexCompileError(
                        message: "range out of order in character class", offset: end.range.upperBound - 1)
                }
                characters += "-" + Self.hex(upper)
                pending = nil
                continue
            }
            switch item.kind {
            case .posixClass:
                types.append(try posixClass(item))
                pending = nil
            case .collatingElement:
                throw RegexCompileError(
                    message: "POSIX collating elements are not supported", offset: itemStart)
            case .escape where item.range.count > 1:
                let letter = bytes[itemStart + 1]
                if let type = ClassType(letter) {
                    types.append(Self.set(of: type, negated: letter.isASCIIUppercase))
                    pending = nil
                } else if letter == UInt8(ascii: "p") || letter == UInt8(ascii: "P") {
                    types.append(try property(item, negated: letter == UInt8(ascii: "P")))
                    pending = nil
                } else if let value = try classCharacter(item) {
                    characters += Self.hex(value)
                    pending = value
                }
            default:
                if let value = try classCharacter(item) {
                    characters += Self.hex(value)
                    pending = value
                }
            }
        }
        guard atom.isComplete else {
            throw RegexCompileError(message: "missing terminating ] for character class", offset: bytes.count)
        }
        let positive = characters.isEmpty ? nil : "[" + characters + "]"
        let typeSet = types.isEmpty ? nil : "(?-i:[" + types.joined() + "])"
        switch (negated, positive, typeSet) {
        case (false, let positive?, nil): text += positive
        case (false, nil, let typeSet?): text += typeSet
        case (false, let positive?, let typeSet?): text += "(?:" + positive + "|" + typeSet + ")"
        case (true, let positive?, nil): text += "[^" + positive.dropFirst()
        case (true, nil, _?): text += "(?-i:[^" + types.joined() + "])"
        case (true, let positive?, let typeSet?): text += "(?!" + typeSet + ")[^" + positive.dropFirst()
        case (_, nil, nil):
            throw RegexCompileError(message: "missing terminating ] for character class", offset: bytes.count)
        }
    }

    /// The character a class item stands for (a literal or a character escape); nil for an
    /// item that is not one character (a type, a property, a POSIX class).
    private func classCharacter(_ item: RegexSyntax.Atom) throws(RegexCompileError) -> UInt32? {
        let start = item.range.lowerBound
        switch item.kind {
        case .literal:
            return syntax.scalar(at: start).value
        case .quoted:
            throw reject("\\Q…\\E inside a character class", at: start)
        case .escape:
            guard let letter = syntax.escapeLetter(item) else {
                throw RegexCompileError(message: #"\ at end of pattern"#, offset: bytes.count)
            }
            if letter == UInt8(ascii: "E") { throw reject("\\Q…\\E inside a character class", at: start) }
            if ClassType(letter) != nil || letter == UInt8(ascii: "p") || letter == UInt8(ascii: "P") {
                return nil
            }
            return try character(item, inClass: true)
        default:
            return nil
        }
    }

    /// `[:name:]` or `[:^name:]`: an ICU set of the ASCII class.
    private func posixClass(_ item: RegexSyntax.Atom) throws(RegexCompileError) -> String {
        let start = item.range.lowerBound
        var name = syntax.text((start + 2)..<(item.range.upperBound - 2))
        let negated = name.hasPrefix("^")
        if negated { name.removeFirst() }
        guard var type = ClassType(posix: name) else {
            throw RegexCompileError(message: "unknown POSIX class name", offset: start)
        }
        // PCRE2 reads [:upper:] and [:lower:] as [:alpha:] when case is ignored.
        if caseless && (type == .upper || type == .lower) { type = .alpha }
        return Self.set(of: type, negated: negated)
    }

    // MARK: Helpers

    /// A rejection naming `construct` and the engine.
    private func reject(_ construct: String, at offset: Int, hint: String? = nil) -> RegexCompileError {
        RegexCompileError(
            message: "\(construct) is not supported by the \(Self.engineName) engine"
                + (hint.map { " (\($0))" } ?? ""),
            offset: offset)
    }
}

extension UInt8 {
    /// Whether this is an ASCII upper-case letter.
    fileprivate var isASCIIUppercase: Bool { self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") }
    /// Whether this is an ASCII lower-case letter.
    fileprivate var isASCIILowercase: Bool { self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z") }
}
