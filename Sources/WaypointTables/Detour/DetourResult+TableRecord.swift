import Waypoint
import WaypointDetour

extension DetourResult {
    /// The values a Detour table expectation compares (Documentation/spec/tables.md): `empty`, and for a link
    /// `url`, `route`, `pathname`, `params` and `type`; `null` (absent) for the empty result.
    package var tableRecord: [String: JSONValue] {
        guard let link else {
            return [
                "empty": true, "url": .null, "route": .null, "pathname": .null, "params": .null,
                "type": .null,
            ]
        }
        return [
            "empty": false,
            "url": .string(link.url),
            "route": .string(link.route),
            "pathname": .string(link.pathname),
            "params": .object(link.params.mapValues(JSONValue.string)),
            "type": .string(link.type.rawValue),
        ]
    }
}
