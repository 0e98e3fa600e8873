// The WaypointLinkBuilder program of `./dev size`: the router-only program's route, and the
// link it handles written with `DeepLinkBuilder`.
import Foundation
import Waypoint
import WaypointLinkBuilder

let r = Router()
try r.register("/say/:word") { print($0.routeParameters["word"] ?? "") }
var builder = DeepLinkBuilder(string: "myapp://h/say/it")!
builder.path = "/say/hi"
r.handle(builder.url!)
