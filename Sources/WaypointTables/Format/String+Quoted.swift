import Waypoint

extension String {
    /// The text in double quotes as written, with control characters written as escapes
    /// so it stays on one line: routes read as the user wrote them (`"/products/:id(\d+)"`,
    /// not `"/products/:id(\\d+)"`). The `waypoint` command line and the table runners quote
    /// names in their messages with it; JSON output is escaped by the JSON writer instead.
    package var quoted: String {
        DiagnosticText.quotedAsWritten(self)
    }
}

extension RouteError {
    /// ``description`` with the route as written, as the command line words it.
    package var message: String {
        description(quoting: DiagnosticText.quotedAsWritten)
    }
}
