import WaypointTables

extension PatternTable {
    /// The error for a problem with this table's content, naming the table and its file.
    func error(_ problem: TableError) -> CommandError {
        CommandError("\(label): \(problem.message)", at: file)
    }
}
