import Waypoint

/// A finding of `waypoint build-check`, printed the way compilers print theirs so that
/// SwiftPM and Xcode show it at its file and line:
///
/// ```
/// Sources/App/App.routes:2:14: error: unbalanced bracket in route "/x/:id([0-9]+" at column 14: "(" is never closed [invalidRoute]
/// Sources/App/App.routes:5:1: warning: "/wallet" repeats line 4; registering it again only replaces the handler [duplicate]
/// ```
///
/// The bracketed tag names the kind of finding (a lint kind such as `duplicate`, an
/// association-file kind, or one of build-check's own), as compilers name a warning's flag.
struct BuildDiagnostic: Sendable, Hashable {
    /// How bad it is: an error fails the build, a warning does not.
    enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    /// The file, as given on the command line.
    let file: String
    /// The 1-based line, when the finding has one.
    let line: Int?
    /// The 1-based column, in Unicode scalars, when it means something.
    let column: Int?
    let severity: Severity
    /// The finding, as a sentence.
    let message: String
    /// The kind of finding, such as `invalidRoute` or `duplicateName`.
    let kind: String

    init(
        _ severity: Severity, _ kind: String, file: String, line: Int? = nil, column: Int? = nil,
        message: String
    ) {
        self.severity = severity
        self.kind = kind
        self.file = file
        self.line = line
        self.column = line == nil ? nil : column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: SEVERITY: MESSAGE [KIND]`, on one line (`FILE:LINE:` without a
    /// column, `FILE:` without a line).
    var text: String {
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return CommandError.oneLine("\(location): \(severity.rawValue): \(message) [\(kind)]")
    }

    /// The diagnostic as a JSON object: file, line, column (null when absent), severity,
    /// kind and message.
    var json: JSONValue {
        .object([
            "file": .string(file), "line": line.map { .number(Double($0)) } ?? .null,
            "column": column.map { .number(Double($0)) } ?? .null, "severity": .string(severity.rawValue),
            "kind": .string(kind), "message": .string(message),
        ])
    }

    /// The error of a routes file at `path` that cannot be read (`unreadableFile`): at the
    /// file, or at the line and column of a NUL byte.
    init(unreadable path: String, _ error: RoutesFile.ReadError) {
        switch error {
        case .unreadable(let error):
            self.init(.error, "unreadableFile", file: TextFile.displayName(path), message: error.message)
        case .nulByte(let file, let line, let column):
            self.init(
                .error, "unreadableFile", file: file, line: line, column: column,
                message: RoutesFile.ReadError.nulByteMessage)
        }
    }

    /// `diagnostics` ordered by line, keeping the order of those on one line (and of those
    /// without a line, which come first).
    static func byLine(_ diagnostics: [BuildDiagnostic]) -> [BuildDiagnostic] {
        diagnostics.enumerated().sorted {
            ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset)
        }
        .map(\.element)
    }
}
