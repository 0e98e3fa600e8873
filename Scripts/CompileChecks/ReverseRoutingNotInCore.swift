// expect-error: 'url(for:parameters:scheme:host:)' is unavailable: add `import WaypointReverseRouting`
// Reverse routing is in the WaypointReverseRouting product: an app that imports only
// Waypoint is told which import `url(for:)` needs, rather than that Router has no such
// member (Documentation/decisions.md, "Reverse routing is its own product").
import Foundation
import Waypoint

let router = Router()
try router.register("/products/:id") { _ in }
print(try router.url(for: "/products/:id", parameters: ["id": "42"], scheme: "myapp"))
