import Foundation
import Waypoint

/// A `Decoder` that reads a ``JSONValue`` tree, behind ``JSONValue/decode(_:maximumDepth:)``.
///
/// Strings, Booleans and numbers decode only from their own kind, with these exceptions that
/// mirror how ``JSONValue/init(encoding:maximumDepth:)`` and ``DeepLinkBuilder`` write values:
/// an integer also decodes from a string of its decimal digits (integers beyond ±2^53 are
/// written so), a `Double` or `Float` from the strings `nan`, `inf` and `-inf`, a `Date` from
/// a string that `Date(deepLinkJSONValue:)` reads, and a `URL` from its absolute string;
/// where an object or an array is asked for, a string holding the JSON text of one is parsed
/// and read. An integer decodes from a number only when the number is exactly an integer of
/// that type, so no digit is lost or rounded. Containers nest at most `maximumDepth` levels.
struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let maximumDepth: Int

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try checkDepth()
        guard case .object(let members) = try embedded(value) else {
            throw Self.mismatch([String: JSONValue].self, value, codingPath)
        }
        return KeyedDecodingContainer(
            KeyedContainer<Key>(members: members, codingPath: codingPath, maximumDepth: maximumDepth))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkDepth()
        guard case .array(let elements) = try embedded(value) else {
            throw Self.mismatch([JSONValue].self, value, codingPath)
        }
        return UnkeyedContainer(elements: elements, codingPath: codingPath, maximumDepth: maximumDepth)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self)
    }

    /// Where a container is asked for: the object or array that a string holds as JSON text
    /// (`?cart={"items":[…]}` from a web page arrives as a string), read with the depth
    /// left; any other value as it is. A string that is not the JSON text of an object or
    /// an array stays a string, and the caller reports the mismatch.
    private func embedded(_ value: JSONValue) throws -> JSONValue {
        guard case .string(let text) = value, let first = text.utf8.first(where: { !Self.isWhitespace($0) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        else { return value }
        do {
            return try JSONValue(parsing: text, maximumDepth: maximumDepth - codingPath.count)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "the string is not valid JSON text: \(error)",
                    underlyingError: error))
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func checkDepth() throws {
        guard codingPath.count < maximumDepth else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "arrays and objects nested deeper than \(maximumDepth) levels"))
        }
    }

    // MARK: Reading one value

    /// `value` as a `T`, decoded at `codingPath`.
    static func decode<T: Decodable>(
        _ value: JSONValue, as type: T.Type, codingPath: [any CodingKey], maximumDepth: Int
    ) throws -> T {
        if type == JSONValue.self, let itself = value as? T {
            // The value is returned whole: its own nesting counts against the limit.
            guard codingPath.count + value.nestingDepth <= maximumDepth else {
                throw corrupted("arrays and objects nested deeper than \(maximumDepth) levels", codingPath)
            }
            return itself
        }
        if type == Date.self {
            guard let date = value.queryDate as? T else {
                throw mismatch(type, value, codingPath, expected: "an ISO 8601 date or seconds since 1970")
            }
            return date
        }
        if type == URL.self {
            guard let url = value.queryURL as? T else {
                throw mismatch(type, value, codingPath, expected: "a URL string")
            }
            return url
        }
        return try T(from: JSONValueDecoder(value: value, codingPath: codingPath, maximumDepth: maximumDepth))
    }

    static func string(_ value: JSONValue, _ codingPath: [any CodingKey]) throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self, value, codingPath) }
        return text
    }

    static func bool(_ value: JSONValue, _ codingPath: [any CodingKey]) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self, value, codingPath) }
        return flag
    }

    static func double(_ value: JSONValue, _ codingPath: [any CodingKey]) throws -> Double {
        switch value {
        case .number(let number): return number
        case .string("nan"): return .nan
        case .string("inf"): return .infinity
        case .string("-inf"): return -.infinity
        default: throw mismatch(Double.self, value, codingPath)
        }
    }

    static func float(_ value: JSONValue, _ codingPath: [any CodingKey]) throws -> Float {
        let number = try double(value, codingPath)
        let float = Float(number)
        guard float.isFinite || !number.isFinite else {
            throw corrupted("the number \(value) does not fit in Float", codingPath)
        }
        return float
    }

    static func integer<I: FixedWidthInteger>(
        _ value: JSONValue, as type: I.Type, _ codingPath: [any CodingKey]
    ) throws -> I {
        switch value {
        case .number(let number):
            if let integer = I(exactly: number) { return integer }
        case .string(let text):
            if let integer = I(text, radix: 10) { return integer }
        default:
            break
        }
        throw integerError(value, type, codingPath)
    }

    /// Why ``integer(_:as:_:)`` refuses `value` for `type`. Not generic, so that the ten
    /// integer types' copies of ``integer(_:as:_:)`` share one copy of the messages.
    private static func integerError(
        _ value: JSONValue, _ type: Any.Type, _ codingPath: [any CodingKey]
    ) -> DecodingError {
        switch value {
        case .number: corrupted("the number \(value) is not exactly an integer of type \(type)", codingPath)
        case .string: corrupted("the string \(value) is not the decimal digits of a \(type)", codingPath)
        default: mismatch(type, value, codingPath)
        }
    }

    static func mismatch(
        _ type: Any.Type, _ value: JSONValue, _ codingPath: [any CodingKey], expected: String? = nil
    ) -> DecodingError {
        DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "expected \(expected ?? kindName(of: type)), found \(kindName(of: value))"))
    }

    static func corrupted(_ message: String, _ codingPath: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: message))
    }

    private static func kindName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a Boolean"
        case is [String: JSONValue].Type: "an object"
        case is [JSONValue].Type: "an array"
        default: "a number"
        }
    }

    static func kindName(of value: JSONValue) -> String {
        switch value {
        case .string(let text): "the string \(JSONValue.string(text).jsonString)"
        case .number: "the number \(value)"
        case .bool(let flag): "\(flag)"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// The position in an array, as a coding key.
struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// The key `super`, for ``JSONValueDecoder/KeyedContainer/superDecoder()``.
struct JSONSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }

    init() {}
    init?(intValue: Int) { nil }
    init?(stringValue: String) { guard stringValue == "super" else { return nil } }
}

