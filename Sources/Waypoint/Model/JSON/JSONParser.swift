/// The RFC 8259 parser behind ``JSONValue/init(parsing:maximumDepth:)``: one pass over the
/// UTF-8 bytes, with an explicit stack of open arrays and objects instead of recursion.
struct JSONParser {
    /// An open array or object: where its elements (and, for objects, keys) start on the
    /// shared value and key stacks.
    private enum Frame {
        case array(valueStart: Int)
        case object(valueStart: Int, keyStart: Int)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private var index = 0

    /// How deep values have their lines recorded in ``lines``; 0 records nothing (the
    /// parser then does no more than one comparison per value for it).
    private let recordingDepth: Int
    /// The lines of the values recorded so far.
    private(set) var lines = JSONLineMap()
    /// While recording: the step to each open container but the root, outermost first.
    private var containerSteps: [JSONLineMap.Step] = []
    /// While recording: a byte offset already counted and its 1-based line, so lines are
    /// counted in one pass however many values are recorded.
    private var counted = (offset: 0, line: 1)

    /// A parser over valid UTF-8 `bytes`, such as a Swift string's, that records the lines
    /// of values down to `recordingDepth` (0: none).
    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, recordingDepth: Int = 0) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.recordingDepth = recordingDepth
    }

    /// Parses the whole input as one JSON value.
    mutating func parseDocument() -> Result<JSONValue, JSONParseError> {
        do {
            return .success(try parse())
        } catch {
            return .failure(error)
        }
    }

    private mutating func parse() throws(JSONParseError) -> JSONValue {
        var frames: [Frame] = []
        var values: [JSONValue] = []
        var keys: [String] = []

        nextValue: while true {
            skipWhitespace()
            guard index < bytes.count else { throw endOfInput(expected: "a value") }
            let step = recordingDepth > 0 ? record(in: frames.last, values: values.count, keys: keys) : nil
            var value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "{"):
                if try openContainer(depth: frames.count, closedBy: UInt8(ascii: "}")) {
                    value = .object([:])
                } else {
                    keys.append(try parseKey(expected: "a string or \"}\""))
                    if let step { containerSteps.append(step) }
                    frames.append(.object(valueStart: values.count, keyStart: keys.count - 1))
                    continue nextValue
                }
            case UInt8(ascii: "["):
                if try openContainer(depth: frames.count, closedBy: UInt8(ascii: "]")) {
                    value = .array([])
                } else {
                    if let step { containerSteps.append(step) }
                    frames.append(.array(valueStart: values.count))
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                value = try parseLiteral()
            default:
                throw unexpectedCharacter(expected: "a value")
            }

            // `value` is complete: add it to the innermost open container, closing containers
            // for as long as their closing bracket follows.
            while let frame = frames.last {
                values.append(value)
                skipWhitespace()
                switch frame {
                case .array(let valueStart):
                    guard index < bytes.count else { throw endOfInput(expected: "\",\" or \"]\"") }
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        continue nextValue
                    case UInt8(ascii: "]"):
                        index += 1
                        value = .array(Array(values[valueStart...]))
                        values.removeSubrange(valueStart...)
                        frames.removeLast()
                        if recordingDepth > 0 && !frames.isEmpty { containerSteps.removeLast() }
                    default:
                        throw unexpectedCharacter(expected: "\",\" or \"]\"")
                    }
                case .object(let valueStart, let keyStart):
                    guard index < bytes.count else { throw endOfInput(expected: "\",\" or \"}\"") }
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        keys.append(try parseKey(expected: "a string"))
                        continue nextValue
                    case UInt8(ascii: "}"):
                        index += 1
                        var members: [String: JSONValue] = [:]
                        members.reserveCapacity(values.count - valueStart)
                        // A repeated key keeps its first value, as JSONDecoder reads it.
                        for (key, member) in zip(keys[keyStart...], values[valueStart...])
                        where members[key] == nil {
                            members[key] = member
                        }
                        value = .object(members)
                        values.removeSubrange(valueStart...)
                        keys.removeSubrange(keyStart...)
                        frames.removeLast()
                        if recordingDepth > 0 && !frames.isEmpty { containerSteps.removeLast() }
                    default:
                        throw unexpectedCharacter(expected: "\",\" or \"}\"")
                    }
                }
            }
            skipWhitespace()
            guard index == bytes.count else { throw unexpectedCharacter(expected: "end of input") }
            return value
        }
    }

    // MARK: - Lines

    /// Records the line of the value starting at `index`, inside `frame` (nil for the
    /// root) that holds `values` values so far and whose last key is the last of `keys`,
    /// when it is no deeper than ``recordingDepth``; returns its step from its container
    /// (nil for the root), which a container keeps while it is open.
    private mutating func record(in frame: Frame?, values: Int, keys: [String]) -> JSONLineMap.Step? {
        let step: JSONLineMap.Step? =
            switch frame {
            case nil: nil
            case .array(let valueStart): .index(values - valueStart)
            case .object: keys.last.map(JSONLineMap.Step.key)
            }
        let depth = containerSteps.count + (step == nil ? 0 : 1)
        if depth <= recordingDepth {
            counted.line += bytes[counted.offset..<index].count(where: { $0 == UInt8(ascii: "\n") })
            counted.offset = index
            lines.record(containerSteps + (step.map { [$0] } ?? []), line: counted.line)
        }
        return step
    }

    // MARK: - Tokens

    /// Steps over the `{` or `[` at `index`, opened inside `depth` others, and the white
    /// space after it; when `close` follows at once, steps over it too and returns true (an
    /// empty container).
    private mutating func openContainer(depth: Int, closedBy close: UInt8) throws(JSONParseError) -> Bool {
        guard depth < maximumDepth else {
            throw .nestingTooDeep(limit: maximumDepth, line: line(at: index), column: column(at: index))
        }
        index += 1
        skipWhitespace()
        guard index < bytes.count && bytes[index] == close else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
            default:
                return
            }
        }
    }

    /// Parses `"key"` and the `:` after it; whitespace before the key is already skipped.
    private mutating func parseKey(expected: String) throws(JSONParseError) -> String {
        guard index < bytes.count else { throw endOfInput(expected: expected) }
        guard bytes[index] == UInt8(ascii: "\"") else { throw unexpectedCharacter(expected: expected) }
        let key = try parseString()
        skipWhitespace()
        guard index < bytes.count else { throw endOfInput(expected: "\":\"") }
        guard bytes[index] == UInt8(ascii: ":") else { throw unexpectedCharacter(expected: "\":\"") }
        index += 1
        return key
    }

    /// Parses a string starting at its opening quote.
    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes, so the string is a slice of the (valid UTF-8) input.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacter(byte) }
            index += 1
        }
        var decoded = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &decoded)
            case 0..<0x20:
                throw controlCharacter(byte)
            default:
                decoded.append(byte)
                index += 1
            }
        }
        throw endOfInput(expected: "a closing quote")
    }

    /// Parses the escape at `index` (a backslash) and appends its UTF-8 bytes.
    private mutating func parseEscape(into decoded: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = index
        guard index + 1 < bytes.count else { throw endOfInput(expected: "an escape character") }
        let letter = bytes[index + 1]
        let simple: UInt8? =
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            decoded.append(simple)
            index += 2
            return
        }
        guard letter == UInt8(ascii: "u") else {
            let found = scalar(at: index + 1)
            throw .invalidEscape(
                "\\" + String(found), line: line(at: escapeStart), column: column(at: escapeStart))
        }
        guard let unit = hexQuad(at: index + 2) else {
            throw .invalidUnicodeEscape(
                escapeText(at: escapeStart), line: line(at: escapeStart), column: column(at: escapeStart))
        }
        var value = UInt32(unit)
        var length = 6
        switch unit {
        case 0xD800...0xDBFF:
            guard index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                bytes[index + 7] == UInt8(ascii: "u"), let low = hexQuad(at: index + 8),
                (0xDC00...0xDFFF).contains(low)
            else {
                throw .unpairedSurrogate(
                    escapeText(at: escapeStart), line: line(at: escapeStart), column: column(at: escapeStart))
            }
            value = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
            length = 12
        case 0xDC00...0xDFFF:
            throw .unpairedSurrogate(
                escapeText(at: escapeStart), line: line(at: escapeStart), column: column(at: escapeStart))
        default:
            break
        }
        // Not a surrogate, or a combined pair: always a valid scalar.
        if let scalar = Unicode.Scalar(value) {
            decoded.append(contentsOf: String(Character(scalar)).utf8)
        }
        index += length
    }

    /// The four hexadecimal digits at `offset` as a UTF-16 code unit.
    private func hexQuad(at offset: Int) -> UInt16? {
        guard offset + 4 <= bytes.count else { return nil }
        var unit: UInt16 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// The text of a `\u` escape for messages: `\u` and up to four printable ASCII
    /// characters after it.
    private func escapeText(at offset: Int) -> String {
        var end = offset + 2
        while end < min(bytes.count, offset + 6) {
            let byte = bytes[end]
            guard byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
            else { break }
            end += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }

    /// Parses a number: the longest run of number characters, checked against RFC 8259's
    /// grammar as a whole, so `01` is reported as one invalid number.
    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        while index < bytes.count && Self.isNumberCharacter(bytes[index]) { index += 1 }
        let token = UnsafeBufferPointer(rebasing: bytes[start..<index])
        let text = String(decoding: token, as: UTF8.self)
        guard Self.isNumberGrammar(token) else {
            throw .invalidNumber(text, line: line(at: start), column: column(at: start))
        }
        guard let number = Double(text), number.isFinite else {
            throw .numberOutOfRange(text, line: line(at: start), column: column(at: start))
        }
        return number
    }

    private static func isNumberCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default:
            false
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Whether `token` is `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private static func isNumberGrammar(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        let count = token.count
        func isDigit(_ at: Int) -> Bool {
            at < count && token[at] >= UInt8(ascii: "0") && token[at] <= UInt8(ascii: "9")
        }
        func skipDigits() -> Bool {
            guard isDigit(offset) else { return false }
            while isDigit(offset) { offset += 1 }
            return true
        }
        if offset < count && token[offset] == UInt8(ascii: "-") { offset += 1 }
        if offset < count && token[offset] == UInt8(ascii: "0") {
            offset += 1
        } else if !skipDigits() {
            return false
        }
        if offset < count && token[offset] == UInt8(ascii: ".") {
            offset += 1
            guard skipDigits() else { return false }
        }
        if offset < count && (token[offset] == UInt8(ascii: "e") || token[offset] == UInt8(ascii: "E")) {
            offset += 1
            if offset < count && (token[offset] == UInt8(ascii: "+") || token[offset] == UInt8(ascii: "-")) {
                offset += 1
            }
            guard skipDigits() else { return false }
        }
        return offset == count
    }

    /// Parses `true`, `false` or `null`, reading the whole run of ASCII letters.
    private mutating func parseLiteral() throws(JSONParseError) -> JSONValue {
        let start = index
        while index < bytes.count, Self.isASCIILetter(bytes[index]) { index += 1 }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default: throw .invalidLiteral(word, line: line(at: start), column: column(at: start))
        }
    }

    // MARK: - Errors

    private func endOfInput(expected: String) -> JSONParseError {
        .unexpectedEndOfInput(
            expected: expected, line: line(at: bytes.count), column: column(at: bytes.count))
    }

    private func unexpectedCharacter(expected: String) -> JSONParseError {
        .unexpectedCharacter(
            Character(scalar(at: index)), expected: expected, line: line(at: index), column: column(at: index)
        )
    }

    private func controlCharacter(_ byte: UInt8) -> JSONParseError {
        .unescapedControlCharacter(UInt32(byte), line: line(at: index), column: column(at: index))
    }

    /// The Unicode scalar whose UTF-8 encoding starts at `offset`.
    private func scalar(at offset: Int) -> Unicode.Scalar {
        let lead = bytes[offset]
        let length =
            switch lead {
            case 0..<0x80: 1
            case 0xC0..<0xE0: 2
            case 0xE0..<0xF0: 3
            default: 4
            }
        let end = min(bytes.count, offset + length)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        return text.unicodeScalars.first ?? "\u{FFFD}"
    }

    /// The 1-based line of the byte at `offset`.
    private func line(at offset: Int) -> Int {
        1 + bytes[..<offset].count(where: { $0 == UInt8(ascii: "\n") })
    }

    /// The 1-based column, in Unicode scalars, of the byte at `offset`.
    private func column(at offset: Int) -> Int {
        let lineStart = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        // Count scalars by their first bytes: every byte that is not a continuation byte.
        return 1 + bytes[lineStart..<offset].count(where: { $0 & 0xC0 != 0x80 })
    }
}
