extension JSONValue: ExpressibleByStringLiteral {
    /// Creates a ``string(_:)`` from a string literal.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates a ``number(_:)`` from an integer literal.
    public init(integerLiteral value: Int) {
        self = .number(Double(value))
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates a ``number(_:)`` from a floating-point literal.
    public init(floatLiteral value: Double) {
        self = .number(value)
    }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates a ``bool(_:)`` from `true` or `false`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates an ``array(_:)`` from an array literal.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates an ``object(_:)`` from a dictionary literal; when a key is repeated, the first
    /// value wins, as in parsed JSON text.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// Creates ``null``.
    ///
    /// Where a `JSONValue?` is expected, `nil` means "no value" instead, as for every
    /// optional; write `.null` there.
    public init(nilLiteral: ()) {
        self = .null
    }
}
