import Waypoint

/// One pattern table of a table file (Documentation/spec/tables.md), read but not yet run.
package struct PatternTable: Sendable {
    /// The file it was read from, as given.
    package let file: String
    /// Its 1-based position in the file (1 for a file that holds a single table).
    package let index: Int
    /// The table's JSON object.
    package let members: [String: JSONValue]
    /// Where the file's values are, and the path of this table among them, when the file
    /// was read recording lines.
    private let lines: (map: JSONLineMap, root: [JSONLineMap.Step])?

    package init(
        file: String, index: Int, members: [String: JSONValue],
        lines: (map: JSONLineMap, root: [JSONLineMap.Step])? = nil
    ) {
        self.file = file
        self.index = index
        self.members = members
        self.lines = lines
    }

    /// The 1-based line in the file where the value at `path` of this table starts (`[]`
    /// for the table itself, `[.key("cases"), .index(0)]` for its first case); nil when the
    /// file was read without recording lines, or the table has no such value.
    package func line(at path: [JSONLineMap.Step]) -> Int? {
        guard let lines else { return nil }
        return lines.map.line(at: lines.root + path)
    }

    /// The table's `description`, when it has one.
    package var description: String? {
        members["description"]?.stringValue
    }

    /// The table's `adapter`; `router` when absent.
    package var adapter: String {
        members["adapter"]?.stringValue ?? "router"
    }

    /// How messages name the table: `table 2 "what it pins down"`, the description cut
    /// after 60 characters so a message stays readable.
    package var label: String {
        guard let description else { return "table \(index)" }
        let shown = description.count > 60 ? description.prefix(60) + "…" : description
        return "table \(index) \(String(shown).quoted)"
    }

    /// The members every table may have (Documentation/spec/tables.md); an adapter adds its own.
    package static let commonKeys: Set<String> = ["description", "adapter", "options", "cases"]

    /// The members every case may have: `source` is a note on where the case comes from.
    package static let commonCaseKeys: Set<String> = ["name", "input", "expect", "source"]

    /// Checks that the table has no member but `commonKeys` and `extra`.
    ///
    /// - Throws: ``TableError`` naming the first unknown member, with the closest known one:
    ///   a misspelt key would otherwise pass silently or be reported as a missing one.
    package func checkKeys(extra: Set<String>) throws(TableError) {
        let known = Self.commonKeys.union(extra)
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw TableError("unknown key \(unknown.quoted)\(Suggestion.phrase(for: unknown, in: known))")
        }
    }

    /// The table's `options` object (empty when absent), checked against the option names
    /// an adapter knows, each with the JSON type it must have.
    ///
    /// - Throws: ``TableError`` for an unknown option or a value of the wrong type: an
    ///   option the adapter would ignore must not pass silently.
    package func options(allowed: [String: JSONType]) throws(TableError) -> [String: JSONValue] {
        guard let value = members["options"] else { return [:] }
        guard let options = value.objectValue else { throw TableError("\"options\" must be an object") }
        for (name, value) in options.sorted(by: { $0.key < $1.key }) {
            guard let type = allowed[name] else {
                if allowed.isEmpty {
                    throw TableError("unknown option \(name.quoted): \(adapter) tables take no options")
                }
                let known = allowed.keys.sorted().joined(separator: ", ")
                let hint = Suggestion.phrase(for: name, in: allowed.keys)
                throw TableError("unknown option \(name.quoted)\(hint) (known: \(known))")
            }
            guard type.matches(value) else {
                throw TableError("option \(name.quoted) must be \(type.phrase)")
            }
        }
        return options
    }

    /// The table's `cases`, with their expectations checked against the keys an adapter
    /// compares and the JSON types of their values.
    ///
    /// - Parameter expectationTypes: the type each value of an expectation key must have
    ///   when it is not `null` (which means "absent"); a key it does not list takes any
    ///   value.
    /// - Throws: ``TableError`` when `cases` is not a non-empty array of objects with a
    ///   string `input` and a non-empty object `expect`, a case has a member that is neither
    ///   common (``commonCaseKeys``) nor one of `caseKeys`, an expectation names a key the
    ///   adapter does not compare (each of these would pass whatever happened), or gives a
    ///   key a value of another type, which no actual value can equal: the case would fail
    ///   whatever happened, as if the adapter were wrong rather than the table.
    package func cases(
        expectationKeys: Set<String>, expectationTypes: [String: JSONType] = [:], caseKeys: Set<String> = []
    ) throws(TableError) -> [TableCase] {
        guard let list = members["cases"]?.arrayValue else { throw TableError("\"cases\" must be an array") }
        guard !list.isEmpty else { throw TableError("\"cases\" is empty, so the table checks nothing") }
        let knownCaseKeys = Self.commonCaseKeys.union(caseKeys)
        var cases: [TableCase] = []
        for (offset, item) in list.enumerated() {
            let number = offset + 1
            guard let object = item.objectValue else { throw TableError("case \(number) must be an object") }
            if let unknown = object.keys.sorted().first(where: { !knownCaseKeys.contains($0) }) {
                throw TableError(
                    "case \(number): unknown key \(unknown.quoted)\(Suggestion.phrase(for: unknown, in: knownCaseKeys))"
                )
            }
            if let name = object["name"], name.stringValue == nil {
                throw TableError("case \(number): \"name\" must be a string")
            }
            guard let input = object["input"]?.stringValue else {
                throw TableError("case \(number): \"input\" must be a string")
            }
            guard let expect = object["expect"]?.objectValue else {
                throw TableError("case \(number): \"expect\" must be an object")
            }
            guard !expect.isEmpty else {
                throw TableError("case \(number): \"expect\" is empty, so the case checks nothing")
            }
            if let unknown = expect.keys.sorted().first(where: { !expectationKeys.contains($0) }) {
                let known = expectationKeys.sorted().joined(separator: ", ")
                let hint = Suggestion.phrase(for: unknown, in: expectationKeys)
                throw TableError(
                    "case \(number): unknown expectation key \(unknown.quoted)\(hint) (known: \(known))")
            }
            for (key, value) in expect.sorted(by: { $0.key < $1.key }) {
                guard let type = expectationTypes[key], value != .null, !type.matches(value) else { continue }
                let named = object["name"]?.stringValue.map { " \($0.quoted)" } ?? ""
                throw TableError(
                    "case \(number)\(named): expectation \(key.quoted) must be \(type.phrase) or null")
            }
            cases.append(
                TableCase(
                    number: number, name: object["name"]?.stringValue ?? "case \(number)", input: input,
                    expect: expect, members: object))
        }
        return cases
    }
}
