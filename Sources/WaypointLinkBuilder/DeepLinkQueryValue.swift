import Waypoint

/// A value that ``DeepLinkBuilder`` can write into a link's query.
///
/// A value gives its JSON form. A string, number or Boolean is written as plain text; an
/// array or object is written as compact JSON and listed in `dpl:json-encoded-fields`, so
/// reading the link gives the same array or object back (Documentation/spec/routing.md §7).
///
/// Strings, integers, `Double`, `Float`, `Bool`, `Date`, `URL`, `JSONValue`, and arrays
/// and string-keyed dictionaries of such values conform. Conform your own types by giving
/// their JSON form, for instance a dictionary of their fields:
///
/// ```swift
/// struct Ride: DeepLinkQueryValue {
///     var id: String
///     var seats: Int
///     var deepLinkJSONValue: JSONValue { ["id": .string(id), "seats": JSONValue(seats)] }
/// }
/// ```
public protocol DeepLinkQueryValue {
    /// The value's JSON form, as the builder writes it.
    ///
    /// NaN and the infinities have no JSON form; return them as the strings `nan`, `inf` and
    /// `-inf` (the builder also converts any it finds).
    var deepLinkJSONValue: JSONValue { get }

    /// Reads a value back from its JSON form, or from the text a link's query holds for it;
    /// nil when `deepLinkJSONValue` is not a form of this type.
    ///
    /// ``DeepLinkBuilder``'s typed subscript reads through it, so `let seats: Int? =
    /// builder["seats"]` gives `2` whether the builder holds the number `2` or, read from a
    /// URL, the text `"2"`. Every standard conforming type reads what it writes. The default
    /// implementation returns nil; implement it to make your own types readable.
    init?(deepLinkJSONValue: JSONValue)
}

extension DeepLinkQueryValue {
    /// Returns nil: a type reads its values back only when it implements this initializer.
    public init?(deepLinkJSONValue: JSONValue) {
        return nil
    }
}

extension JSONValue {
    /// The JSON form of `value`, for building mixed arrays and objects:
    /// `["when": JSONValue(date), "count": JSONValue(3)]`.
    public init(_ value: some DeepLinkQueryValue) {
        self = value.deepLinkJSONValue
    }
}
