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
    public var deepLinkJSONValue: JSONValue { .queryForm(self) }
}

extension Float: DeepLinkQueryValue {
    /// The number with the `Float`'s shortest decimal digits, so `Float(0.1)` is written `0.1`
    /// rather than the `Double` nearest to the `Float`; NaN and the infinities as the strings
    /// `nan`, `inf` and `-inf`.
    public var deepLinkJSONValue: JSONValue { .queryForm(self) }
}

extension DeepLinkQueryValue where Self: BinaryInteger {
    /// The number when a `Double` holds the integer exactly (up to ±2^53), otherwise the
    /// exact decimal digits as a string, so no digit is lost.
    public var deepLinkJSONValue: JSONValue {
        // Every standard integer fits one of the two; a wider one that fits neither is
        // beyond 2^53, so its digits.
        if let value = Int64(exactly: self) { return .queryForm(value) }
        if let value = UInt64(exactly: self) { return .queryForm(value) }
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
    public var deepLinkJSONValue: JSONValue { .queryForm(self) }
}

extension URL: DeepLinkQueryValue {
    /// The URL's absolute string.
    public var deepLinkJSONValue: JSONValue { .queryForm(self) }
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
