/// A problem with a table's content that keeps it from running, such as a case without an
/// `input` or an unknown expectation key. It is reported with the table's file and label
/// (exit status 2); the other tables still run.
package struct TableError: Error, Sendable, Hashable {
    /// The problem, such as `case 3: "input" must be a string`.
    package let message: String
    /// For text that is not JSON, the 1-based line of the problem (the message names it too).
    package let line: Int?
    /// For text that is not JSON, the 1-based column of the problem.
    package let column: Int?

    package init(_ message: String, line: Int? = nil, column: Int? = nil) {
        self.message = message
        self.line = line
        self.column = column
    }
}
