/// An invariant a fuzz check found broken: which target, which invariant, and the input
/// that broke it, as a one-line description that libFuzzer's crash log and a failing test
/// both show.
public struct FuzzViolation: Error, Sendable, CustomStringConvertible {
    /// The invariant, as a sentence.
    public let invariant: String
    /// What was observed, with the input quoted.
    public let details: String

    /// Creates a violation of `invariant`.
    public init(_ invariant: String, _ details: String) {
        self.invariant = invariant
        self.details = details
    }

    /// `invariant: details`.
    public var description: String { "\(invariant): \(details)" }
}

extension FuzzViolation {
    /// Creates a violation of `invariant` whose details are `input`, quoted.
    init(_ invariant: String, _ input: Quoted) {
        self.init(invariant, input.description)
    }
}

/// An input to name in a violation's details, quoted (``quoted(_:limit:)``) only when a
/// violation is reported: the checks run on every fuzz input, and quoting each one up front
/// cost more than some of the checks.
struct Quoted: CustomStringConvertible {
    let text: String
    let suffix: () -> String

    /// `text`, and `suffix` written after it unquoted.
    init(_ text: String, suffix: @escaping () -> String = { "" }) {
        self.text = text
        self.suffix = suffix
    }

    var description: String { quoted(text) + suffix() }
}

/// Throws a ``FuzzViolation`` unless `condition` holds.
///
/// - Parameters:
///   - condition: the invariant, evaluated once.
///   - invariant: its statement.
///   - details: what was observed, evaluated only when the invariant fails.
@inline(__always)
func require(
    _ condition: Bool, _ invariant: @autoclosure () -> String, _ details: @autoclosure () -> String = ""
) throws(FuzzViolation) {
    if !condition { throw FuzzViolation(invariant(), details()) }
}

/// Throws a ``FuzzViolation`` naming `input` unless `condition` holds.
@inline(__always)
func require(
    _ condition: Bool, _ invariant: @autoclosure () -> String, _ input: Quoted
) throws(FuzzViolation) {
    if !condition { throw FuzzViolation(invariant(), input.description) }
}

/// `text` in double quotes with control characters, quotes and non-ASCII scalars escaped,
/// cut to `limit` scalars, so messages stay on one readable line.
func quoted(_ text: String, limit: Int = 300) -> String {
    var result = "\""
    for (index, scalar) in text.unicodeScalars.enumerated() {
        if index == limit {
            result += "…(\(text.unicodeScalars.count) scalars)"
            break
        }
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case _ where scalar.value < 0x20 || scalar.value >= 0x7F:
            result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
