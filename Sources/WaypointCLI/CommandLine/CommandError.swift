import Waypoint

/// A problem that stops a command with ``ExitStatus/usageError``: bad usage, an unreadable
/// file, bad JSON, a route that does not compile.
///
/// It is printed as one line on standard error. A problem found at a place in a file names
/// that place first (`routes.txt:3:4: …`, as compilers do, so editors can jump to it); any
/// other problem is prefixed with the command (`waypoint match: …`).
struct CommandError: Error, Sendable, Hashable {
    /// Where the problem is, such as `routes.txt:3:4` or `table.json`; nil for usage errors.
    let location: String?
    /// The problem, on one line.
    let message: String

    init(_ message: String, at location: String? = nil) {
        self.location = location
        self.message = message
    }

    /// The line printed on standard error, for the command named `command`.
    func line(command: String?) -> String {
        let text = Self.oneLine(message)
        if let location { return "\(Self.oneLine(location)): \(text)" }
        return "waypoint" + (command.map { " \($0)" } ?? "") + ": " + text
    }

    /// `text` with line breaks and other control characters escaped, so a message built
    /// from user input stays on one line.
    static func oneLine(_ text: String) -> String {
        DiagnosticText.oneLine(text)
    }
}
