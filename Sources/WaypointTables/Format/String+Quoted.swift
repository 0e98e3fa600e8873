import Waypoint

extension String {
    /// The text in double quotes as written, control characters escaped, as the `waypoint`
    /// command line quotes names in its messages (its own `quoted` is internal to it).
    var quoted: String {
        DiagnosticText.quotedAsWritten(self)
    }
}

extension RouteError {
    /// ``description`` with the route as written, as the command line words it.
    var message: String {
        description(quoting: DiagnosticText.quotedAsWritten)
    }
}
