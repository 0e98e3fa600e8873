// expect-error: 'init(encoding:maximumDepth:)' is unavailable: add `import WaypointCoding`
// Encoding a Codable value as a JSONValue is in the WaypointCoding product: an app that
// imports only Waypoint is told which import the call needs
// (Documentation/decisions.md, "Codable is its own product").
import Waypoint

struct Order: Codable {
    var id: Int
}

let value = try JSONValue(encoding: Order(id: 3))
print(value)
