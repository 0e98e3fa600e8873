/// A value that ``DeepLinkBuilder`` can write into a link's query.
///
/// A value gives its JSON form. A string, number or Boolean is written as plain text; an
/// array or object is written as compact JSON and listed in `dpl:json-encoded-fields`, so
/// reading the link gives the same array or object back (routing.md §7).
///
/// Strings, integers, `Double`, `Float`, `Bool`, `Date`, `URL`, ``JSONValue``, and arrays
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
}

extension JSONValue {
    /// The JSON form of `value`, for building mixed arrays and objects:
    /// `["when": JSONValue(date), "count": JSONValue(3)]`.
    public init(_ value: some DeepLinkQueryValue) {
        self = value.deepLinkJSONValue
    }
}
