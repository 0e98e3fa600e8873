// expect-error: 'DeepLinkBuilder' is unavailable: add `import WaypointLinkBuilder`
// Building links is in the WaypointLinkBuilder product: an app that imports only Waypoint is
// told which import a use of DeepLinkBuilder needs, rather than that no such type exists
// (Documentation/decisions.md, "The link builder is its own product").
import Waypoint

var builder = DeepLinkBuilder(string: "myapp://rides")!
builder["seats"] = 2
print(builder.absoluteString ?? "")
