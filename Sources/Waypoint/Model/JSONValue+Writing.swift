extension JSONValue {
    /// The value as compact JSON text, the same on every platform.
    ///
    /// - No whitespace between tokens.
    /// - Object keys are sorted by their UTF-8 bytes, which is Unicode scalar order, so the
    ///   same value always gives the same text.
    /// - Numbers as ECMAScript writes them: `3`, `3.5`, `0.1`, `1e+21`, `1e-7`; negative zero
    ///   as `0`. JSON cannot hold NaN or the infinities: such a number is written as `null`,
    ///   as `JSON.stringify` does. (``DeepLinkBuilder`` turns them into the strings `nan`,
    ///   `inf` and `-inf` before they reach the writer.)
    /// - Strings escape `"`, `\` and the control characters U+0000 to U+001F (`\n`, `\t`, …
    ///   where JSON has a short form, otherwise `\u001f`); everything else, `/` and non-ASCII
    ///   text included, is written as it is.
    ///
    /// - Complexity: O(*n* + *k* log *k*) for *n* characters of output and *k* keys in the
    ///   largest object.
    public var jsonString: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .string(let text):
            Self.writeString(text, to: &output)
        case .number(let number):
            output += NumberText.finite(number) ?? "null"
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .null:
            output += "null"
        case .array(let elements):
            output += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (offset, key) in keys.enumerated() {
                if offset > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                members[key]?.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text of the value, as ``jsonString`` writes it.
    public var description: String {
        jsonString
    }
}
