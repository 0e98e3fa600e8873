import Waypoint

extension String {
    /// The text in double quotes as written, with control characters written as escapes
    /// so it stays on one line: routes read as the user wrote them (`"/products/:id(\d+)"`,
    /// not `"/products/:id(\\d+)"`). JSON output is escaped by the JSON writer instead.
    var quoted: String {
        DiagnosticText.quotedAsWritten(self)
    }
}

extension RouteError {
    /// ``description`` with the route as written, for the command line's messages.
    var message: String {
        description(quoting: DiagnosticText.quotedAsWritten)
    }
}
