import Waypoint

extension PatternTable {
    /// The tables of a table file's text (Documentation/spec/tables.md): one table object, or
    /// a JSON array of table objects, in file order.
    ///
    /// - Parameters:
    ///   - text: The file's content.
    ///   - file: How the tables and messages name the file.
    /// - Throws: ``TableError`` when the text is not JSON (naming the line and column), is not
    ///   a table or a non-empty array of tables, or a table's `description` or `adapter` is
    ///   not a string.
    package static func tables(parsing text: String, file: String) throws(TableError) -> [PatternTable] {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: text)
        } catch {
            throw TableError(error.description)
        }
        let objects: [JSONValue]
        switch document {
        case .object: objects = [document]
        case .array(let elements): objects = elements
        default: throw TableError("expected a table object or an array of tables")
        }
        guard !objects.isEmpty else { throw TableError("the file holds no tables") }
        var tables: [PatternTable] = []
        for (offset, object) in objects.enumerated() {
            guard let members = object.objectValue else {
                throw TableError("table \(offset + 1) is not a JSON object")
            }
            let table = PatternTable(file: file, index: offset + 1, members: members)
            for key in ["description", "adapter"]
            where members[key] != nil && members[key]?.stringValue == nil {
                throw TableError("table \(offset + 1): \(key.quoted) must be a string")
            }
            tables.append(table)
        }
        return tables
    }
}
