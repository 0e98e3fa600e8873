import Waypoint

extension String {
    /// The text in double quotes, with `"` and `\` escaped by a backslash and control
    /// characters written as escapes, so it reads unambiguously on one line of a message.
    var quoted: String {
        DiagnosticText.quoted(self)
    }
}
