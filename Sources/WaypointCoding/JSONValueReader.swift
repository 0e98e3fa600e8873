import Waypoint

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
/// - asks first for the kind it predicts (`JSONValueReader+Prediction.swift`): the kind a
///   member name last had at that depth; else the kind that followed, last time, the two
///   kinds read before at that depth (so kinds that alternate in a cycle are predicted);
///   else the kinds on the way down (chains). `null` costs no guess: an element's is checked
///   first, a member's right after its predicted kind;
/// - keeps what wrong guesses cost linear in what it reads (`JSONValueReader+Budget.swift`):
///   each value read earns a credit, each failed request spends its estimated cost, and where
///   the credit does not cover a wrong guess the kind is taken from the decoder's own storage
///   (``JSONKindHint``, a constant cost) instead of guessed. A decoder whose storage shows no
///   kind keeps the guessing, unbounded as before (Documentation/decisions.md, "JSONValue
///   through JSONDecoder in linear time, whatever the shapes").
struct JSONValueReader {
    /// The kinds of JSON values, as predictions and hints name them.
    enum Kind: UInt8, CaseIterable {
        case object, array, string, number, bool, null
    }

    /// Where a prediction applies: a depth and a member name (nil for array elements).
    struct Slot: Hashable {
        var depth: Int
        var name: String?
    }

