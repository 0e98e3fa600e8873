// The WaypointExplain program of `./dev size`: the router-only program's route, and the
// link it handles, explained before it is handled.
import Foundation
import Waypoint
import WaypointExplain

let r = Router()
try r.register("/say/:word") { print($0.routeParameters["word"] ?? "") }
let link = URL(string: "myapp://h/say/hi")!
for explanation in r.explain(link) { print(explanation) }
r.handle(link)
