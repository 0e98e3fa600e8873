import Foundation
import Waypoint

// How the standard ``DeepLinkQueryValue`` types read their values back. Each reads the JSON
// form it writes and the text a link's query holds for it (a builder made from a URL holds
// every plain parameter as a string), so writing a value and reading it back gives it again.

extension String {
    /// The string; for a number or a Boolean, the text the builder writes for it (`3`,
    /// `true`); for `JSONValue.null`, `""`. Nil for an array or an object.
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
    /// The date a string spells: ISO 8601 as the builder writes dates
    /// (`2024-03-01T12:30:00Z`, `2024-03-01T12:30:00.250Z`, `+010000-01-01T00:00:00Z`), also
    /// with an offset from UTC (`2024-03-01T13:30:00+01:00`, `+0100`) and one to nine digits
    /// of a second, a day alone (`2024-03-01`, midnight UTC), or seconds since 1970 in
    /// decimal (`1709296200`, `-0.5`, at most eleven digits before the point). Fractions are
    /// truncated to milliseconds. Nil for anything else, so every date read is finite, prints,
    /// and lies within ±275760 years of 1970: not for `nan`, `inf`, `1e9`, `0x10`, spaces,
    /// days that do not exist (`2023-02-29`), `24:00`, leap seconds, a time without an offset,
    /// milliseconds since 1970 (twelve digits and more), or a JSON number (whose epoch and
    /// unit are the encoder's choice).
    public init?(deepLinkJSONValue value: JSONValue) {
        guard let date = value.queryDate else { return nil }
        self = date
    }
}

extension URL {
    /// The URL written as its absolute string.
    public init?(deepLinkJSONValue value: JSONValue) {
        guard let url = value.queryURL else { return nil }
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
