import Foundation
import Waypoint

/// An `Encoder` that builds a ``JSONValue`` tree, behind ``JSONValue/init(encoding:maximumDepth:)``.
///
/// Scalars take the JSON form ``DeepLinkQueryValue`` gives them, so a value encoded here and
/// written by ``DeepLinkBuilder`` reads back the same: integers beyond ±2^53 become strings
/// of their exact digits, NaN and the infinities the strings `nan`, `inf` and `-inf`, a
/// `Date` its ISO 8601 text and a `URL` its absolute string. Containers nest at most
/// `maximumDepth` levels.
struct JSONValueEncoder: Encoder {
    /// Where this encoder's value goes.
    let slot: Slot
    let codingPath: [any CodingKey]
    /// What every encoder of one encoding shares.
    let context: Context

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The depth bound of one encoding, and where it was first exceeded.
    final class Context {
        let maximumDepth: Int
        /// The coding path of the first container opened deeper than ``maximumDepth``.
        var tooDeep: [any CodingKey]?

        init(maximumDepth: Int) {
            self.maximumDepth = maximumDepth
        }

        /// Notes a container opened at `codingPath`.
        func opened(at codingPath: [any CodingKey]) {
            if codingPath.count >= maximumDepth && tooDeep == nil { tooDeep = codingPath }
        }

        /// Throws when a container was opened too deep.
        func check(_ value: Any) throws {
            if let path = tooDeep { throw JSONValueEncoder.tooDeep(value, path, maximumDepth) }
        }
    }

    /// A value under construction: the tree is made of slots and read once at the end.
    final class Slot {
        enum Content {
            case empty
            case value(JSONValue)
            case object([String: Slot])
            case array([Slot])
        }

        var content = Content.empty

        /// The finished value; an object or array that nothing was put into is empty, and an
        /// untouched slot is `null`.
        var value: JSONValue {
            switch content {
            case .empty: .null
            case .value(let value): value
            case .object(let members): .object(members.mapValues(\.value))
            case .array(let elements): .array(elements.map(\.value))
            }
        }

        /// Makes the slot an object, keeping members already in it.
        func makeObject() {
            if case .object = content { return }
            content = .object([:])
        }

        /// Makes the slot an array, keeping elements already in it.
        func makeArray() {
            if case .array = content { return }
            content = .array([])
        }

        /// The slot of the member `key`, made when absent.
        func member(_ key: String) -> Slot {
            guard case .object(var members) = content else { return Slot() }
            if let existing = members[key] { return existing }
            let slot = Slot()
            members[key] = slot
            content = .object(members)
            return slot
        }

        /// A new slot after the last element.
        func appendElement() -> Slot {
            guard case .array(var elements) = content else { return Slot() }
            let slot = Slot()
            elements.append(slot)
            content = .array(elements)
            return slot
        }

        var elementCount: Int {
            if case .array(let elements) = content { elements.count } else { 0 }
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        context.opened(at: codingPath)
        slot.makeObject()
        return KeyedEncodingContainer(
            KeyedContainer<Key>(slot: slot, codingPath: codingPath, context: context))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        context.opened(at: codingPath)
        slot.makeArray()
        return UnkeyedContainer(slot: slot, codingPath: codingPath, context: context)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    // MARK: Writing one value

    /// Encodes `value` into `slot` at `codingPath`.
    ///
    /// A container opened deeper than the bound is noted in the context and reported when
    /// the encoding ends; encoding stops at once one level below that, so a deep value
    /// never recurses further than the bound.
    static func encode<T: Encodable>(
        _ value: T, into slot: Slot, codingPath: [any CodingKey], context: Context
    ) throws {
        if let json = value as? JSONValue {
            guard codingPath.count + json.nestingDepth <= context.maximumDepth else {
                throw tooDeep(value, codingPath, context.maximumDepth)
            }
            slot.content = .value(json)
        } else if let date = value as? Date {
            slot.content = .value(.queryForm(date))
        } else if let url = value as? URL {
            slot.content = .value(.queryForm(url))
        } else {
            guard codingPath.count <= context.maximumDepth else {
                throw tooDeep(value, codingPath, context.maximumDepth)
            }
            try value.encode(to: JSONValueEncoder(slot: slot, codingPath: codingPath, context: context))
            try context.check(value)
        }
    }

    static func tooDeep(_ value: Any, _ codingPath: [any CodingKey], _ maximumDepth: Int) -> EncodingError {
        EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "arrays and objects nested deeper than \(maximumDepth) levels"))
    }
}

extension JSONValueEncoder {
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let slot: Slot
        let codingPath: [any CodingKey]
        let context: Context

        private func put(_ value: JSONValue, _ key: Key) {
            slot.member(key.stringValue).content = .value(value)
        }