    let maximumDepth: Int
    /// The kind each member name last had, by depth.
    var names: [Slot: Kind] = [:]
    /// The kind of each container on the way down, by depth (index 0 is the top value).
    var path: [Kind] = []
    /// By depth, the last two kinds read there (``JSONValueReader/History``).
    var histories: [UInt8] = []
    /// By depth and history, the kind read next last time, plus one (0 when none was):
    /// `transitions[depth * 64 + history]`.
    var transitions: [UInt8] = []
    /// ``failureCost(depth:)`` for a value at each depth below the containers in `path`, and
    /// the cost of copying the keys down to it once (`JSONValueReader+Budget.swift`).
    var failureCosts = [Self.errorCost]
    var keyWeights = [0]
    /// The credit left for wrong guesses.
    var credit = 0
    /// Whether the decoder's storage may show kinds; false once it showed none, or a wrong one.
    var hintsAvailable = true

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
    }

    /// Reads the value that `decoder` holds, at `slot`.
    mutating func read(_ decoder: any Decoder, slot: Slot) throws -> JSONValue {
        credit += Self.creditPerValue
        return try value(of: decoder, slot: slot)
    }

    /// Reads the value that `decoder` holds, at `slot`: guessing its kind in `order` (the
    /// slot's guesses unless given) while wrong guesses are covered, and taking it from the
    /// decoder's storage first when they are not, or when `hinting`.
    private mutating func value(
        of decoder: any Decoder, slot: Slot, order given: KindOrder? = nil, hinting: Bool = false
    ) throws -> JSONValue {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { return .null }
        var order = given ?? guesses(predicted: predicted(depth: slot.depth), depth: slot.depth)
        var hinted: Kind?
        var askedForHint = hinting || !mayGuess(depth: slot.depth)
        if askedForHint, let kind = hint(decoder) {
            hinted = kind
            order.prepend(kind)
        }
        while let kind = order.next() {
            switch kind {
            case .null:
                continue
            case .object:
                if let members = try? decoder.container(keyedBy: JSONMemberKey.self) {
                    return try object(members, depth: slot.depth)
                }
            case .array:
                if var elements = try? decoder.unkeyedContainer() {
                    return try array(&elements, depth: slot.depth)
                }
            case .string:
                if let text = try? single.decode(String.self) { return .string(text) }
            case .number:
                if let number = try? single.decode(Double.self) {
                    return Self.number(
                        number, exactly: { try? single.decode(Int64.self) },
                        { try? single.decode(UInt64.self) })
                }
            case .bool:
                if let flag = try? single.decode(Bool.self) { return .bool(flag) }
            }
            failed(depth: slot.depth, hinted: kind == hinted)
            if !askedForHint && !mayGuess(depth: slot.depth) {
                askedForHint = true
                if let kind = hint(decoder) {
                    hinted = kind
                    order.prepend(kind)
                }
            }
        }
        throw JSONValueDecoder.corrupted("not a JSON value", decoder.codingPath)
    }

    /// A number, with the exact digits of an integer beyond ±2^53 that `Int64` or `UInt64`
    /// holds (as a link's query writes such integers: a string of digits).
    private static func number(
        _ number: Double, exactly signed: () -> Int64?, _ unsigned: () -> UInt64?
    ) -> JSONValue {
        guard number.magnitude >= 0x1p53, number.magnitude <= 0x1p64, number == number.rounded() else {
            return .number(number)
        }
        if let integer = signed() { return .queryForm(integer) }
        if let integer = unsigned() { return .queryForm(integer) }
        return .number(number)
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
            let slot = Slot(depth: depth + 1, name: key.stringValue)
            let known = names[slot]
            let member = try member(
                key, of: members, slot: slot, predicted: known ?? predicted(depth: depth + 1))
            if member.kind != known { names[slot] = member.kind }
            note(member.kind, depth: depth + 1)
            object[key.stringValue] = member
        }
        return .object(object)
    }

    /// Reads the member `key` of `members`, `predicted` first, through the container itself
    /// while guesses are covered; else through a decoder of its own, whose storage shows the
    /// kind.
    private mutating func member(
        _ key: JSONMemberKey, of members: KeyedDecodingContainer<JSONMemberKey>, slot: Slot, predicted: Kind?
    ) throws -> JSONValue {
        credit += Self.creditPerValue
        var order = guesses(predicted: predicted, depth: slot.depth, includingNull: true)
        guard mayGuess(depth: slot.depth) else {
            return try value(
                of: try members.superDecoder(forKey: key), slot: slot, order: order, hinting: true)
        }
        while let kind = order.next() {
            switch kind {
            case .null:
                if try members.decodeNil(forKey: key) { return .null }
                continue
            case .object:
                if let nested = try? members.nestedContainer(keyedBy: JSONMemberKey.self, forKey: key) {
                    return try object(nested, depth: slot.depth)
                }
            case .array:
                if var nested = try? members.nestedUnkeyedContainer(forKey: key) {
                    return try array(&nested, depth: slot.depth)
                }
            case .string:
                if let text = try? members.decode(String.self, forKey: key) { return .string(text) }
            case .number:
                if let number = try? members.decode(Double.self, forKey: key) {
                    return Self.number(
                        number, exactly: { try? members.decode(Int64.self, forKey: key) },
                        { try? members.decode(UInt64.self, forKey: key) })
                }
            case .bool:
                if let flag = try? members.decode(Bool.self, forKey: key) { return .bool(flag) }
            }
            failed(depth: slot.depth, hinted: false)
            if !mayGuess(depth: slot.depth) {
                return try value(
                    of: try members.superDecoder(forKey: key), slot: slot, order: order, hinting: true)
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
            let element = try elements.decodeNil() ? .null : try element(of: &elements, slot: slot)
            note(element.kind, depth: depth + 1)
            array.append(element)
        }
        return .array(array)
    }

    /// Reads the next element of `elements` through the container itself while guesses are
    /// covered; else through a decoder of its own, whose storage shows the kind. A number
    /// always goes through a decoder of its own, which can be read twice (as a `Double`, then
    /// for the digits of a large integer) where the container advances on the first read.
    private mutating func element(
        of elements: inout any UnkeyedDecodingContainer, slot: Slot
    ) throws -> JSONValue {
        credit += Self.creditPerValue
        var order = guesses(predicted: predicted(depth: slot.depth), depth: slot.depth)
        guard mayGuess(depth: slot.depth) else {
            return try value(of: try elements.superDecoder(), slot: slot, order: order, hinting: true)
        }
        while let kind = order.next() {
            switch kind {
            case .null:
                continue
            case .object:
                if let nested = try? elements.nestedContainer(keyedBy: JSONMemberKey.self) {
                    return try object(nested, depth: slot.depth)
                }
            case .array:
                if var nested = try? elements.nestedUnkeyedContainer() {
                    return try array(&nested, depth: slot.depth)
                }
            case .string:
                if let text = try? elements.decode(String.self) { return .string(text) }
            case .number:
                order.putBack(.number)
                return try value(of: try elements.superDecoder(), slot: slot, order: order)
            case .bool:
                if let flag = try? elements.decode(Bool.self) { return .bool(flag) }
            }
            failed(depth: slot.depth, hinted: false)
            if !mayGuess(depth: slot.depth) {
                return try value(of: try elements.superDecoder(), slot: slot, order: order, hinting: true)
            }
        }
        throw JSONValueDecoder.corrupted("not a JSON value", elements.codingPath)
    }
}

extension JSONValue {
    /// The kind of this value, as the reader predicts kinds.
    fileprivate var kind: JSONValueReader.Kind {
        switch self {
        case .object: .object
        case .array: .array
        case .string: .string
        case .number: .number
        case .bool: .bool
        case .null: .null
        }
    }
}
