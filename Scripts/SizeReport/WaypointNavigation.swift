// The WaypointNavigation program of `./dev size`: the router-only program's route, as a
// destination router's route whose destination is the word, and its link handled.
import Foundation
import Waypoint
import WaypointNavigation

enum Screen: Sendable { case word(String) }

let r = DestinationRouter<Screen>()
try r.register("/say/:word") { link in .word(link.routeParameters["word"] ?? "") }
if case .word(let word)? = r.destination(for: URL(string: "myapp://h/say/hi")!) { print(word) }
