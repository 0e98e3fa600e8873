extension JSONValue {
    /// The value as compact JSON text, the same on every platform.
    ///
    /// - No whitespace between tokens.
    /// - Object keys are sorted by their UTF-8 bytes, which is Unicode scalar order, so the
    ///   same value always gives the same text.
    /// - Numbers as ECMAScript writes them: `3`, `3.5`, `0.1`, `1e+21`, `1e-7`; negative zero
    ///   as `0`. JSON cannot hold NaN or the infinities: such a number is written as `null`,
    ///   as `JSON.stringify` does. (`DeepLinkBuilder` turns them into the strings `nan`,
    ///   `inf` and `-inf` before they reach the writer.)
    /// - Strings escape `"`, `\` and the control characters U+0000 to U+001F (`\n`, `\t`, …
    ///   where JSON has a short form, otherwise `\u001f`); everything else, `/` and non-ASCII
    ///   text included, is written as it is.
    ///
    /// - Complexity: O(*n* + *k* log *k*) for *n* characters of output and *k* keys in the
    ///   largest object.
    ///   The writer keeps its own stack instead of recursing, so a value nested however deeply
    ///   (built in code, beyond what the parser accepts) is written on any thread.
    public var jsonString: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// A container being written: what is left of it.
    private enum WriteFrame {
        case array(ArraySlice<JSONValue>)
        case object([String: JSONValue], ArraySlice<String>)
    }

    private func write(to output: inout String) {
        var stack: [WriteFrame] = []
        var next: JSONValue? = self
        while true {
            if let value = next {
                next = nil
                switch value {
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
                    stack.append(.array(elements[...]))
                case .object(let members):
                    output += "{"
                    let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                    stack.append(.object(members, keys[...]))
                }
            }
            // Take the next member of the innermost container, or close it.
            guard let frame = stack.popLast() else { return }
            switch frame {
            case .array(var rest):
                // The slices start at 0: a member after the first is preceded by a comma.
                let isFirst = rest.startIndex == 0
                guard let element = rest.popFirst() else {
                    output += "]"
                    continue
                }
                if !isFirst { output += "," }
                stack.append(.array(rest))
                next = element
            case .object(let members, var keys):
                let isFirst = keys.startIndex == 0
                guard let key = keys.popFirst() else {
                    output += "}"
                    continue
                }
                if !isFirst { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                stack.append(.object(members, keys))
                next = members[key] ?? .null
            }
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
