import Foundation

@testable import Waypoint
@testable import WaypointCoding

/// A `Decoder` over a `JSONValue` tree that behaves as Foundation's `JSONDecoder` does where
/// it matters for cost (a value decodes only from its own kind; a mismatch throws), and counts
/// what costs `JSONDecoder` the square of the depth: each read of `codingPath` and each
/// failed probe (a thrown type mismatch). Tests count work with it instead of timing it.
///
/// With `showsKinds`, its mirror shows its value as Foundation's `JSONDecoder` shows its
/// storage (a first child `values` whose last element is an enum with JSON's case names), so
/// ``JSONKindHint`` reads the kind as it reads it from `JSONDecoder`.
struct CountingDecoder: Decoder, CustomReflectable {
    /// The counts, shared by every decoder and container of one decoding.
    final class Counter: @unchecked Sendable {
        var codingPathReads = 0
        var failedProbes = 0
        /// The coding-path elements the failed probes built: the square of the depth each,
        /// as `JSONDecoder` builds a path by concatenation, level by level.
        var failedProbeCost = 0
        /// The values read through a decoder of their own, whose mirror was read.
        var mirrorsRead = 0
        let showsKinds: Bool

        init(showsKinds: Bool = false) {
            self.showsKinds = showsKinds
        }
    }

    let value: JSONValue
    let counter: Counter
    var path: [any CodingKey] = []

    var customMirror: Mirror {
        guard counter.showsKinds else { return Mirror(self, children: [:]) }
        counter.mirrorsRead += 1
        return Mirror(self, children: ["values": [value]])
    }

    var codingPath: [any CodingKey] {
        counter.codingPathReads += 1
        return path
    }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ type: Any.Type, _ path: [any CodingKey]) -> DecodingError {
        counter.failedProbes += 1
        counter.failedProbeCost += path.count * (path.count + 1) / 2
        return .typeMismatch(type, .init(codingPath: path, debugDescription: "found \(value)"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Any].self, path) }
        return KeyedDecodingContainer(Keyed(members: members, counter: counter, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self, path) }
        return Unkeyed(elements: elements, counter: counter, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    struct Index: CodingKey {
        var intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: CountingDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.value == .null }
        func decode(_ type: Bool.Type) throws -> Bool {
            guard case .bool(let flag) = decoder.value else { throw decoder.mismatch(type, decoder.path) }
            return flag
        }
        func decode(_ type: String.Type) throws -> String {
            guard case .string(let text) = decoder.value else { throw decoder.mismatch(type, decoder.path) }
            return text
        }
        func decode(_ type: Double.Type) throws -> Double {
            guard case .number(let number) = decoder.value else { throw decoder.mismatch(type, decoder.path) }
            return number
        }
        func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
        func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
            guard case .number(let number) = decoder.value, let integer = I(exactly: number) else {
                throw decoder.mismatch(type, decoder.path)
            }
            return integer
        }
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
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: JSONValue]
        let counter: Counter
        let path: [any CodingKey]
        var codingPath: [any CodingKey] {
            counter.codingPathReads += 1
            return path
        }
        var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }
        func decoder(_ key: Key) throws -> CountingDecoder {
            guard let member = members[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: path, debugDescription: "missing"))
            }
            return CountingDecoder(value: member, counter: counter, path: path + [key])
        }
        func single(_ key: Key) throws -> Single { Single(decoder: try decoder(key)) }
        func decodeNil(forKey key: Key) throws -> Bool { try decoder(key).value == .null }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try single(key).decode(type) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try single(key).decode(type) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try single(key).decode(type) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try single(key).decode(type) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try single(key).decode(type) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try single(key).decode(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try single(key).decode(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try single(key).decode(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try single(key).decode(type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try single(key).decode(type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try single(key).decode(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try single(key).decode(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try single(key).decode(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try single(key).decode(type) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: decoder(key)) }
        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try decoder(key).container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try decoder(key).unkeyedContainer()
        }
        func superDecoder() throws -> any Decoder {
            CountingDecoder(value: .null, counter: counter, path: path)
        }
        func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(key) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [JSONValue]
        let counter: Counter
        let path: [any CodingKey]
        var currentIndex = 0
        var codingPath: [any CodingKey] {
            counter.codingPathReads += 1
            return path
        }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        /// The next element's decoder; advances only when `body` succeeds, as JSONDecoder does.
        mutating func next<T>(_ body: (CountingDecoder) throws -> T) throws -> T {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any.self, .init(codingPath: path, debugDescription: "at end"))
            }
            let decoder = CountingDecoder(
                value: elements[currentIndex], counter: counter, path: path + [Index(currentIndex)])
            let value = try body(decoder)
            currentIndex += 1
            return value
        }
        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, elements[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }
        mutating func decode(_ type: Bool.Type) throws -> Bool {
            try next { try Single(decoder: $0).decode(type) }
        }
        mutating func decode(_ type: String.Type) throws -> String {
            try next { try Single(decoder: $0).decode(type) }
        }
        mutating func decode(_ type: Double.Type) throws -> Double {
            try next { try Single(decoder: $0).decode(type) }
        }
        mutating func decode(_ type: Float.Type) throws -> Float {
            try next { try Single(decoder: $0).decode(type) }
        }
        mutating func decode(_ type: Int.Type) throws -> Int {
            try next { try Single(decoder: $0).decode(type) }
        }
        mutating func decode(_ type: Int8.Type) throws -> Int8 {
            try next { try Single(decoder: $0).decode(type) }
        }
        mutating func decode(_ type: Int16.Type) throws -> Int16 {
            try next { try Single(decoder: $0).decode(type) }
        }
        mutating func decode(_ type: Int32.Type) throws -> Int32 {
            try next { try Single(decoder: $0).decode(type) }
        }
        mutating func decode(_ type: Int64.Type) throws -> Int64 {
            try next { try Single(decoder: $0).decode(type) }
        }
        mutating func decode(_ type: UInt.Type) throws -> UInt {
            try next { try Single(decoder: $0).decode(type) }
        }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
            try next { try Single(decoder: $0).decode(type) }
        }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
            try next { try Single(decoder: $0).decode(type) }
        }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
            try next { try Single(decoder: $0).decode(type) }
        }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
            try next { try Single(decoder: $0).decode(type) }
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next { try T(from: $0) } }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try next { try $0.container(keyedBy: type) }
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next { try $0.unkeyedContainer() }
        }
        mutating func superDecoder() throws -> any Decoder { try next { $0 } }
    }
}
