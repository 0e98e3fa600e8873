/// The lines where the values of a JSON document start, for tools that point at a value in
/// a file they read, as compilers point at a line: `waypoint build-check` reports a failing
/// table case at the line of its object.
///
/// Made by ``JSONValue/parsingWithLines(_:recordingDepth:maximumDepth:)``, which records
/// the values down to a depth only, so a large document does not cost a line per value.
package struct JSONLineMap: Sendable {
    /// One step from a container to one of its values.
    package enum Step: Sendable, Hashable {
        /// The member named by the key.
        case key(String)
        /// The element at the 0-based index.
        case index(Int)
    }

    /// The 1-based line of each recorded value, by its path from the root (`[]`).
    private var lines: [[Step]: Int] = [:]

    package init() {}

    /// The 1-based line where the value at `path` starts (its first character), or nil when
    /// the document has no such value or it is deeper than the recording depth.
    package func line(at path: [Step]) -> Int? {
        lines[path]
    }

    /// Records that the value at `path` starts on `line`.
    mutating func record(_ path: [Step], line: Int) {
        lines[path] = line
    }
}

extension JSONValue {
    /// Parses JSON text as ``init(parsing:maximumDepth:)`` does, and records the line where
    /// each value down to `recordingDepth` levels of nesting starts (the root is at depth 0,
    /// its members or elements at depth 1).
    ///
    /// - Throws: ``JSONParseError``, as ``init(parsing:maximumDepth:)`` does.
    /// - Complexity: O(*n*) in the length of `text`, plus one dictionary insertion per
    ///   recorded value.
    package static func parsingWithLines(
        _ text: String, recordingDepth: Int, maximumDepth: Int = JSONValue.defaultMaximumDepth
    ) throws(JSONParseError) -> (value: JSONValue, lines: JSONLineMap) {
        var text = text
        let (result, lines) = text.withUTF8 { bytes in
            var parser = JSONParser(
                bytes: bytes, maximumDepth: maximumDepth, recordingDepth: max(recordingDepth, 0))
            let result = parser.parseDocument()
            return (result, parser.lines)
        }
        return (try result.get(), lines)
    }
}
