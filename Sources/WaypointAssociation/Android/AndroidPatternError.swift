import Waypoint

/// Why an Android path pattern was refused, and which pattern.
///
/// Android refuses the same advanced patterns when it parses the manifest; an over-long
/// pattern is this library's limit (``AndroidPathPattern/maximumLength``).
public struct AndroidPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// The pattern is longer than the limit, in UTF-16 code units.
        case tooLong(length: Int, limit: Int)
        /// A `*`, `+` or `{…}` with no character, `.` or set before it, or after another
        /// repetition.
        case misplacedModifier(position: Int)
        /// A `[` without its `]`.
        case unterminatedSet
        /// `[]` or `[^]`: a set with no characters.
        case emptySet(position: Int)
        /// A `{` without its `}`.
        case unterminatedRange(position: Int)
        /// A repetition range that is not `{n}`, `{n,}` or `{n,m}` with `n ≤ m`, both
        /// non-negative.
        case invalidRange(String, position: Int)
        /// A `\` that ends the pattern.
        case trailingEscape
    }

    /// What is wrong.
    public let kind: Kind
    /// The pattern.
    public let pattern: String

    /// An error of `kind` in `pattern`.
    public init(_ kind: Kind, pattern: String) {
        self.kind = kind
        self.pattern = pattern
    }

    /// The most characters of a pattern a message quotes: an over-long pattern can be
    /// megabytes, and a message is one line.
    static let quotedLength = 80

    /// `pattern` quoted, its first ``quotedLength`` characters and `…` when it is longer.
    static func abbreviated(_ pattern: String) -> String {
        guard pattern.count > quotedLength else { return DiagnosticText.quoted(pattern) }
        return DiagnosticText.quoted(String(pattern.prefix(quotedLength))) + "…"
    }

    /// The problem, naming the pattern: `"/a/{2}": a repetition must follow a character, "."
    /// or a set (at 4)`.
    public var description: String {
        let problem =
            switch kind {
            case .tooLong(let length, let limit):
                "the pattern has \(length) UTF-16 code units, more than the \(limit) a pattern may have"
            case .misplacedModifier(let position):
                "a repetition must follow a character, \".\" or a set (at \(position))"
            case .unterminatedSet:
                "a \"[\" without its \"]\""
            case .emptySet(let position):
                "a set with no characters (at \(position))"
            case .unterminatedRange(let position):
                "a \"{\" without its \"}\" (at \(position))"
            case .invalidRange(let text, let position):
                "\(DiagnosticText.quoted(text)) is not a repetition range {n}, {n,} or {n,m} with n ≤ m (at \(position))"
            case .trailingEscape:
                "a \"\\\" ends the pattern"
            }
        return "\(Self.abbreviated(pattern)): \(problem)"
    }
}