extension JSONValueDecoder {
    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: JSONValue]
        let codingPath: [any CodingKey]
        let maximumDepth: Int

        var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        private func member(_ key: Key) throws -> JSONValue {
            guard let value = members[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key,
                    DecodingError.Context(
                        codingPath: codingPath, debugDescription: "no member named \"\(key.stringValue)\""))
            }
            return value
        }

        private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

        func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            try JSONValueDecoder.bool(member(key), path(key))
        }
        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            try JSONValueDecoder.string(member(key), path(key))
        }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            try JSONValueDecoder.double(member(key), path(key))
        }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
            try JSONValueDecoder.float(member(key), path(key))
        }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

        private func integer<I: FixedWidthInteger>(_ type: I.Type, _ key: Key) throws -> I {
            try JSONValueDecoder.integer(member(key), as: type, path(key))
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try JSONValueDecoder.decode(
                member(key), as: type, codingPath: path(key), maximumDepth: maximumDepth)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try JSONValueDecoder(value: member(key), codingPath: path(key), maximumDepth: maximumDepth)
                .container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try JSONValueDecoder(value: member(key), codingPath: path(key), maximumDepth: maximumDepth)
                .unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder {
            JSONValueDecoder(
                value: members["super"] ?? .null, codingPath: codingPath + [JSONSuperKey()],
                maximumDepth: maximumDepth)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            JSONValueDecoder(
                value: members[key.stringValue] ?? .null, codingPath: path(key), maximumDepth: maximumDepth)
        }
    }

    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let elements: [JSONValue]
        let codingPath: [any CodingKey]
        let maximumDepth: Int
        private(set) var currentIndex = 0

        init(elements: [JSONValue], codingPath: [any CodingKey], maximumDepth: Int) {
            self.elements = elements
            self.codingPath = codingPath
            self.maximumDepth = maximumDepth
        }

        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        private var path: [any CodingKey] { codingPath + [JSONIndexKey(currentIndex)] }

        /// The next element, consumed only when `read` succeeds.
        private mutating func next<T>(
            _ type: T.Type, _ read: (JSONValue, [any CodingKey]) throws -> T
        ) throws -> T {
            let value = try read(current(type), path)
            currentIndex += 1
            return value
        }

        /// The element ``next(_:_:)`` reads, or the error that the array has ended. Not
        /// generic, so that the copies of ``next(_:_:)`` for each type share it.
        private func current(_ type: Any.Type) throws -> JSONValue {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    type,
                    DecodingError.Context(
                        codingPath: path, debugDescription: "the array ends after \(elements.count) elements")
                )
            }
            return elements[currentIndex]
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, elements[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type, JSONValueDecoder.bool) }
        mutating func decode(_ type: String.Type) throws -> String { try next(type, JSONValueDecoder.string) }
        mutating func decode(_ type: Double.Type) throws -> Double { try next(type, JSONValueDecoder.double) }
        mutating func decode(_ type: Float.Type) throws -> Float { try next(type, JSONValueDecoder.float) }
        mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

        private mutating func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
            try next(type) { value, path in try JSONValueDecoder.integer(value, as: type, path) }
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let depth = maximumDepth
            return try next(type) { value, path in
                try JSONValueDecoder.decode(value, as: type, codingPath: path, maximumDepth: depth)
            }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            let depth = maximumDepth
            return try next(KeyedDecodingContainer<NestedKey>.self) { value, path in
                try JSONValueDecoder(value: value, codingPath: path, maximumDepth: depth).container(
                    keyedBy: type)
            }
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let depth = maximumDepth
            return try next((any UnkeyedDecodingContainer).self) { value, path in
                try JSONValueDecoder(value: value, codingPath: path, maximumDepth: depth).unkeyedContainer()
            }
        }

        mutating func superDecoder() throws -> any Decoder {
            let depth = maximumDepth
            return try next((any Decoder).self) { value, path in
                JSONValueDecoder(value: value, codingPath: path, maximumDepth: depth)
            }
        }
    }

    struct SingleValueContainer: SingleValueDecodingContainer {
        let decoder: JSONValueDecoder

        var codingPath: [any CodingKey] { decoder.codingPath }
        private var value: JSONValue { decoder.value }

        func decodeNil() -> Bool { value == .null }
        func decode(_ type: Bool.Type) throws -> Bool { try JSONValueDecoder.bool(value, codingPath) }
        func decode(_ type: String.Type) throws -> String { try JSONValueDecoder.string(value, codingPath) }
        func decode(_ type: Double.Type) throws -> Double { try JSONValueDecoder.double(value, codingPath) }
        func decode(_ type: Float.Type) throws -> Float { try JSONValueDecoder.float(value, codingPath) }
        func decode(_ type: Int.Type) throws -> Int { try integer(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

        private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
            try JSONValueDecoder.integer(value, as: type, codingPath)
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONValueDecoder.decode(
                value, as: type, codingPath: codingPath, maximumDepth: decoder.maximumDepth)
        }
    }
}
