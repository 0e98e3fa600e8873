/// Reads a ``JSONValue`` out of any `Decoder` (behind ``JSONValue/init(from:)``) in time
/// linear in the input, for decoders such as Foundation's `JSONDecoder`.
///
/// A `Decoder` cannot say what kind of value it holds: the only way to learn is to ask for a
/// kind and catch the error. In Foundation's `JSONDecoder` every such error, and every read of
/// `codingPath`, rebuilds the whole coding path by concatenation, which costs the square of
/// the depth; probing five kinds with `try?` at every level made a 511-deep array cost
/// seconds (cubic in the depth). So this reader:
///
/// - never reads `codingPath` except once at the top and when it throws;
/// - walks nested containers itself (a member or element is read through its parent
///   container, not through a nested `init(from:)`), counting depth as it goes;
/// - asks first for the kind it predicts, and only then for the others. The prediction for a
///   member is the kind that member name last had at that depth; for an element, the kind of
///   the previous element; for a first sighting, the kind two levels up, then the parent's
///   kind. So a deep chain of arrays, of objects or of the two alternating, and an array of
///   alike objects, decode with no failed probe after their first few values: a mispredicted
///   value costs one failed probe per wrong guess. An element's `null` is checked first,
///   free; a member's right after its predicted kind (a typed read of `null` fails without a
///   wrong answer), so a member that keeps its kind costs one read, not two.
struct JSONValueReader {
    /// The kinds a value is probed for; `null` only for object members (elements and
    /// single values check it before any probe).
    enum Kind: UInt8, CaseIterable {
        case object, array, string, number, bool, null
    }

    /// Where a prediction applies: a depth and a member name (nil for array elements).
    struct Slot: Hashable {
        var depth: Int
        var name: String?
    }

