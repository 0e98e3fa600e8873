import WaypointTables

/// Reads a table file: one table object, or a JSON array of table objects (Documentation/spec/tables.md).
enum TableFile {
    /// The tables of the file at `path`, in file order.
    ///
    /// - Throws: ``CommandError`` when the file cannot be read, is not JSON (naming the line
    ///   and column), or is not a table or an array of tables.
    static func load(_ path: String) throws(CommandError) -> [PatternTable] {
        let text = try TextFile.read(path)
        let path = TextFile.displayName(path)
        do {
            return try PatternTable.tables(parsing: text, file: path)
        } catch {
            throw CommandError(error.message, at: path)
        }
    }
}
