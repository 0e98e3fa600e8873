// expect-error: 'decode(_:maximumDepth:)' is unavailable: add `import WaypointCoding`
// Decoding a JSONValue into a Codable type is in the WaypointCoding product: an app that
// imports only Waypoint is told which import the call needs, rather than that its type does
// not conform to DeepLinkQueryValue (Documentation/decisions.md, "Codable is its own product").
import Waypoint

struct Order: Codable {
    var id: Int
}

let value: JSONValue = ["id": 3]
let order = try value.decode(Order.self)
print(order.id)
