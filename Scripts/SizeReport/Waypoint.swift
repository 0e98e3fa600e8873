// The router-only program of `./dev size`: one route registered, one link handled.
import Foundation
import Waypoint

let r = Router()
try r.register("/say/:word") { print($0.routeParameters["word"] ?? "") }
r.handle(URL(string: "myapp://h/say/hi")!)
