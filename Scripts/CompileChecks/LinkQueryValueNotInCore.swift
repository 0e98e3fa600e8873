// expect-error: 'DeepLinkQueryValue' is unavailable: add `import WaypointLinkBuilder`
// The values a builder writes are in the WaypointLinkBuilder product too: a type that
// conforms without the import is told which import it needs
// (Documentation/decisions.md, "The link builder is its own product").
import Waypoint

struct Ride: DeepLinkQueryValue {
    var id: String
}
print(Ride(id: "r1").id)
