import Waypoint

/// Why an `AndroidManifest.xml` could not be read, and where.
public struct AndroidManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// The file is larger than ``AndroidManifest/maximumSize`` bytes.
        case fileTooLarge(size: Int, limit: Int)
        /// The XML parser stopped: the text is not well-formed XML.
        case notXML(String)
        /// The file has a document type declaration, which could declare entities; manifests
        /// have none.
        case documentTypeDeclaration
        /// Elements nest deeper than ``AndroidManifest/maximumDepth``.
        case tooDeep(limit: Int)
        /// The root element is not `<manifest>`.
        case notAManifest(root: String)
        /// A path attribute Android refuses as well.
        case invalidPattern(AndroidPatternError)
    }

    /// What is wrong.
    public let kind: Kind
    /// The 1-based line of the problem; 0 for the whole file.
    public let line: Int

    /// An error of `kind` at `line`.
    public init(_ kind: Kind, line: Int) {
        self.kind = kind
        self.line = line
    }

    /// The kind's name, as output names it: `notXML`, `invalidPattern`, ….
    public var kindName: String {
        switch kind {
        case .fileTooLarge: "fileTooLarge"
        case .notXML: "notXML"
        case .documentTypeDeclaration: "documentTypeDeclaration"
        case .tooDeep: "tooDeep"
        case .notAManifest: "notAManifest"
        case .invalidPattern: "invalidPattern"
        }
    }

    /// `line 12: …`, or the problem alone for the whole file.
    public var description: String {
        let problem =
            switch kind {
            case .fileTooLarge(let size, let limit):
                "the file is \(size) bytes, more than the \(limit) a manifest may have"
            case .notXML(let message):
                "not well-formed XML: \(message)"
            case .documentTypeDeclaration:
                "a document type declaration (<!DOCTYPE …>) is not read: it could declare entities, and manifests have none"
            case .tooDeep(let limit):
                "elements nest more than \(limit) levels deep"
            case .notAManifest(let root):
                "the root element is <\(root)>, not <manifest>"
            case .invalidPattern(let error):
                "Android refuses the pattern \(error)"
            }
        return line > 0 ? "line \(line): \(problem)" : problem
    }
}
