import Waypoint

/// Why an `apple-app-site-association` file, or an ``UniversalLinkRules`` value, was rejected, and
/// where.
///
/// Every error names the place in the file as a JSON path, such as
/// `applinks.details[1].components[3]["?"]`, and the problem:
///
/// ```
/// applinks.details[0].appIDs[1]: "com.example.app" is not an application identifier: expected TEAMID.bundle.id, a 10-character team ID of upper-case letters and digits, a dot, and a bundle ID of letters, digits, "-" and "."
/// ```
///
/// Documentation/aasa.md lists what each kind means and the reading of Apple's
/// documentation behind it.
public struct AppSiteAssociationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// The file is larger than ``AppSiteAssociation/maximumSize`` bytes, the size Apple
        /// documents as the most the system downloads.
        case fileTooLarge(size: Int, limit: Int)
        /// The bytes are not UTF-8 text.
        case notUTF8
        /// The text is not JSON; the parser's error names the line and column.
        case invalidJSON(JSONParseError)
        /// A member the format does not define; `suggestion` is the closest known key.
        case unknownKey(String, suggestion: String?)
        /// A member the format requires is missing.
        case missingKey(String)
        /// A value of the wrong JSON type: `expected` and `found` name the types.
        case wrongType(expected: String, found: String)
        /// An application identifier that is not `TEAMID.bundle.id`.
        case invalidAppID(String)
        /// A `details` entry names no app: neither `appID` nor a non-empty `appIDs`.
        case noAppID
        /// The legacy `apps` key holds something; Apple requires it to be an empty array.
        case legacyAppsNotEmpty
        /// A pattern uses `$(name)` but no substitution variable of that name exists.
        case undefinedVariable(String)
        /// A pattern has `$(` without the `)` that ends the variable's name.
        case unterminatedVariable
        /// A substitution variable's name contains `$`, `(` or `)`, or is empty.
        case invalidVariableName(String)
        /// A substitution variable's value uses another variable, which Apple does not allow.
        case variableInValue(String)
        /// Expanding the file's substitution variables gives more pattern states than
        /// ``AppSiteAssociation/maximumPatternStates``.
        case patternTooComplex(states: Int, limit: Int)
    }

    /// What is wrong.
    public let kind: Kind
    /// Where, as a JSON path such as `applinks.details[1].components[3]["?"]`; `(root)` for
    /// the whole file.
    public let path: String

    /// An error of `kind` at `path`.
    public init(_ kind: Kind, at path: String) {
        self.kind = kind
        self.path = path
    }

    package init(_ kind: Kind, at path: JSONPath) {
        self.init(kind, at: path.description)
    }

    /// The kind's name, as JSON output and tests name it: `unknownKey`, `invalidAppID`, ….
    public var kindName: String {
        switch kind {
        case .fileTooLarge: "fileTooLarge"
        case .notUTF8: "notUTF8"
        case .invalidJSON: "invalidJSON"
        case .unknownKey: "unknownKey"
        case .missingKey: "missingKey"
        case .wrongType: "wrongType"
        case .invalidAppID: "invalidAppID"
        case .noAppID: "noAppID"
        case .legacyAppsNotEmpty: "legacyAppsNotEmpty"
        case .undefinedVariable: "undefinedVariable"
        case .unterminatedVariable: "unterminatedVariable"
        case .invalidVariableName: "invalidVariableName"
        case .variableInValue: "variableInValue"
        case .patternTooComplex: "patternTooComplex"
        }
    }

    /// The problem, without the path.
    public var problem: String {
        switch kind {
        case .fileTooLarge(let size, let limit):
            "the file is \(size) bytes; the system downloads at most \(limit) bytes (128 KB)"
        case .notUTF8:
            "the file is not UTF-8 text"
        case .invalidJSON(let error):
            error.description
        case .unknownKey(let key, let suggestion):
            "unknown key \(DiagnosticText.quoted(key))"
                + (suggestion.map { "; did you mean \(DiagnosticText.quoted($0))?" } ?? "")
        case .missingKey(let key):
            "missing key \(DiagnosticText.quoted(key))"
        case .wrongType(let expected, let found):
            "expected \(expected), found \(found)"
        case .invalidAppID(let value):
            "\(DiagnosticText.quoted(value)) is not an application identifier: expected TEAMID.bundle.id, "
                + "a 10-character team ID of upper-case letters and digits, a dot, and a bundle ID of "
                + "letters, digits, \"-\" and \".\""
        case .noAppID:
            "the entry names no app: give \"appID\" or a non-empty \"appIDs\""
        case .legacyAppsNotEmpty:
            "the legacy \"apps\" key must be an empty array"
        case .undefinedVariable(let name):
            "no substitution variable \(DiagnosticText.quoted(name)) is defined (predefined: "
                + UniversalLinkVariables.predefinedNames.joined(separator: ", ") + ")"
        case .unterminatedVariable:
            "\"$(\" without the \")\" that ends the variable's name"
        case .invalidVariableName(let name):
            "\(DiagnosticText.quoted(name)) is not a substitution variable name: it must be non-empty "
                + "and must not contain \"$\", \"(\" or \")\""
        case .variableInValue(let name):
            "the value uses the variable \(DiagnosticText.quoted(name)), but a substitution variable's "
                + "values cannot use other variables"
        case .patternTooComplex(let states, let limit):
            "the patterns expand to \(states) states with their substitution variables, more than the "
                + "\(limit) a file may use"
        }
    }

    /// The path and the problem: `applinks.details[1].components[3]["?"]: expected a string or
    /// an object, found a number`.
    public var description: String {
        "\(path): \(problem)"
    }
}
