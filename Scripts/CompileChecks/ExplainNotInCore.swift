// expect-error: 'explain' is unavailable: add `import WaypointExplain`
// `explain` is in the WaypointExplain product: an app that imports only Waypoint is told
// which import it needs, rather than that Router has no such member
// (Documentation/decisions.md, "Explain is its own product").
import Foundation
import Waypoint

let router = Router()
try router.register("/products/:id") { _ in }
print(router.explain("myapp://shop/products/42"))
