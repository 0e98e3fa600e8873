import Waypoint

/// An `apple-app-site-association` file as `waypoint aasa generate` writes it: indented
/// JSON, keys in the order Apple's examples use (`/`, `?`, `#`, … in a component; `appIDs`,
/// `defaults`, `components` in an entry), arrays of strings on one line.
enum AASAFileText {
    /// The keys that come first, in this order; any others follow, sorted.
    private static let order = [
        "applinks", "appIDs", "appID", "defaults", "substitutionVariables", "details", "components", "paths",
        "/",
        "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment",
    ]

    /// `value` as indented text, ending with a line break.
    static func text(_ value: JSONValue) -> String {
        write(value, indent: "") + "\n"
    }

    private static func write(_ value: JSONValue, indent: String) -> String {
        let inner = indent + "  "
        switch value {
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let keys = members.keys.sorted { left, right in
                let (a, b) = (
                    order.firstIndex(of: left) ?? order.count, order.firstIndex(of: right) ?? order.count
                )
                return a != b ? a < b : left < right
            }
            let lines = keys.map { key in
                inner + JSONValue.string(key).jsonString + ": " + write(members[key] ?? .null, indent: inner)
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            if elements.allSatisfy({ $0.stringValue != nil }) {
                return "[" + elements.map(\.jsonString).joined(separator: ", ") + "]"
            }
            return "[\n" + elements.map { inner + write($0, indent: inner) }.joined(separator: ",\n") + "\n"
                + indent + "]"
        default:
            return value.jsonString
        }
    }
}
