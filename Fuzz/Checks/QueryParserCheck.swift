import Foundation
import Waypoint
import WaypointLinkBuilder

/// Fuzz target `query-parser`: a raw query (the text after `?`), read by ``DeepLink`` and
/// by ``DeepLinkBuilder``.
///
/// Input: the query's bytes decoded as UTF-8.
///
/// Invariants:
/// - `queryItems` are the non-empty `&`-separated pieces in order, each split on its first
///   `=`, name and value percent-decoded as UTF-8 or kept as written when an escape is
///   invalid or the bytes are not UTF-8 (checked against a second, plain implementation).
/// - `queryParameters` holds each name once with its last value: a string, except for JSON
///   fields (`al_applink_data`, and the names listed in `dpl:json-encoded-fields`) whose text
///   parses as a JSON array or object; the subscript reads the same values.
/// - Every decoded JSON value is written back as JSON that parses to an equal value.
/// - A builder made from `s://h?query` writes a URL that a second builder reads back to the
///   same parameters and writes identically (the builder's output is a fixed point).
public enum QueryParserCheck {
    static let url = URL(string: "s://h")!

    /// Checks one fuzz input.
    public static func check(_ data: [UInt8]) throws(FuzzViolation) {
        let query = String(decoding: data, as: UTF8.self)
        let input = Quoted(query)
        let link = DeepLink(url: url, routeParameters: [:], rawQuery: query[...])
        let expected = items(query)
        try require(
            link.queryItems.map { [$0.name, $0.value] } == expected, "query items are the decoded pieces",
            "\(input): \(link.queryItems) vs \(expected)")

        var last: [String: String] = [:]
        for item in expected { last[item[0]] = item[1] }
        try require(
            Set(link.queryParameters.keys) == Set(last.keys), "every name has one parameter", input)
        let fields = jsonFields(last)
        for (name, text) in last {
            let value = link.queryParameters[name]
            try require(link[name] == value, "the subscript reads the query parameter", input)
            if fields.contains(name), let parsed = try? JSONValue(parsing: text),
                parsed.arrayValue != nil || parsed.objectValue != nil
            {
                try require(value == parsed, "a JSON field holds its parsed value", "\(input): \(name)")
                try JSONCheck.checkRoundTrip(parsed, source: text)
            } else {
                try require(
                    value == .string(text), "a parameter holds its last value as a string",
                    "\(input): \(name)")
            }
        }
        // The App Links and callback accessors read these values; they must not trap.
        _ = (
            link.callbackURL, link.appLinkData, link.appLinkTargetURL, link.appLinkExtras, link.appLinkVersion
        )
        _ = (link.appLinkUserAgent, link.appLinkReferrerTargetURL, link.appLinkReferrerURL)
        _ = link.appLinkReferrerAppName

        // In a URL a `#` ends the query: the builder reads only what comes before it.
        let inURL = query[..<(query.utf8.firstIndex(of: UInt8(ascii: "#")) ?? query.endIndex)]
        let parameters =
            inURL.count == query.count
            ? link.queryParameters : DeepLink(url: url, routeParameters: [:], rawQuery: inURL).queryParameters
        try checkBuilder("s://h?" + inURL, parameters: parameters)
    }

    /// A builder read from `text` keeps the link's parameters, and its output is a fixed point.
    static func checkBuilder(_ text: String, parameters: [String: JSONValue]) throws(FuzzViolation) {
        guard let builder = DeepLinkBuilder(string: text) else { return }
        let input = Quoted(text)
        var expected = parameters
        expected.removeValue(forKey: "dpl:json-encoded-fields")
        try require(builder.queryParameters == expected, "a builder reads the link's parameters", input)
        guard let built = builder.absoluteString else {
            throw FuzzViolation("a builder read from a valid URL writes one", input)
        }
        guard let again = DeepLinkBuilder(string: built) else {
            throw FuzzViolation("a builder's URL is valid", "\(input) built \(quoted(built))")
        }
        try require(
            again.absoluteString == built && again.queryParameters == builder.queryParameters,
            "a built URL reads back to the same parameters and URL", "\(input) built \(quoted(built))")
    }

    /// The names whose values are decoded as JSON (Documentation/spec/routing.md §6).
    static func jsonFields(_ last: [String: String]) -> Set<String> {
        var names: Set<String> = ["al_applink_data"]
        if let list = last["dpl:json-encoded-fields"],
            case .array(let elements)? = try? JSONValue(parsing: list)
        {
            for case .string(let name) in elements { names.insert(name) }
        }
        names.remove("dpl:json-encoded-fields")
        return names
    }

    /// Documentation/spec/routing.md §6 query splitting, written plainly over bytes.
    static func items(_ query: String) -> [[String]] {
        var result: [[String]] = []
        for piece in Array(query.utf8).split(separator: UInt8(ascii: "&")) {
            if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
                result.append([decode(piece[..<equals]), decode(piece[(equals + 1)...])])
            } else {
                result.append([decode(piece), ""])
            }
        }
        return result
    }

    /// Percent-decoding as Documentation/spec/routing.md §6 describes it: all escapes valid and the result
    /// UTF-8,
    /// else the text as written.
    static func decode(_ raw: ArraySlice<UInt8>) -> String {
        let written = String(decoding: raw, as: UTF8.self)
        var bytes: [UInt8] = []
        var index = raw.startIndex
        while index < raw.endIndex {
            if raw[index] == UInt8(ascii: "%") {
                guard index + 2 < raw.endIndex, let high = hex(raw[index + 1]), let low = hex(raw[index + 2])
                else {
                    return written
                }
                bytes.append(high * 16 + low)
                index += 3
            } else {
                bytes.append(raw[index])
                index += 1
            }
        }
        // Decoding repairs ill-formed UTF-8: the bytes were UTF-8 exactly when they survive it.
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : written
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
