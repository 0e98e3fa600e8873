extension RegexSyntax {
    /// The offset after the escape whose `\` is at `start`, and whether it is complete:
    /// `\Q…\E` up to its `\E` (to the end without one), `\x{h…}` and `\xhh`, `\o{o…}`,
    /// `\0oo`, a backreference's digits, `\cX`, `\p{…}` and `\pL`, `\g{…}` `\g<…>` `\g'…'`
    /// and `\gN`, `\k{…}` `\k<…>` `\k'…'`, `\N{U+h…}`; otherwise the backslash and one
    /// scalar. A `\` at the end is incomplete. Names and digits are read as far as they go,
    /// so a malformed escape ends early and PCRE2 (or the translator) reports it.
    static func escapeEnd(_ bytes: [UInt8], at start: Int) -> (end: Int, isComplete: Bool) {
        guard start + 1 < bytes.count else { return (bytes.count, false) }
        func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        var cursor = start + 2
        func skip(while belongs: (UInt8) -> Bool, limit: Int? = nil) {
            let stop = limit.map { min(bytes.count, cursor + $0) } ?? bytes.count
            while cursor < stop, belongs(bytes[cursor]) { cursor += 1 }
        }
        /// A delimited argument from `cursor` (at its opener): `characters` up to `close`,
        /// which is taken when it is there.
        func delimited(_ close: UInt8, _ characters: (UInt8) -> Bool) {
            cursor += 1
            skip(while: characters)
            if byte(at: cursor) == close { cursor += 1 }
        }
        switch bytes[start + 1] {
        case UInt8(ascii: "Q"):
            while cursor + 1 < bytes.count {
                if bytes[cursor] == UInt8(ascii: "\\") && bytes[cursor + 1] == UInt8(ascii: "E") {
                    return (cursor + 2, true)
                }
                cursor += 1
            }
            return (bytes.count, false)
        case UInt8(ascii: "x"):
            if byte(at: cursor) == UInt8(ascii: "{") {
                delimited(UInt8(ascii: "}"), \.isASCIIHexDigit)
            } else {
                skip(while: \.isASCIIHexDigit, limit: 2)
            }
        case UInt8(ascii: "o"):
            if byte(at: cursor) == UInt8(ascii: "{") { delimited(UInt8(ascii: "}"), \.isASCIIOctalDigit) }
        case UInt8(ascii: "0"):
            skip(while: \.isASCIIOctalDigit, limit: 2)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            skip(while: \.isASCIIDigit)
        case UInt8(ascii: "c"):
            if cursor < bytes.count { cursor = scalarEnd(bytes, at: cursor) }
        case UInt8(ascii: "p"), UInt8(ascii: "P"):
            guard byte(at: cursor) == UInt8(ascii: "{") else {
                if cursor < bytes.count { cursor = scalarEnd(bytes, at: cursor) }
                break
            }
            // PCRE2 reads at most 32 characters of a property name; a longer search could
            // make a run of `\p{` quadratic.
            if let close = bytes[cursor..<min(bytes.count, cursor + 64)].firstIndex(of: UInt8(ascii: "}")) {
                cursor = close + 1
            } else {
                cursor += 1
            }
        case UInt8(ascii: "g"):
            switch byte(at: cursor) {
            case UInt8(ascii: "{"): delimited(UInt8(ascii: "}"), \.isReferenceCharacter)
            case UInt8(ascii: "<"): delimited(UInt8(ascii: ">"), \.isReferenceCharacter)
            case UInt8(ascii: "'"): delimited(UInt8(ascii: "'"), \.isReferenceCharacter)
            default:
                if byte(at: cursor) == UInt8(ascii: "+") || byte(at: cursor) == UInt8(ascii: "-") {
                    cursor += 1
                }
                skip(while: \.isASCIIDigit)
            }
        case UInt8(ascii: "k"):
            switch byte(at: cursor) {
            case UInt8(ascii: "{"): delimited(UInt8(ascii: "}"), \.isReferenceCharacter)
            case UInt8(ascii: "<"): delimited(UInt8(ascii: ">"), \.isReferenceCharacter)
            case UInt8(ascii: "'"): delimited(UInt8(ascii: "'"), \.isReferenceCharacter)
            default: break
            }
        case UInt8(ascii: "N"):
            if bytes[cursor...].starts(with: "{U+".utf8) {
                cursor += 2
                delimited(UInt8(ascii: "}"), \.isASCIIHexDigit)
            }
        default:
            cursor = scalarEnd(bytes, at: start + 1)
        }
        return (cursor, true)
    }

    /// What a character escape stands for.
    package enum EscapedCharacter: Sendable, Equatable {
        /// A code point.
        case value(UInt32)
        /// Not a character escape: a type (`\d`), an assertion (`\b` outside a class), a
        /// property, a reference, `\Q` or `\E`, or an escape PCRE2 does not know.
        case notACharacter
        /// A character escape PCRE2 rejects.
        case malformed(MalformedEscape)
    }

    /// Why PCRE2 rejects a character escape, with the offset it reports where it has one.
    package enum MalformedEscape: Sendable, Equatable {
        /// `\x{` without hexadecimal digits and `}`.
        case hexadecimalDigitsMissing
        /// `\o` without `{`, octal digits and `}`.
        case octalDigitsMissing
        /// `\c` not followed by a printable ASCII character (at `offset`).
        case controlCharacterMissing(offset: Int)
        /// A code point above U+10FFFF (its `}` at `offset`).
        case tooLarge(offset: Int)
        /// A surrogate code point (its `}` at `offset`).
        case surrogate(offset: Int)
    }

    /// The character an escape atom or class item stands for (`\n`, `\x{e9}`, `\o{101}`,
    /// `\0`, `\cA`, `\.`, and `\b` inside a class), as PCRE2 reads it.
    package func character(ofEscape atom: Atom, inClass: Bool) -> EscapedCharacter {
        let start = atom.range.lowerBound
        let end = atom.range.upperBound
        guard let letter = escapeLetter(atom) else { return .notACharacter }
        if letter >= 0x80 || !(letter.isASCIILetter || letter.isASCIIDigit) {
            return .value(scalar(at: start + 1).value)
        }
        /// The value of the digits in `digits`, capped above the largest code point.
        func value(_ digits: Range<Int>, radix: UInt32) -> UInt32 {
            bytes[digits].reduce(0) { total, byte in
                min(total * radix + UInt32(PercentDecoding.hexValue(byte) ?? 0), 0x11_0000)
            }
        }
        /// A braced value `{…}` from `start + 2` to the atom's end.
        func braced(radix: UInt32) -> EscapedCharacter? {
            guard end - start > 4, bytes[start + 2] == UInt8(ascii: "{"), bytes[end - 1] == UInt8(ascii: "}")
            else { return nil }
            let code = value((start + 3)..<(end - 1), radix: radix)
            if code > 0x10FFFF { return .malformed(.tooLarge(offset: end - 1)) }
            if (0xD800...0xDFFF).contains(code) { return .malformed(.surrogate(offset: end - 1)) }
            return .value(code)
        }
        switch letter {
        case UInt8(ascii: "n"): return .value(0x0A)
        case UInt8(ascii: "r"): return .value(0x0D)
        case UInt8(ascii: "t"): return .value(0x09)
        case UInt8(ascii: "f"): return .value(0x0C)
        case UInt8(ascii: "e"): return .value(0x1B)
        case UInt8(ascii: "a"): return .value(0x07)
        case UInt8(ascii: "b") where inClass: return .value(0x08)
        case UInt8(ascii: "x"):
            if start + 2 < end, bytes[start + 2] == UInt8(ascii: "{") {
                return braced(radix: 16) ?? .malformed(.hexadecimalDigitsMissing)
            }
            return .value(value((start + 2)..<end, radix: 16))
        case UInt8(ascii: "o"):
            return braced(radix: 8) ?? .malformed(.octalDigitsMissing)
        case UInt8(ascii: "0"):
            return .value(value((start + 2)..<end, radix: 8))
        case UInt8(ascii: "c"):
            guard end == start + 3, bytes[start + 2] >= 0x20, bytes[start + 2] < 0x7F else {
                return .malformed(.controlCharacterMissing(offset: start + 2))
            }
            let control = bytes[start + 2]
            let upper =
                control >= UInt8(ascii: "a") && control <= UInt8(ascii: "z") ? control - 0x20 : control
            return .value(UInt32(upper ^ 0x40))
        default:
            return .notACharacter
        }
    }
}

extension UInt8 {
    fileprivate var isASCIIHexDigit: Bool {
        isASCIIDigit || ((self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "f"))
    }

    fileprivate var isASCIIOctalDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "7") }

    /// Characters of a group name or number inside `\g{…}`, `\k<…>` and the like.
    fileprivate var isReferenceCharacter: Bool {
        isASCIILetter || isASCIIDigit || self == UInt8(ascii: "_") || self == UInt8(ascii: "+")
            || self == UInt8(ascii: "-")
    }
}
