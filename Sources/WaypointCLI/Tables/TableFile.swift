import Waypoint

/// Reads a table file: one table object, or a JSON array of table objects (Documentation/spec/tables.md).
enum TableFile {
    /// The tables of the file at `path`, in file order.
    ///
    /// - Throws: ``CommandError`` when the file cannot be read, is not JSON (naming the line
    ///   and column), or is not a table or an array of tables.
    static func load(_ path: String) throws(CommandError) -> [PatternTable] {
        let text = try TextFile.read(path)
        let path = TextFile.displayName(path)
        let document: JSONValue
        do {
            document = try JSONValue(parsing: text)
        } catch {
            throw CommandError(error.description, at: path)
        }
        let objects: [JSONValue]
        switch document {
        case .object: objects = [document]
        case .array(let elements): objects = elements
        default: throw CommandError("expected a table object or an array of tables", at: path)
        }
        guard !objects.isEmpty else { throw CommandError("the file holds no tables", at: path) }
        var tables: [PatternTable] = []
        for (offset, object) in objects.enumerated() {
            guard let members = object.objectValue else {
                throw CommandError("table \(offset + 1) is not a JSON object", at: path)
            }
            let table = PatternTable(file: path, index: offset + 1, members: members)
            for key in ["description", "adapter"]
            where members[key] != nil && members[key]?.stringValue == nil {
                throw CommandError("table \(offset + 1): \(key.quoted) must be a string", at: path)
            }
            tables.append(table)
        }
        return tables
    }
}
