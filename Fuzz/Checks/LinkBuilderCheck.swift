import Foundation
import Waypoint
import WaypointLinkBuilder

/// Fuzz target `link-builder`: a builder edited through its public setters, then its URL
/// read back (Documentation/spec/routing.md §7).
///
/// Input, read by ``FuzzInput``: a starting URL (one of a few, with and without user
/// information, port, fragment and authority), a scheme, a host or none, a path, then
/// query parameters: a name and a value (string, number from any bit pattern, Boolean,
/// null, or arrays and objects of those, nested up to three levels).
///
/// Invariants:
/// - The builder writes no URL exactly when its scheme is not `[A-Za-z][A-Za-z0-9+.-]*`,
///   or it has a host and a path not starting with `/`, or no host and a path starting with
///   `//`; otherwise Foundation accepts the URL.
/// - A builder reading the URL back writes it identically, with the same scheme, host
///   (decoded) and path (decoded).
/// - Reading the URL gives the parameters in the order set, each with its last value:
///   strings as set, numbers as JSON writes them (`nan`, `inf`, `-inf` for the others),
///   Booleans as `true`/`false`, null as `""`, and arrays and objects as equal JSON values,
///   listed in `dpl:json-encoded-fields`. A string set for `al_applink_data` reads back as
///   JSON when it is a JSON array or object, since that field is always decoded.
public enum LinkBuilderCheck {
    static let starts = [
        "myapp://x", "dpl://user:pw@Host.example:8080/p?old=1#frag", "mailto:x", "s:///p", "a:",
    ]
    static let schemes = ["myapp", "dpl", "a+b.c-d", "", "1bad", "x y", "é", "HTTP"]

    /// Checks one fuzz input.
    public static func check(_ data: [UInt8]) throws(FuzzViolation) {
        var input = FuzzInput(data)
        var builder = DeepLinkBuilder(string: input.pick(starts))!
        builder.scheme = input.choose(4) == 0 ? input.string() : input.pick(schemes)
        let host: String? = input.choose(4) == 0 ? nil : input.string()
        builder.host = host
        let path = (input.choose(3) == 0 ? "" : "/") + input.string()
        builder.path = path
        var expected: [(key: String, value: JSONValue)] = builder.orderedQueryParameters
        for _ in 0..<input.choose(8) {
            let key = input.string()
            let value = json(&input, depth: 3)
            builder[key] = value
            guard key != "dpl:json-encoded-fields" else { continue }
            if let index = expected.firstIndex(where: { $0.key == key }) {
                expected[index].value = value
            } else {
                expected.append((key, value))
            }
        }
        try check(builder, scheme: builder.scheme, host: host, path: path, expected: expected)
    }

    static func check(
        _ builder: DeepLinkBuilder, scheme: String, host: String?, path: String,
        expected: [(key: String, value: JSONValue)]
    ) throws(FuzzViolation) {
        let description =
            "scheme \(quoted(scheme)), host \(host.map { quoted($0) } ?? "nil"), path \(quoted(path))"
        let validScheme =
            scheme.utf8.first.map(isLetter) == true
            && scheme.utf8.allSatisfy {
                isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "+")
                    || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: ".")
            }
        let buildable =
            validScheme
            && (host == nil
                ? !path.utf8.starts(with: "//".utf8) : (path.isEmpty || path.utf8.first == UInt8(ascii: "/")))
        guard let built = builder.absoluteString else {
            try require(!buildable, "a builder with valid parts writes a URL", description)
            return
        }
        try require(
            buildable, "a builder with invalid parts writes no URL", "\(description): \(quoted(built))")
        try require(builder.url != nil, "Foundation accepts every built URL", quoted(built))
        guard let reread = DeepLinkBuilder(string: built) else {
            throw FuzzViolation("a built URL reads back", quoted(built))
        }
        let readBack = expected.map { ($0.key, readValue(key: $0.key, $0.value)) }
        // The one allowed change: a string set for `al_applink_data` that is a JSON container
        // reads back as JSON, which the second builder writes as a listed JSON field.
        let appLinkDecoded = zip(expected, readBack).contains {
            $0.0.key == "al_applink_data" && $0.0.value != $0.1.1
        }
        if let again = reread.absoluteString, again != built {
            try require(
                appLinkDecoded, "a built URL is written again identically",
                "\(quoted(built)) then \(quoted(again))")
            try require(
                DeepLinkBuilder(string: again)?.absoluteString == again,
                "a builder's output is a fixed point",
                quoted(again))
        }
        try require(
            reread.scheme == scheme && reread.host == host && reread.path == path,
            "scheme, host and path read back as set",
            "\(description): read \(quoted(reread.scheme)), \(reread.host.map { quoted($0) } ?? "nil"), \(quoted(reread.path))"
        )

        let actual = reread.orderedQueryParameters
        try require(
            actual.map(\.key) == readBack.map(\.0) && actual.map(\.value) == readBack.map(\.1),
            "parameters read back in order with their values",
            "\(quoted(built)): \(actual) vs \(readBack)")
        guard let url = builder.url, let link = DeepLink(url: url) else {
            throw FuzzViolation("a built URL makes a deep link", quoted(built))
        }
        var parameters = link.queryParameters
        let listed = parameters.removeValue(forKey: "dpl:json-encoded-fields")
        try require(
            parameters == Dictionary(readBack, uniquingKeysWith: { $1 }),
            "a deep link reads the built parameters",
            quoted(built))
        let containers = expected.filter { $0.value.arrayValue != nil || $0.value.objectValue != nil }
        let list = JSONValue.array(containers.map { .string($0.key) }).jsonString
        try require(
            listed == (containers.isEmpty ? nil : .string(list)), "JSON fields are listed in order",
            quoted(built))
    }

    /// What reading the URL gives for a parameter set to `value`.
    static func readValue(key: String, _ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text):
            if key == "al_applink_data", let parsed = try? JSONValue(parsing: text),
                parsed.arrayValue != nil || parsed.objectValue != nil
            {
                return parsed
            }
            return value
        case .number(let number): return .string(numberText(number))
        case .bool(let flag): return .string(flag ? "true" : "false")
        case .null: return .string("")
        case .array, .object: return finite(value)
        }
    }

    private static func numberText(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        return JSONValue.number(number).jsonString
    }

    private static func finite(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let number) where !number.isFinite: .string(numberText(number))
        case .array(let elements): .array(elements.map(finite))
        case .object(let members): .object(members.mapValues(finite))
        default: value
        }
    }

    /// A JSON value read from the input, nested at most `depth` levels.
    static func json(_ input: inout FuzzInput, depth: Int) -> JSONValue {
        switch input.choose(depth > 0 ? 7 : 5) {
        case 0: return .string(input.string())
        case 1: return .number(Double(bitPattern: input.uint64()))
        case 2: return .number(Double(Int8(bitPattern: input.byte())))
        case 3: return input.choose(2) == 0 ? .bool(false) : (input.choose(2) == 0 ? .bool(true) : .null)
        case 4: return .string(input.pick(["", "{}", "[1]", "a b", "&=?#", "%zz", "é", "{\"a\":[null]}"]))
        case 5: return .array((0..<input.choose(4)).map { _ in json(&input, depth: depth - 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<input.choose(4) { members[input.string()] = json(&input, depth: depth - 1) }
            return .object(members)
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}
