import Waypoint

/// Why an `assetlinks.json` file was rejected, and where, as a JSON path such as
/// `[0].target.sha256_cert_fingerprints[1]`.
public struct AssetLinksError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// The file is larger than ``AssetLinks/maximumSize`` bytes.
        case fileTooLarge(size: Int, limit: Int)
        /// The text is not JSON.
        case invalidJSON(JSONParseError)
        /// A member the format does not define.
        case unknownKey(String)
        /// A member the format requires is missing.
        case missingKey(String)
        /// A value of the wrong JSON type.
        case wrongType(expected: String, found: String)
        /// A fingerprint that is not 32 colon-separated hex bytes.
        case invalidFingerprint(String)
    }

    /// What is wrong.
    public let kind: Kind
    /// Where, as a JSON path; `(root)` for the whole file.
    public let path: String

    /// An error of `kind` at `path`.
    public init(_ kind: Kind, at path: String) {
        self.kind = kind
        self.path = path
    }

    /// The kind's name, as output names it: `unknownKey`, `invalidFingerprint`, ….
    public var kindName: String {
        switch kind {
        case .fileTooLarge: "fileTooLarge"
        case .invalidJSON: "invalidJSON"
        case .unknownKey: "unknownKey"
        case .missingKey: "missingKey"
        case .wrongType: "wrongType"
        case .invalidFingerprint: "invalidFingerprint"
        }
    }

    /// `[0].target: missing key "package_name"`.
    public var description: String {
        let problem =
            switch kind {
            case .fileTooLarge(let size, let limit):
                "the file is \(size) bytes, more than the \(limit) an assetlinks.json file may have"
            case .invalidJSON(let error): error.description
            case .unknownKey(let key): "unknown key \(DiagnosticText.quoted(key))"
            case .missingKey(let key): "missing key \(DiagnosticText.quoted(key))"
            case .wrongType(let expected, let found): "expected \(expected), found \(found)"
            case .invalidFingerprint(let value):
                "\(DiagnosticText.quoted(value)) is not a SHA-256 fingerprint: expected 32 bytes as hex pairs separated by \":\""
            }
        return "\(path): \(problem)"
    }
}
