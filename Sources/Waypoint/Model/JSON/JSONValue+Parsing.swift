extension JSONValue {
    /// How deeply arrays and objects may nest in text given to ``init(parsing:maximumDepth:)``
    /// by default.
    public static let defaultMaximumDepth = 512

    /// Parses JSON text strictly by RFC 8259.
    ///
    /// - The text is exactly one value, with optional whitespace (space, tab, line feed,
    ///   carriage return) around it; anything after it is an error. A byte order mark is
    ///   not whitespace.
    /// - Strings accept every RFC 8259 escape, `\/` and `\uXXXX` included; a surrogate pair
    ///   (`\uD83D\uDE00`) gives one character, and a lone surrogate is an error because a
    ///   Swift string cannot hold it.
    /// - Numbers follow the RFC's grammar (no `+1`, `01`, `.5`, `1.`, `NaN`) and become the
    ///   nearest `Double`; a number beyond the `Double` range is an error, one too small
    ///   becomes zero.
    /// - When an object repeats a key, the first value wins: `{"a":1,"a":2}` is `{"a":1}`,
    ///   as Foundation's `JSONDecoder` reads it, so a link's JSON field and a `JSONValue`
    ///   decoded through `JSONDecoder` agree.
    /// - The parser keeps its own stack instead of recursing, and arrays and objects may nest
    ///   at most `maximumDepth` levels, so hostile input cannot exhaust the call stack or
    ///   build unbounded nesting.
    ///
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - maximumDepth: The deepest nesting of arrays and objects accepted;
    ///     ``defaultMaximumDepth`` unless given.
    /// - Throws: ``JSONParseError``, naming the line and column of the first problem.
    /// - Complexity: O(*n*) in the length of `text`, plus dictionary insertion.
    public init(
        parsing text: String, maximumDepth: Int = JSONValue.defaultMaximumDepth
    )
        throws(JSONParseError)
    {
        var text = text
        let result = text.withUTF8 { bytes in
            var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
            return parser.parseDocument()
        }
        self = try result.get()
    }
}
