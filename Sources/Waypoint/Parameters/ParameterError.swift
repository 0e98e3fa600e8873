/// Why a parameter could not be read as the type asked for: it is absent, or its text does
/// not convert. Thrown by `require(_:as:)` on ``NamedParameters``; the description names the
/// parameter, its text and the type.
public enum ParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No parameter is named `name`; `type` is the type that was asked for.
    case missing(name: String, type: String)
    /// The parameter `name` has the text `value`, which is not a value of `type`.
    case invalid(name: String, value: String, type: String)

    /// The parameter's name.
    public var name: String {
        switch self {
        case .missing(let name, _), .invalid(let name, _, _): name
        }
    }

    /// For example `parameter "id" is "abc", which is not a valid Int`, or
    /// `missing parameter "id" (expected Int)`.
    public var description: String {
        switch self {
        case .missing(let name, let type):
            "missing parameter \(DiagnosticText.quoted(name)) (expected \(type))"
        case .invalid(let name, let value, let type):
            "parameter \(DiagnosticText.quoted(name)) is \(DiagnosticText.quoted(value)), which is not a valid \(type)"
        }
    }
}
