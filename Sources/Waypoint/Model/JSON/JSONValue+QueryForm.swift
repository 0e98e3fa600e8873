import Foundation

// The JSON form a link's query gives a scalar (Documentation/spec/routing.md §7), stated
// once for the two products that write one: the standard types' `DeepLinkQueryValue`
// conformances (WaypointLinkBuilder) and the `Codable` encoder and decoder
// (WaypointCoding), so that a payload either writes reads back through the other. Neither
// product depends on the other (Documentation/decisions.md, "The link builder is its own
// product").

extension JSONValue {
    /// A `Double`: itself when finite, else its text (`nan`, `inf`, `-inf`), which JSON has
    /// no number for.
    package static func queryForm(_ value: Double) -> JSONValue {
        value.isFinite ? .number(value) : .string(NumberText.query(value))
    }

    /// A `Float`: the `Double` of its shortest text, so `0.1` stays `0.1`; non-finite values
    /// as their text.
    package static func queryForm(_ value: Float) -> JSONValue {
        guard value.isFinite else { return .string(NumberText.query(Double(value))) }
        return .number(Double(value.description) ?? Double(value))
    }

    /// An integer: a number when a `Double` holds it exactly (magnitude at most 2^53), else
    /// the string of its digits, so that nothing is rounded.
    package static func queryForm(_ value: Int64) -> JSONValue {
        value.magnitude <= 1 << 53 ? .number(Double(value)) : .string(String(value))
    }

    /// An unsigned integer, as ``queryForm(_:)-(Int64)`` writes one.
    package static func queryForm(_ value: UInt64) -> JSONValue {
        value <= 1 << 53 ? .number(Double(value)) : .string(String(value))
    }

    /// A date: ISO 8601 in UTC (``DateText``).
    package static func queryForm(_ date: Date) -> JSONValue {
        .string(DateText.iso8601(date))
    }

    /// A URL: its absolute string.
    package static func queryForm(_ url: URL) -> JSONValue {
        .string(url.absoluteString)
    }

    /// The date a query form holds: a string that ``DateText/date(_:)`` reads; nil for
    /// anything else.
    package var queryDate: Date? {
        guard case .string(let text) = self else { return nil }
        return DateText.date(text)
    }

    /// The URL a query form holds: a string that `URL(string:)` reads; nil for anything else.
    package var queryURL: URL? {
        guard case .string(let text) = self else { return nil }
        return URL(string: text)
    }
}
