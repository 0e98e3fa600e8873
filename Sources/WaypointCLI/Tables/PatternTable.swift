import Waypoint

/// One pattern table of a table file (tables.md), read but not yet run.
struct PatternTable: Sendable {
    /// The file it was read from, as given.
    let file: String
    /// Its 1-based position in the file (1 for a file that holds a single table).
    let index: Int
    /// The table's JSON object.
    let members: [String: JSONValue]

    /// The table's `description`, when it has one.
    var description: String? {
        members["description"]?.stringValue
    }

    /// The table's `adapter`; `router` when absent.
    var adapter: String {
        members["adapter"]?.stringValue ?? "router"
    }

    /// How messages name the table: `table 2 "what it pins down"`, the description cut
    /// after 60 characters so a message stays readable.
    var label: String {
        guard let description else { return "table \(index)" }
        let shown = description.count > 60 ? description.prefix(60) + "…" : description
        return "table \(index) \(String(shown).quoted)"
    }

    /// The error for a problem with this table's content.
    func error(_ problem: TableError) -> CommandError {
        CommandError("\(label): \(problem.message)", at: file)
    }

    /// The table's `options` object (empty when absent), checked against the option names
    /// an adapter knows, each with the JSON type it must have.
    ///
    /// - Throws: ``TableError`` for an unknown option or a value of the wrong type: an
    ///   option the adapter would ignore must not pass silently.
    func options(allowed: [String: JSONType]) throws(TableError) -> [String: JSONValue] {
        guard let value = members["options"] else { return [:] }
        guard let options = value.objectValue else { throw TableError("\"options\" must be an object") }
        for (name, value) in options.sorted(by: { $0.key < $1.key }) {
            guard let type = allowed[name] else {
                if allowed.isEmpty {
                    throw TableError("unknown option \(name.quoted): \(adapter) tables take no options")
                }
                let known = allowed.keys.sorted().joined(separator: ", ")
                throw TableError("unknown option \(name.quoted) (known: \(known))")
            }
            guard type.matches(value) else {
                throw TableError("option \(name.quoted) must be \(type.phrase)")
            }
        }
        return options
    }

    /// The table's `cases`, with their expectations checked against the keys an adapter
    /// compares.
    ///
    /// - Throws: ``TableError`` when `cases` is not an array of objects with a string
    ///   `input` and an object `expect`, or an expectation names a key the adapter does not
    ///   compare (it would pass whatever happened). Other members of a case, such as a
    ///   `source` note, are the adapter's or a comment.
    func cases(expectationKeys: Set<String>) throws(TableError) -> [TableCase] {
        guard let list = members["cases"]?.arrayValue else { throw TableError("\"cases\" must be an array") }
        var cases: [TableCase] = []
        for (offset, item) in list.enumerated() {
            let number = offset + 1
            guard let object = item.objectValue else { throw TableError("case \(number) must be an object") }
            if let name = object["name"], name.stringValue == nil {
                throw TableError("case \(number): \"name\" must be a string")
            }
            guard let input = object["input"]?.stringValue else {
                throw TableError("case \(number): \"input\" must be a string")
            }
            guard let expect = object["expect"]?.objectValue else {
                throw TableError("case \(number): \"expect\" must be an object")
            }
            if let unknown = expect.keys.sorted().first(where: { !expectationKeys.contains($0) }) {
                let known = expectationKeys.sorted().joined(separator: ", ")
                throw TableError(
                    "case \(number): unknown expectation key \(unknown.quoted) (known: \(known))")
            }
            cases.append(
                TableCase(
                    number: number, name: object["name"]?.stringValue ?? "case \(number)", input: input,
                    expect: expect, members: object))
        }
        return cases
    }
}