        mutating func encodeNil(forKey key: Key) { put(.null, key) }
        mutating func encode(_ value: Bool, forKey key: Key) { put(.bool(value), key) }
        mutating func encode(_ value: String, forKey key: Key) { put(.string(value), key) }
        mutating func encode(_ value: Double, forKey key: Key) { put(.queryForm(value), key) }
        mutating func encode(_ value: Float, forKey key: Key) { put(.queryForm(value), key) }
        mutating func encode(_ value: Int, forKey key: Key) { put(.queryForm(Int64(value)), key) }
        mutating func encode(_ value: Int8, forKey key: Key) { put(.queryForm(Int64(value)), key) }
        mutating func encode(_ value: Int16, forKey key: Key) { put(.queryForm(Int64(value)), key) }
        mutating func encode(_ value: Int32, forKey key: Key) { put(.queryForm(Int64(value)), key) }
        mutating func encode(_ value: Int64, forKey key: Key) { put(.queryForm(value), key) }
        mutating func encode(_ value: UInt, forKey key: Key) { put(.queryForm(UInt64(value)), key) }
        mutating func encode(_ value: UInt8, forKey key: Key) { put(.queryForm(UInt64(value)), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) { put(.queryForm(UInt64(value)), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) { put(.queryForm(UInt64(value)), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) { put(.queryForm(value), key) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try JSONValueEncoder.encode(
                value, into: slot.member(key.stringValue), codingPath: codingPath + [key], context: context)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            JSONValueEncoder(
                slot: slot.member(key.stringValue), codingPath: codingPath + [key], context: context
            )
            .container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            JSONValueEncoder(
                slot: slot.member(key.stringValue), codingPath: codingPath + [key], context: context
            )
            .unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            JSONValueEncoder(
                slot: slot.member("super"), codingPath: codingPath + [JSONSuperKey()], context: context)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            JSONValueEncoder(
                slot: slot.member(key.stringValue), codingPath: codingPath + [key], context: context)
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer, ScalarSink {
        let slot: Slot
        let codingPath: [any CodingKey]
        let context: Context

        var count: Int { slot.elementCount }

        private var nextPath: [any CodingKey] { codingPath + [JSONIndexKey(count)] }

        func put(_ value: JSONValue) {
            slot.appendElement().content = .value(value)
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            let path = nextPath
            try JSONValueEncoder.encode(value, into: slot.appendElement(), codingPath: path, context: context)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            let path = nextPath
            return JSONValueEncoder(slot: slot.appendElement(), codingPath: path, context: context)
                .container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let path = nextPath
            return JSONValueEncoder(slot: slot.appendElement(), codingPath: path, context: context)
                .unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let path = nextPath
            return JSONValueEncoder(slot: slot.appendElement(), codingPath: path, context: context)
        }
    }

    struct SingleValueContainer: SingleValueEncodingContainer, ScalarSink {
        let encoder: JSONValueEncoder

        var codingPath: [any CodingKey] { encoder.codingPath }

        func put(_ value: JSONValue) {
            encoder.slot.content = .value(value)
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try JSONValueEncoder.encode(
                value, into: encoder.slot, codingPath: codingPath, context: encoder.context)
        }
    }
}

/// An unkeyed or single-value container that writes each scalar as one ``JSONValue``: the
/// scalar `encode` methods both protocols require, written once.
protocol ScalarSink {
    /// Writes one finished value.
    func put(_ value: JSONValue)
}

extension ScalarSink {
    mutating func encodeNil() { put(.null) }
    mutating func encode(_ value: Bool) { put(.bool(value)) }
    mutating func encode(_ value: String) { put(.string(value)) }
    mutating func encode(_ value: Double) { put(.queryForm(value)) }
    mutating func encode(_ value: Float) { put(.queryForm(value)) }
    mutating func encode(_ value: Int) { put(.queryForm(Int64(value))) }
    mutating func encode(_ value: Int8) { put(.queryForm(Int64(value))) }
    mutating func encode(_ value: Int16) { put(.queryForm(Int64(value))) }
    mutating func encode(_ value: Int32) { put(.queryForm(Int64(value))) }
    mutating func encode(_ value: Int64) { put(.queryForm(value)) }
    mutating func encode(_ value: UInt) { put(.queryForm(UInt64(value))) }
    mutating func encode(_ value: UInt8) { put(.queryForm(UInt64(value))) }
    mutating func encode(_ value: UInt16) { put(.queryForm(UInt64(value))) }
    mutating func encode(_ value: UInt32) { put(.queryForm(UInt64(value))) }
    mutating func encode(_ value: UInt64) { put(.queryForm(value)) }
}