    private let maximumDepth: Int
    /// The kind last seen at each slot.
    private var seen: [Slot: Kind] = [:]
    /// The kind of each container on the way down, by depth (index 0 is the top value).
    private var path: [Kind] = []

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
    }

    /// Reads the value that `decoder` holds, at `slot`.
    mutating func read(_ decoder: any Decoder, slot: Slot) throws -> JSONValue {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { return .null }
        let predicted = seen[slot]
        for kind in order(predicted: predicted, depth: slot.depth) {
            if kind != predicted { seen[slot] = kind }
            switch kind {
            case .null:
                continue
            case .object:
                guard let members = try? decoder.container(keyedBy: JSONMemberKey.self) else { continue }
                return try object(members, depth: slot.depth)
            case .array:
                guard var elements = try? decoder.unkeyedContainer() else { continue }
                return try array(&elements, depth: slot.depth)
            case .string:
                guard let text = try? single.decode(String.self) else { continue }
                return .string(text)
            case .number:
                guard let number = try? single.decode(Double.self) else { continue }
                return Self.number(
                    number, exactly: { try? single.decode(Int64.self) }, { try? single.decode(UInt64.self) })
            case .bool:
                guard let flag = try? single.decode(Bool.self) else { continue }
                return .bool(flag)
            }
        }
        throw JSONValueDecoder.corrupted("not a JSON value", decoder.codingPath)
    }

    /// A number, with the exact digits of an integer beyond ±2^53 that `Int64` or `UInt64`
    /// holds (as ``DeepLinkQueryValue`` writes such integers: a string of digits).
    private static func number(
        _ number: Double, exactly signed: () -> Int64?, _ unsigned: () -> UInt64?
    ) -> JSONValue {
        guard number.magnitude >= 0x1p53, number.magnitude <= 0x1p64, number == number.rounded() else {
            return .number(number)
        }
        if let integer = signed() { return integer.deepLinkJSONValue }
        if let integer = unsigned() { return integer.deepLinkJSONValue }
        return .number(number)
    }

    /// The kinds to probe a value for, best guess first, each once; no allocation.
    struct KindOrder: Sequence, IteratorProtocol {
        private var packed: UInt32 = 0
        private var count = 0
        private var added: UInt8 = 0

        mutating func add(_ kind: Kind?) {
            guard let kind, added & (1 << kind.rawValue) == 0 else { return }
            added |= 1 << kind.rawValue
            packed |= UInt32(kind.rawValue) << UInt32(3 * count)
            count += 1
        }

        mutating func next() -> Kind? {
            guard count > 0 else { return nil }
            defer {
                packed >>= 3
                count -= 1
            }
            return Kind(rawValue: UInt8(packed & 7))
        }
    }

    /// The order to probe a value at `depth` in, best guess (`predicted`, the kind last
    /// seen at its slot) first; `null` right after it when `includingNull`.
    private func order(predicted: Kind?, depth: Int, includingNull: Bool = false) -> KindOrder {
        var order = KindOrder()
        order.add(predicted)
        if includingNull { order.add(.null) }
        // A first sighting: the kind two levels up (chains that alternate), then the
        // parent's (chains of one kind).
        if depth >= 2, depth - 2 < path.count { order.add(path[depth - 2]) }
        if depth >= 1, depth - 1 < path.count { order.add(path[depth - 1]) }
        // Then the scalars, which end a chain, before the other containers.
        order.add(.string)
        order.add(.number)
        order.add(.bool)
        order.add(.object)
        order.add(.array)
        return order
    }

    /// Notes a container of `kind` at `depth` on the way down, after checking the depth.
    private mutating func enter(_ kind: Kind, depth: Int, codingPath: () -> [any CodingKey]) throws {
        guard depth < maximumDepth else {
            throw JSONValueDecoder.corrupted(
                "arrays and objects nested deeper than \(maximumDepth) levels", codingPath())
        }
        if path.count > depth { path.removeSubrange(depth...) }
        while path.count < depth { path.append(kind) }
        path.append(kind)
    }

    /// Reads an object whose container is `members`, at `depth` (0 for the top value).
    private mutating func object(
        _ members: KeyedDecodingContainer<JSONMemberKey>, depth: Int
    ) throws -> JSONValue {
        try enter(.object, depth: depth, codingPath: { members.codingPath })
        let keys = members.allKeys
        var object: [String: JSONValue] = [:]
        object.reserveCapacity(keys.count)
        for key in keys {
            object[key.stringValue] = try member(key, of: members, depth: depth + 1)
        }
        return .object(object)
    }

    /// Reads the member `key` of `members`, a value at `depth`, through the container
    /// itself: no decoder is made for it.
    private mutating func member(
        _ key: JSONMemberKey, of members: KeyedDecodingContainer<JSONMemberKey>, depth: Int
    ) throws -> JSONValue {
        let slot = Slot(depth: depth, name: key.stringValue)
        let predicted = seen[slot]
        for kind in order(predicted: predicted, depth: depth, includingNull: true) {
            if kind != predicted { seen[slot] = kind }
            switch kind {
            case .null:
                guard try members.decodeNil(forKey: key) else { continue }
                return .null
            case .object:
                guard let nested = try? members.nestedContainer(keyedBy: JSONMemberKey.self, forKey: key)
                else {
                    continue
                }
                return try object(nested, depth: depth)
            case .array:
                guard var nested = try? members.nestedUnkeyedContainer(forKey: key) else { continue }
                return try array(&nested, depth: depth)
            case .string:
                guard let text = try? members.decode(String.self, forKey: key) else { continue }
                return .string(text)
            case .number:
                guard let number = try? members.decode(Double.self, forKey: key) else { continue }
                return Self.number(
                    number, exactly: { try? members.decode(Int64.self, forKey: key) },
                    { try? members.decode(UInt64.self, forKey: key) })
            case .bool:
                guard let flag = try? members.decode(Bool.self, forKey: key) else { continue }
                return .bool(flag)
            }
        }
        throw JSONValueDecoder.corrupted("not a JSON value", members.codingPath + [key])
    }

    /// Reads an array whose container is `elements`, at `depth` (0 for the top value).
    private mutating func array(
        _ elements: inout any UnkeyedDecodingContainer, depth: Int
    ) throws -> JSONValue {
        try enter(.array, depth: depth, codingPath: { [elements] in elements.codingPath })
        var array: [JSONValue] = []
        if let count = elements.count { array.reserveCapacity(min(count, 1 << 16)) }
        let slot = Slot(depth: depth + 1, name: nil)
        while !elements.isAtEnd {
            if try elements.decodeNil() {
                array.append(.null)
                continue
            }
            array.append(try element(of: &elements, slot: slot))
        }
        return .array(array)
    }

    /// Reads the next element of `elements` through the container itself; a number goes
    /// through a decoder of its own, which can be read twice (as a `Double`, then for the
    /// digits of a large integer) where the container advances on the first read.
    private mutating func element(
        of elements: inout any UnkeyedDecodingContainer, slot: Slot
    ) throws -> JSONValue {
        let predicted = seen[slot]
        for kind in order(predicted: predicted, depth: slot.depth) {
            if kind != predicted { seen[slot] = kind }
            switch kind {
            case .null:
                continue
            case .object:
                guard let nested = try? elements.nestedContainer(keyedBy: JSONMemberKey.self) else {
                    continue
                }
                return try object(nested, depth: slot.depth)
            case .array:
                guard var nested = try? elements.nestedUnkeyedContainer() else { continue }
                return try array(&nested, depth: slot.depth)
            case .string:
                guard let text = try? elements.decode(String.self) else { continue }
                return .string(text)
            case .number:
                return try read(try elements.superDecoder(), slot: slot)
            case .bool:
                guard let flag = try? elements.decode(Bool.self) else { continue }
                return .bool(flag)
            }
        }
        throw JSONValueDecoder.corrupted("not a JSON value", elements.codingPath)
    }
}
