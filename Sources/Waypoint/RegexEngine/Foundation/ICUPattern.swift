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
/// Errors that PCRE2 would also report (an unclosed group, a quantifier out of order) carry
/// PCRE2's message at PCRE2's offset, so a table fails the same way on both engines.
struct ICUPattern {
    /// The ICU pattern.
    private(set) var text = ""
    /// The number of capturing groups.
    private(set) var captureCount = 0
    /// Group numbers by name.
    private(set) var groupNumbers: [String: Int] = [:]

    private let bytes: [UInt8]
    private var index = 0
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

    /// Translates `bytes` (valid UTF-8) compiled with `caseless` on or off.
    init(_ bytes: [UInt8], caseless: Bool) throws(RegexCompileError) {
        self.bytes = bytes
        self.caseless = caseless
        while index < bytes.count {
            try item()
        }
        if !groups.isEmpty {
            throw RegexCompileError(message: "missing closing parenthesis", offset: bytes.count)
        }
    }

    // MARK: Items outside classes

    private mutating func item() throws(RegexCompileError) {
        let start = index
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\\"):
            try escape()
        case UInt8(ascii: "["):
            try characterClass()
            repeatable = true
        case UInt8(ascii: "("):
            try openGroup()
        case UInt8(ascii: ")"):
            guard let outer = groups.popLast() else {
                throw RegexCompileError(message: "unmatched closing parenthesis", offset: index)
            }
            caseless = outer
            text += ")"
            index += 1
            repeatable = true
        case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
            try quantifier(String(UnicodeScalar(byte)), from: start, length: 1)
        case UInt8(ascii: "{"):
            if let (length, lower, upper) = countedRepeat(at: index) {
                try checkRepeat(lower: lower, upper: upper, at: index + length - 1)
                try quantifier(
                    upper.map { $0 == lower ? "{\(lower)}" : "{\(lower),\($0)}" } ?? "{\(lower),}",
                    from: start, length: length)
            } else {
                literal(UnicodeScalar(byte))
                index += 1
            }
        case UInt8(ascii: "|"):
            text += "|"
            index += 1
            repeatable = false
        case UInt8(ascii: "^"), UInt8(ascii: "$"):
            text.unicodeScalars.append(UnicodeScalar(byte))
            index += 1
            repeatable = false
        case UInt8(ascii: "."):
            text += "."
            index += 1
            repeatable = true
        default:
            literal(scalar(at: &index))
        }
    }

    /// A quantifier spelled `spelling` in ICU, `length` bytes long in the pattern, with its
    /// lazy (`?`) or possessive (`+`) suffix.
    private mutating func quantifier(
        _ spelling: String, from start: Int, length: Int
    ) throws(RegexCompileError) {
        guard repeatable else {
            throw RegexCompileError(message: "quantifier does not follow a repeatable item", offset: start)
        }
        text += spelling
        index = start + length
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "+") {
            text.unicodeScalars.append(UnicodeScalar(bytes[index]))
            index += 1
        }
        repeatable = false
    }

    /// `{n}`, `{n,}` or `{n,m}` at `position`, as PCRE2 10.42 reads them: its length and
    /// bounds, or nil when the brace is a literal.
    private func countedRepeat(at position: Int) -> (length: Int, lower: Int, upper: Int?)? {
        var cursor = position + 1
        func number() -> Int? {
            var value = 0
            var digits = 0
            while cursor < bytes.count, bytes[cursor].isASCIIDigit {
                value = min(value * 10 + Int(bytes[cursor] - UInt8(ascii: "0")), Int(Int32.max))
                digits += 1
                cursor += 1
            }
            return digits > 0 ? value : nil
        }
        guard let lower = number() else { return nil }
        var upper: Int? = lower
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ",") {
            cursor += 1
            upper = number()
        }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") else { return nil }
        return (cursor + 1 - position, lower, upper)
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

    private mutating func escape() throws(RegexCompileError) {
        let start = index
        guard index + 1 < bytes.count else {
            throw RegexCompileError(message: #"\ at end of pattern"#, offset: bytes.count)
        }
        index += 1
        let byte = bytes[index]
        if byte >= 0x80 || !(byte.isASCIILetter || byte.isASCIIDigit) {
            // An escaped non-alphanumeric character is itself.
            literal(scalar(at: &index))
            return
        }
        index += 1
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
            text += "(?-i:" + (try property(negated: byte == UInt8(ascii: "P"), from: start)) + ")"
            repeatable = true
        case UInt8(ascii: "Q"):
            quoted()
        case UInt8(ascii: "E"):
            break
        case UInt8(ascii: "g"), UInt8(ascii: "k"):
            try backreference(byte, from: start)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            guard index >= bytes.count || !bytes[index].isASCIIDigit else {
                throw reject(
                    "a backreference or octal escape of more than one digit", at: start, hint: "write \\g{n}")
            }
            try emitBackreference(Int(byte - UInt8(ascii: "0")), from: start)
        default:
            index = start + 1
            if let value = try character(inClass: false) {
                literal(UnicodeScalar(value)!)
            }
        }
    }

    /// The code point of a character escape (`\n`, `\x{…}`, `\cX`, `\0…`, `\o{…}`), with
    /// `index` at the letter after the backslash; nil after a rejection it threw.
    private mutating func character(inClass: Bool) throws(RegexCompileError) -> UInt32? {
        let start = index - 1
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "e"): return 0x1B
        case UInt8(ascii: "a"): return 0x07
        case UInt8(ascii: "b") where inClass: return 0x08
        case UInt8(ascii: "x"):
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")),
                    close > index + 1,
                    let value = UInt32(String(decoding: bytes[(index + 1)..<close], as: UTF8.self), radix: 16)
                else {
                    throw reject("\\x{…} without hexadecimal digits", at: start)
                }
                index = close + 1
                return try codePoint(value, at: close)
            }
            var value: UInt32 = 0
            var digits = 0
            while digits < 2, index < bytes.count, let digit = PercentDecoding.hexValue(bytes[index]) {
                value = value * 16 + UInt32(digit)
                digits += 1
                index += 1
            }
            return value
        case UInt8(ascii: "c"):
            guard index < bytes.count, bytes[index] >= 0x20, bytes[index] < 0x7F else {
                throw RegexCompileError(
                    message: "\\c must be followed by a printable ASCII character", offset: index)
            }
            let control = bytes[index]
            index += 1
            return UInt32((control.isASCIILowercase ? control - 0x20 : control) ^ 0x40)
        case UInt8(ascii: "0"):
            var value: UInt32 = 0
            var digits = 0
            while digits < 2, index < bytes.count, bytes[index] >= UInt8(ascii: "0"),
                bytes[index] <= UInt8(ascii: "7")
            {
                value = value * 8 + UInt32(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            return value
        case UInt8(ascii: "o"):
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{"),
                let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")), close > index + 1,
                let value = UInt32(String(decoding: bytes[(index + 1)..<close], as: UTF8.self), radix: 8)
            else {
                throw reject("\\o without {octal digits}", at: start)
            }
            index = close + 1
            return try codePoint(value, at: close)
        default:
            throw unsupportedEscape(byte, at: start)
        }
    }

    private func codePoint(_ value: UInt32, at offset: Int) throws(RegexCompileError) -> UInt32 {
        guard value <= 0x10FFFF else {
            throw RegexCompileError(
                message: "character code point value in \\x{} or \\o{} is too large", offset: offset)
        }
        guard !(0xD800...0xDFFF).contains(value) else {
            throw RegexCompileError(
                message: "disallowed Unicode code point (>= 0xd800 && <= 0xdfff)", offset: offset)
        }
        return value
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

    /// `\Q…\E`: every character up to `\E` (or the end) is a literal.
    private mutating func quoted() {
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "E")
            {
                index += 2
                return
            }
            literal(scalar(at: &index))
        }
    }

    /// `\p{Name}`, `\pL` or `\p{^Name}` with `index` after the letter: an ICU property set
    /// for a Unicode general category (the only properties both engines read alike).
    private mutating func property(negated: Bool, from start: Int) throws(RegexCompileError) -> String {
        var name: String
        if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                throw RegexCompileError(message: "malformed \\P or \\p sequence", offset: index)
            }
            name = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            index = close + 1
        } else if index < bytes.count {
            name = String(UnicodeScalar(bytes[index]))
            index += 1
        } else {
            throw RegexCompileError(message: "malformed \\P or \\p sequence", offset: index)
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

    /// `\g…` or `\k…` with `index` after the letter.
    private mutating func backreference(_ letter: UInt8, from start: Int) throws(RegexCompileError) {
        guard index < bytes.count else {
            throw RegexCompileError(message: "\\g or \\k is not followed by a group reference", offset: index)
        }
        let open = bytes[index]
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
                    offset: index)
            }
            // \gN or \g-N.
            let digitsStart = index
            if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
            try emitReference(String(decoding: bytes[digitsStart..<index], as: UTF8.self), from: start)
            return
        }
        guard let end = bytes[(index + 1)...].firstIndex(of: close) else {
            throw RegexCompileError(
                message: "syntax error in subpattern name (missing terminator?)", offset: bytes.count)
        }
        let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        index = end + 1
        try emitReference(name, from: start)
    }

    /// A reference by number (`2`, `-1`, `+1`) or by name.
    private mutating func emitReference(_ reference: String, from start: Int) throws(RegexCompileError) {
        if let first = reference.utf8.first,
            first.isASCIIDigit || first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
        {
            guard let number = Int(reference) else {
                throw RegexCompileError(message: "a numbered reference must not be zero", offset: index)
            }
            if reference.hasPrefix("+") {
                throw reject("a forward relative reference \\g{+n}", at: start)
            }
            let absolute = number < 0 ? captureCount + 1 + number : number
            guard absolute > 0 else {
                throw RegexCompileError(message: "a numbered reference must not be zero", offset: index)
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

    private mutating func openGroup() throws(RegexCompileError) {
        let start = index
        index += 1
        let next = index < bytes.count ? bytes[index] : 0
        if next == UInt8(ascii: "*") {
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: ")"), bytes[end] != UInt8(ascii: ":") {
                end += 1
            }
            throw reject(
                "the verb (*\(String(decoding: bytes[(index + 1)..<end], as: UTF8.self)))", at: start)
        }
        guard next == UInt8(ascii: "?") else {
            try push(start)
            captureCount += 1
            text += "("
            return
        }
        index += 1
        let kind = index < bytes.count ? bytes[index] : 0
        switch kind {
        case UInt8(ascii: "#"):
            // A comment: up to the first `)`.
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ")")) else {
                throw RegexCompileError(message: "missing ) at end of (?# comment", offset: bytes.count)
            }
            index = close + 1
        case UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: ">"):
            try push(start)
            text += "(?" + String(UnicodeScalar(kind))
            index += 1
        case UInt8(ascii: "<")
        where index + 1 < bytes.count
            && (bytes[index + 1] == UInt8(ascii: "=") || bytes[index + 1] == UInt8(ascii: "!")):
            try push(start)
            text += "(?<" + String(UnicodeScalar(bytes[index + 1]))
            index += 2
        case UInt8(ascii: "<"), UInt8(ascii: "'"):
            try namedGroup(
                from: start, nameStart: index + 1,
                terminator: kind == UInt8(ascii: "<") ? UInt8(ascii: ">") : UInt8(ascii: "'"))
        case UInt8(ascii: "P"):
            let form = index + 1 < bytes.count ? bytes[index + 1] : 0
            if form == UInt8(ascii: "<") {
                try namedGroup(from: start, nameStart: index + 2, terminator: UInt8(ascii: ">"))
            } else if form == UInt8(ascii: "=") {
                guard let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ")")) else {
                    throw RegexCompileError(
                        message: "syntax error in subpattern name (missing terminator?)", offset: bytes.count)
                }
                let name = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
                index = close + 1
                try emitReference(name, from: start)
            } else {
                throw reject("the subroutine call (?P>…)", at: start)
            }
        case UInt8(ascii: "|"):
            throw reject("the branch reset group (?|…)", at: start)
        case UInt8(ascii: "("):
            throw reject("the conditional group (?(…)…)", at: start)
        case UInt8(ascii: "C"):
            throw reject("the callout (?C…)", at: start)
        case UInt8(ascii: "R"), UInt8(ascii: "&"), UInt8(ascii: "+"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            throw reject("recursion or a subroutine call (?\(UnicodeScalar(kind))…)", at: start)
        case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1].isASCIIDigit:
            throw reject("recursion or a subroutine call (?-n)", at: start)
        default:
            try inlineOptions(from: start)
        }
    }

    /// `(?<name>`, `(?'name'` or `(?P<name>` with the name starting at `nameStart`.
    private mutating func namedGroup(
        from start: Int, nameStart: Int, terminator: UInt8
    ) throws(RegexCompileError) {
        var end = nameStart
        while end < bytes.count,
            bytes[end].isASCIILetter || bytes[end].isASCIIDigit || bytes[end] == UInt8(ascii: "_")
        {
            end += 1
        }
        guard end < bytes.count, bytes[end] == terminator else {
            throw RegexCompileError(
                message: "syntax error in subpattern name (missing terminator?)", offset: end)
        }
        guard end > nameStart, !bytes[nameStart].isASCIIDigit else {
            throw RegexCompileError(message: "subpattern name expected", offset: nameStart)
        }
        guard end - nameStart <= 32 else {
            throw RegexCompileError(
                message: "subpattern name is too long (maximum 32 code units)", offset: end)
        }
        let name = String(decoding: bytes[nameStart..<end], as: UTF8.self)
        guard groupNumbers[name] == nil else {
            throw RegexCompileError(
                message: "two named subpatterns have the same name (PCRE2_DUPNAMES not set)", offset: end + 1)
        }
        try push(start)
        captureCount += 1
        groupNumbers[name] = captureCount
        text += "("
        index = end + 1
    }

    /// `(?flags)` or `(?flags:` with `index` after the `?`: only `i`, `m` and `s`, which
    /// the two engines read alike (ICU is compiled to know only the line feed as a newline).
    private mutating func inlineOptions(from start: Int) throws(RegexCompileError) {
        var on = true
        var spelling = "(?"
        var newCaseless = caseless
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "i"), UInt8(ascii: "m"), UInt8(ascii: "s"):
                if byte == UInt8(ascii: "i") { newCaseless = on }
                spelling.unicodeScalars.append(UnicodeScalar(byte))
            case UInt8(ascii: "-") where on:
                on = false
                spelling += "-"
            case UInt8(ascii: ")"):
                index += 1
                caseless = newCaseless
                text += spelling + ")"
                return
            case UInt8(ascii: ":"):
                index += 1
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
            index += 1
        }
        throw RegexCompileError(message: "missing closing parenthesis", offset: bytes.count)
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
    private mutating func characterClass() throws(RegexCompileError) {
        let open = index
        index += 1
        var negated = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "^") {
            negated = true
            index += 1
        }
        var characters = ""
        var types: [String] = []
        var first = true
        var pending: UInt32?  // the last single character, which may start a range
        while true {
            guard index < bytes.count else {
                throw RegexCompileError(
                    message: "missing terminating ] for character class", offset: bytes.count)
            }
            let itemStart = index
            let byte = bytes[index]
            if byte == UInt8(ascii: "]") && !first {
                index += 1
                break
            }
            first = false
            // A range `a-z`: a pending character, `-`, and a character that is not `]`.
            if byte == UInt8(ascii: "-"), let lower = pending, index + 1 < bytes.count,
                bytes[index + 1] != UInt8(ascii: "]")
            {
                index += 1
                let endStart = index
                guard let upper = try classCharacter() else {
                    throw RegexCompileError(message: "invalid range in character class", offset: index - 1)
                }
                guard upper >= lower else {
                    throw RegexCompileError(
                        message: "range out of order in character class", offset: index - 1)
                }
                _ = endStart
                characters += "-" + Self.hex(upper)
                pending = nil
                continue
            }
            if byte == UInt8(ascii: "[") && index + 1 < bytes.count
                && [UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "=")].contains(bytes[index + 1])
            {
                types.append(try posixClass())
                pending = nil
                continue
            }
            if byte == UInt8(ascii: "\\") && index + 1 < bytes.count {
                let letter = bytes[index + 1]
                if let type = ClassType(letter) {
                    index += 2
                    types.append(Self.set(of: type, negated: letter.isASCIIUppercase))
                    pending = nil
                    continue
                }
                if letter == UInt8(ascii: "p") || letter == UInt8(ascii: "P") {
                    index += 2
                    types.append(try property(negated: letter == UInt8(ascii: "P"), from: itemStart))
                    pending = nil
                    continue
                }
                if letter == UInt8(ascii: "Q") || letter == UInt8(ascii: "E") {
                    throw reject("\\Q…\\E inside a character class", at: itemStart)
                }
            }
            guard let value = try classCharacter() else { continue }
            characters += Self.hex(value)
            pending = value
        }
        _ = open
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

    /// One character of a class (a literal or a character escape), or nil for an item that
    /// is not a single character (none reach here but a stray `\E`).
    private mutating func classCharacter() throws(RegexCompileError) -> UInt32? {
        guard index < bytes.count else {
            throw RegexCompileError(message: "missing terminating ] for character class", offset: bytes.count)
        }
        if bytes[index] == UInt8(ascii: "\\") {
            guard index + 1 < bytes.count else {
                throw RegexCompileError(message: #"\ at end of pattern"#, offset: bytes.count)
            }
            let letter = bytes[index + 1]
            if letter >= 0x80 || !(letter.isASCIILetter || letter.isASCIIDigit) {
                index += 1
                return scalar(at: &index).value
            }
            if ClassType(letter) != nil || letter == UInt8(ascii: "p") || letter == UInt8(ascii: "P") {
                return nil
            }
            index += 1
            return try character(inClass: true)
        }
        return scalar(at: &index).value
    }

    /// `[:name:]` or `[:^name:]` with `index` at the `[`: an ICU set of the ASCII class.
    private mutating func posixClass() throws(RegexCompileError) -> String {
        let start = index
        let delimiter = bytes[index + 1]
        guard delimiter == UInt8(ascii: ":") else {
            throw RegexCompileError(message: "POSIX collating elements are not supported", offset: index)
        }
        var cursor = index + 2
        while cursor + 1 < bytes.count,
            !(bytes[cursor] == UInt8(ascii: ":") && bytes[cursor + 1] == UInt8(ascii: "]"))
        {
            cursor += 1
        }
        guard cursor + 1 < bytes.count else {
            throw RegexCompileError(message: "missing terminating ] for character class", offset: bytes.count)
        }
        var name = String(decoding: bytes[(index + 2)..<cursor], as: UTF8.self)
        let negated = name.hasPrefix("^")
        if negated { name.removeFirst() }
        guard var type = ClassType(posix: name) else {
            throw RegexCompileError(message: "unknown POSIX class name", offset: start)
        }
        // PCRE2 reads [:upper:] and [:lower:] as [:alpha:] when case is ignored.
        if caseless && (type == .upper || type == .lower) { type = .alpha }
        index = cursor + 2
        return Self.set(of: type, negated: negated)
    }

    // MARK: Helpers

    /// The scalar at `position` (valid UTF-8), advancing past it.
    private func scalar(at position: inout Int) -> UnicodeScalar {
        let lead = bytes[position]
        let width =
            lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        let end = min(position + width, bytes.count)
        let scalar = String(decoding: bytes[position..<end], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
        position = end
        return scalar
    }

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
