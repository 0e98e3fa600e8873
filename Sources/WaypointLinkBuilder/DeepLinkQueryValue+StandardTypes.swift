import Foundation
import Waypoint

extension String: DeepLinkQueryValue {
    /// The string.
    public var deepLinkJSONValue: JSONValue { .string(self) }
}

extension Substring: DeepLinkQueryValue {
    /// The text as a string.
    public var deepLinkJSONValue: JSONValue { .string(String(self)) }
}

extension Bool: DeepLinkQueryValue {
    /// `true` or `false`.
    public var deepLinkJSONValue: JSONValue { .bool(self) }
}

extension Double: DeepLinkQueryValue {
    /// The number; NaN and the infinities as the strings `nan`, `inf` and `-inf`.
    public var deepLinkJSONValue: JSONValue {
        isFinite ? .number(self) : .string(NumberText.query(self))
    }
}

extension Float: DeepLinkQueryValue {
    /// The number with the `Float`'s shortest decimal digits, so `Float(0.1)` is written `0.1`
    /// rather than the `Double` nearest to the `Float`; NaN and the infinities as the strings
    /// `nan`, `inf` and `-inf`.
    public var deepLinkJSONValue: JSONValue {
        guard isFinite else { return .string(NumberText.query(Double(self))) }
        return .number(Double(description) ?? Double(self))
    }
}

extension DeepLinkQueryValue where Self: BinaryInteger {
    /// The number when a `Double` holds the integer exactly (up to ±2^53), otherwise the
    /// exact decimal digits as a string, so no digit is lost.
    public var deepLinkJSONValue: JSONValue {
        let limit: UInt64 = 1 << 53
        if self.magnitude <= limit, let number = Double(exactly: self) { return .number(number) }
        return .string(String(self))
    }
}

extension Int: DeepLinkQueryValue {}
extension Int8: DeepLinkQueryValue {}
extension Int16: DeepLinkQueryValue {}
extension Int32: DeepLinkQueryValue {}
extension Int64: DeepLinkQueryValue {}
extension UInt: DeepLinkQueryValue {}
extension UInt8: DeepLinkQueryValue {}
extension UInt16: DeepLinkQueryValue {}
extension UInt32: DeepLinkQueryValue {}
extension UInt64: DeepLinkQueryValue {}

extension Date: DeepLinkQueryValue {
    /// The date in ISO 8601 in UTC and the proleptic Gregorian calendar:
    /// `2024-03-01T12:30:00Z`, with milliseconds (`2024-03-01T12:30:00.250Z`, truncated) when
    /// the date is not a whole second. Years outside 0...9999 have a sign and six digits
    /// (`+010000`). A date more than 275760 years from 1970, NaN or an infinity is not a
    /// calendar date: it is written as its number of seconds since 1970 (`1e+20`, `nan`), and
    /// reads back as no date.
    public var deepLinkJSONValue: JSONValue { .string(DateText.iso8601(self)) }
}

extension URL: DeepLinkQueryValue {
    /// The URL's absolute string.
    public var deepLinkJSONValue: JSONValue { .string(absoluteString) }
}

extension JSONValue: DeepLinkQueryValue {
    /// The value itself.
    public var deepLinkJSONValue: JSONValue { self }
}

extension Array: DeepLinkQueryValue where Element: DeepLinkQueryValue {
    /// A JSON array of the elements' JSON forms.
    public var deepLinkJSONValue: JSONValue { .array(map(\.deepLinkJSONValue)) }
}

extension Dictionary: DeepLinkQueryValue where Key == String, Value: DeepLinkQueryValue {
    /// A JSON object of the values' JSON forms.
    public var deepLinkJSONValue: JSONValue { .object(mapValues(\.deepLinkJSONValue)) }
}
