// The WaypointReverseRouting program of `./dev size`: the router-only program's route, and
// the link it handles written by reverse routing.
import Foundation
import Waypoint
import WaypointReverseRouting

let r = Router()
try r.register("/say/:word") { print($0.routeParameters["word"] ?? "") }
r.handle(try r.url(for: "/say/:word", parameters: ["word": "hi"], scheme: "myapp", host: "h"))
