/// A JSON value (RFC 8259), as deep links carry it in JSON-encoded query parameters.
///
/// Numbers are `Double`s, so a JSON number holds what a `Double` can hold: integers are exact
/// up to ±2^53. Values made by ``init(parsing:maximumDepth:)`` never hold NaN or an infinity;
/// a value built in code may, and then it behaves as `Double` does (`.number(.nan)` is not
/// equal to itself) and ``jsonString`` writes such a number as `null`.
///
/// Object keys are compared as Swift strings, that is by canonical equivalence: `"é"` written
/// precomposed or decomposed is one key.
///
/// Nesting depth: ``init(parsing:maximumDepth:)``, ``jsonString`` and ``description`` keep
/// their own stacks, but Swift itself releases, compares and hashes nested arrays and objects
/// one stack frame per level. A value nested some 3,000 levels deep can therefore exhaust a
/// 512 KiB thread's stack when it is released (the size of secondary threads and of Swift
/// concurrency's threads on Apple platforms; about 50,000 levels on an 8 MiB main thread).
/// Parsed values stay far below that with ``defaultMaximumDepth``; build deeper values in
/// code, or raise `maximumDepth` past a few thousand, only on a thread with a larger stack.
public enum JSONValue: Sendable, Hashable {
    /// A JSON string.
    case string(String)
    /// A JSON number.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// A JSON array, in order.
    case array([JSONValue])
    /// A JSON object. JSON objects have no order; ``jsonString`` writes the keys sorted.
    case object([String: JSONValue])
}

extension JSONValue {
    /// The string, when this is a ``string(_:)``.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The number, when this is a ``number(_:)``.
    public var numberValue: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The Boolean, when this is a ``bool(_:)``.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The elements, when this is an ``array(_:)``.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The members, when this is an ``object(_:)``.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { value } else { nil }
    }

    /// Whether this is ``null``.
    public var isNull: Bool {
        self == .null
    }

    /// Whether this is an ``array(_:)`` or an ``object(_:)``.
    package var isContainer: Bool {
        switch self {
        case .array, .object: true
        case .string, .number, .bool, .null: false
        }
    }

    /// The member named `key`, when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `index`, when this is an array and `index` is within it.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}

extension JSONValue {
    /// The number as an `Int`, when this is a ``number(_:)`` that is exactly one.
    public var intValue: Int? {
        numberValue.flatMap { Int(exactly: $0) }
    }

    /// The number, when this is a ``number(_:)``: the same as ``numberValue``.
    public var doubleValue: Double? {
        numberValue
    }
}
