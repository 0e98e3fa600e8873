import Waypoint

/// Fuzz target `json`: text given to ``JSONValue/init(parsing:maximumDepth:)``.
///
/// Input: the text's bytes decoded as UTF-8.
///
/// Invariants:
/// - Parsing either gives a value nested at most ``JSONValue/defaultMaximumDepth`` deep, or
///   throws a ``JSONParseError`` at line and column 1 or more; the same text gives the same
///   outcome again.
/// - A parsed value is written as JSON that parses back to an equal value and is written
///   the same way again.
/// - With a maximum depth of 4, the value parses the same when it is at most 4 deep, and
///   fails with `nestingTooDeep` (limit 4) otherwise.
public enum JSONCheck {
    /// Checks one fuzz input.
    public static func check(_ data: [UInt8]) throws(FuzzViolation) {
        let text = String(decoding: data, as: UTF8.self)
        let input = Quoted(text)
        let first = Result { () throws(JSONParseError) in try JSONValue(parsing: text) }
        let second = Result { () throws(JSONParseError) in try JSONValue(parsing: text) }
        try require(first == second, "parsing is deterministic", input)
        let shallow = Result { () throws(JSONParseError) in try JSONValue(parsing: text, maximumDepth: 4) }
        switch first {
        case .failure(let error):
            try require(error.line >= 1 && error.column >= 1, "an error has a position", "\(input): \(error)")
            try require(!error.description.isEmpty, "an error describes itself", input)
            if case .nestingTooDeep(let limit, _, _) = error {
                try require(limit == JSONValue.defaultMaximumDepth, "the default depth applies", input)
            }
        case .success(let value):
            let depth = Self.depth(value)
            try require(
                depth <= JSONValue.defaultMaximumDepth, "values nest at most the default depth", input)
            try checkRoundTrip(value, source: text)
            if depth <= 4 {
                try require(shallow == first, "a shallow value parses under a small depth limit", input)
            } else if case .failure(.nestingTooDeep(4, _, _)) = shallow {
            } else {
                throw FuzzViolation("a deep value fails under a small depth limit", "\(input): \(shallow)")
            }
        }
    }

    /// `value` is written as JSON that parses back equal and is written the same again.
    static func checkRoundTrip(_ value: JSONValue, source: String) throws(FuzzViolation) {
        let written = value.jsonString
        guard let parsed = try? JSONValue(parsing: written) else {
            throw FuzzViolation("written JSON parses", "\(quoted(source)) written as \(quoted(written))")
        }
        try require(
            parsed == value && parsed.jsonString == written, "written JSON parses back equal",
            "\(quoted(source)) written as \(quoted(written))")
    }

    /// How deeply arrays and objects nest in `value` (0 for a scalar), found without recursion.
    static func depth(_ value: JSONValue) -> Int {
        var deepest = 0
        var pending: [(JSONValue, Int)] = [(value, 0)]
        while let (current, level) = pending.popLast() {
            switch current {
            case .array(let elements):
                deepest = max(deepest, level + 1)
                pending += elements.map { ($0, level + 1) }
            case .object(let members):
                deepest = max(deepest, level + 1)
                pending += members.values.map { ($0, level + 1) }
            case .string, .number, .bool, .null:
                break
            }
        }
        return deepest
    }
}
