/// Why ``JSONValue/init(parsing:maximumDepth:)`` rejected its input, and where.
///
/// Every case carries the 1-based line and column of the problem. Lines are separated by
/// U+000A (a `\r\n` pair is one break); columns count Unicode scalars, so `é` is one column
/// however it is encoded.
public enum JSONParseError: Error, Sendable, Hashable {
    /// The text ended where `expected` was required.
    case unexpectedEndOfInput(expected: String, line: Int, column: Int)
    /// `found` stands where `expected` was required.
    case unexpectedCharacter(Character, expected: String, line: Int, column: Int)
    /// A word that is not `true`, `false` or `null`.
    case invalidLiteral(String, line: Int, column: Int)
    /// A number that does not follow RFC 8259's grammar, such as `01`, `1.` or `+1`.
    case invalidNumber(String, line: Int, column: Int)
    /// A number too large for a `Double`, such as `1e400`.
    case numberOutOfRange(String, line: Int, column: Int)
    /// A backslash escape that JSON does not define, such as `\x`.
    case invalidEscape(String, line: Int, column: Int)
    /// A `\u` escape without four hexadecimal digits.
    case invalidUnicodeEscape(String, line: Int, column: Int)
    /// A `\u` escape of a UTF-16 surrogate that is not part of a high-low pair.
    case unpairedSurrogate(String, line: Int, column: Int)
    /// A control character (U+0000 to U+001F) written inside a string without an escape.
    case unescapedControlCharacter(UInt32, line: Int, column: Int)
    /// Arrays and objects nested deeper than `limit`.
    case nestingTooDeep(limit: Int, line: Int, column: Int)

    /// The 1-based line of the problem.
    public var line: Int {
        switch self {
        case .unexpectedEndOfInput(_, let line, _), .unexpectedCharacter(_, _, let line, _),
            .invalidLiteral(_, let line, _), .invalidNumber(_, let line, _),
            .numberOutOfRange(_, let line, _), .invalidEscape(_, let line, _),
            .invalidUnicodeEscape(_, let line, _), .unpairedSurrogate(_, let line, _),
            .unescapedControlCharacter(_, let line, _), .nestingTooDeep(_, let line, _):
            line
        }
    }

    /// The 1-based column of the problem, in Unicode scalars.
    public var column: Int {
        switch self {
        case .unexpectedEndOfInput(_, _, let column), .unexpectedCharacter(_, _, _, let column),
            .invalidLiteral(_, _, let column), .invalidNumber(_, _, let column),
            .numberOutOfRange(_, _, let column), .invalidEscape(_, _, let column),
            .invalidUnicodeEscape(_, _, let column), .unpairedSurrogate(_, _, let column),
            .unescapedControlCharacter(_, _, let column), .nestingTooDeep(_, _, let column):
            column
        }
    }
}

extension JSONParseError: CustomStringConvertible {
    /// A message naming the position and the problem, such as
    /// `invalid JSON at line 1, column 7: unexpected "}", expected a value`.
    public var description: String {
        "invalid JSON at line \(line), column \(column): \(problem)"
    }

    private var problem: String {
        switch self {
        case .unexpectedEndOfInput(let expected, _, _):
            "unexpected end of input, expected \(expected)"
        case .unexpectedCharacter("\u{FEFF}", let expected, 1, 1):
            // Named: the mark is invisible in an editor, and `"\u{FEFF}"` does not say what it is.
            "unexpected byte order mark (U+FEFF, the bytes EF BB BF in UTF-8), which JSON text "
                + "must not start with (RFC 8259 §8.1), expected \(expected); save the file without it"
        case .unexpectedCharacter(let found, let expected, _, _):
            "unexpected \(Self.quoted(String(found))), expected \(expected)"
        case .invalidLiteral(let word, _, _):
            "invalid literal \(Self.quoted(word))"
        case .invalidNumber(let text, _, _):
            "invalid number \(Self.quoted(text))"
        case .numberOutOfRange(let text, _, _):
            "number out of range \(Self.quoted(text))"
        case .invalidEscape(let text, _, _):
            "invalid escape \(Self.quoted(text))"
        case .invalidUnicodeEscape(let text, _, _):
            "invalid unicode escape \(Self.quoted(text))"
        case .unpairedSurrogate(let text, _, _):
            "unpaired surrogate \(Self.quoted(text))"
        case .unescapedControlCharacter(let value, _, _):
            "unescaped control character U+\(Self.hex4(value)) in a string"
        case .nestingTooDeep(let limit, _, _):
            "arrays and objects nested deeper than \(limit) levels"
        }
    }

    /// `text` in double quotes, with `"` and `\` escaped by a backslash and invisible
    /// characters (controls, format characters such as a byte order mark, separators other
    /// than the space) written as `\u{FEFF}`.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\":
                result += "\\" + String(scalar)
            case " ":
                result += " "
            default:
                switch scalar.properties.generalCategory {
                case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator,
                    .paragraphSeparator, .spaceSeparator:
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                default:
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
