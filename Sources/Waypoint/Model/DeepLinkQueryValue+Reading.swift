import Foundation

// How the standard ``DeepLinkQueryValue`` types read their values back. Each reads the JSON
// form it writes and the text a link's query holds for it (a builder made from a URL holds
// every plain parameter as a string), so writing a value and reading it back gives it again.

extension String {
    /// The string; for a number or a Boolean, the text the builder writes for it (`3`,
    /// `true`); for ``JSONValue/null``, `""`. Nil for an array or an object.
    public init?(deepLinkJSONValue value: JSONValue) {
        switch value {
        case .string(let text): self = text
        case .number(let number): self = NumberText.query(number)
        case .bool(let flag): self = flag ? "true" : "false"
        case .null: self = ""
        case .array, .object: return nil
        }
    }
}

extension Substring {
    /// The text that `String(deepLinkJSONValue:)` reads.
    public init?(deepLinkJSONValue value: JSONValue) {
        guard let text = String(deepLinkJSONValue: value) else { return nil }
        self = Substring(text)
    }
}

extension Bool {
    /// The Boolean, or the text `true` or `false`.
    public init?(deepLinkJSONValue value: JSONValue) {
        switch value {
        case .bool(let flag): self = flag
        case .string("true"): self = true
        case .string("false"): self = false
        default: return nil
        }
    }
}

extension Double {
    /// The number, or a number written as text (`3.5`, `1e-7`, `nan`, `inf`, `-inf`).
    public init?(deepLinkJSONValue value: JSONValue) {
        switch value {
        case .number(let number): self = number
        case .string(let text):
            guard let number = Double(text) else { return nil }
            self = number
        default: return nil
        }
    }
}

extension Float {
    /// The nearest `Float` to the number, or to a number written as text.
    public init?(deepLinkJSONValue value: JSONValue) {
        switch value {
        case .number(let number): self = Float(number)
        case .string(let text):
            guard let number = Float(text) else { return nil }
            self = number
        default: return nil
        }
    }
}

extension DeepLinkQueryValue where Self: FixedWidthInteger {
    /// The integer when the number is one this type holds exactly, or the decimal digits of
    /// such an integer as text (how integers beyond ±2^53 are written); nil for `3.5`, for
    /// a number out of range, and for other text.
    public init?(deepLinkJSONValue value: JSONValue) {
        switch value {
        case .number(let number):
            guard let integer = Self(exactly: number) else { return nil }
            self = integer
        case .string(let text):
            guard let integer = Self(text, radix: 10) else { return nil }
            self = integer
        default:
            return nil
        }
    }
}

extension Date {
    /// The date written as the builder writes dates: ISO 8601 in UTC, with optional
    /// milliseconds (`2024-03-01T12:30:00Z`, `2024-03-01T12:30:00.250Z`, `+010000-01-01T…`),
    /// or a number of seconds since 1970 for a date beyond the ISO range.
    public init?(deepLinkJSONValue value: JSONValue) {
        guard case .string(let text) = value else { return nil }
        if let date = DateText.date(iso8601: text) {
            self = date
        } else if let seconds = Double(text), !seconds.isFinite || seconds.magnitude > 8.64e12 {
            self = Date(timeIntervalSince1970: seconds)
        } else {
            return nil
        }
    }
}

extension URL {
    /// The URL written as its absolute string.
    public init?(deepLinkJSONValue value: JSONValue) {
        guard case .string(let text) = value, let url = URL(string: text) else { return nil }
        self = url
    }
}

extension JSONValue {
    /// The value itself.
    public init?(deepLinkJSONValue value: JSONValue) {
        self = value
    }
}

extension Array where Element: DeepLinkQueryValue {
    /// The elements of a JSON array, each read as an `Element`; nil when one cannot be.
    public init?(deepLinkJSONValue value: JSONValue) {
        guard case .array(let elements) = value else { return nil }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let read = Element(deepLinkJSONValue: element) else { return nil }
            result.append(read)
        }
        self = result
    }
}

extension Dictionary where Key == String, Value: DeepLinkQueryValue {
    /// The members of a JSON object, each read as a `Value`; nil when one cannot be.
    public init?(deepLinkJSONValue value: JSONValue) {
        guard case .object(let members) = value else { return nil }
        var result: [String: Value] = [:]
        result.reserveCapacity(members.count)
        for (key, member) in members {
            guard let read = Value(deepLinkJSONValue: member) else { return nil }
            result[key] = read
        }
        self = result
    }
}
