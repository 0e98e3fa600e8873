/// A problem with a table's content that keeps it from running, such as a case without an
/// `input` or an unknown expectation key. It is reported with the table's file and label
/// (exit status 2); the other tables still run.
package struct TableError: Error, Sendable, Hashable {
    /// The problem, such as `case 3: "input" must be a string`.
    package let message: String

    package init(_ message: String) {
        self.message = message
    }
}
