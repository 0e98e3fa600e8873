import Waypoint

extension PatternTable {
    /// The tables of a table file's text (Documentation/spec/tables.md): one table object, or
    /// a JSON array of table objects, in file order, after a UTF-8 byte order mark if any.
    ///
    /// - Parameters:
    ///   - text: The file's content.
    ///   - file: How the tables and messages name the file.
    ///   - recordingLines: Whether to record where the tables' parts are, for
    ///     ``PatternTable/line(at:)``.
    /// - Throws: ``TableError`` when the text is not JSON (naming the line and column), is not
    ///   a table or a non-empty array of tables, or a table's `description` or `adapter` is
    ///   not a string.
    package static func tables(
        parsing text: String, file: String, recordingLines: Bool = false
    ) throws(TableError) -> [PatternTable] {
        // A UTF-8 byte order mark is skipped, as routes files skip it (tables.md).
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        let document: JSONValue
        var lines: JSONLineMap?
        do {
            if recordingLines {
                // Deep enough for a case's or route's line in an array of tables
                // ([table].cases[case]), and for a finding or a rule of an `aasa` member.
                (document, lines) = try JSONValue.parsingWithLines(text, recordingDepth: Self.recordedDepth)
            } else {
                document = try JSONValue(parsing: text)
            }
        } catch {
            throw TableError(error.description, line: error.line, column: error.column)
        }
        let objects: [JSONValue]
        let isArray: Bool
        switch document {
        case .object: (objects, isArray) = ([document], false)
        case .array(let elements): (objects, isArray) = (elements, true)
        default: throw TableError("expected a table object or an array of tables")
        }
        guard !objects.isEmpty else { throw TableError("the file holds no tables") }
        var tables: [PatternTable] = []
        for (offset, object) in objects.enumerated() {
            guard let members = object.objectValue else {
                throw TableError("table \(offset + 1) is not a JSON object")
            }
            let table = PatternTable(
                file: file, index: offset + 1, members: members,
                lines: lines.map { ($0, isArray ? [.index(offset)] : []) })
            for key in ["description", "adapter"]
            where members[key] != nil && members[key]?.stringValue == nil {
                throw TableError("table \(offset + 1): \(key.quoted) must be a string")
            }
            tables.append(table)
        }
        return tables
    }

    /// How deep ``tables(parsing:file:recordingLines:)`` records lines: an inline `aasa`
    /// rule of a table in an array, `[t].aasa.applinks.details[d].components[c]`, is 7 deep.
    static let recordedDepth = 7
}
