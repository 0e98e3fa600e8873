// The WaypointDetour program of `./dev size`: the router-only program's route, and a link
// that goes through Detour's link processing (what an app calls for every Detour link; a
// custom-scheme link needs no network) before the router handles the result.
import Foundation
import Waypoint
import WaypointDetour

let r = Router()
try r.register("/say/:word") { print($0.routeParameters["word"] ?? "") }
let config = DetourConfig(
    apiKey: "size-report", appID: "size-report", shouldUseClipboard: false, linkProcessingMode: .all)
r.handle(await Detour.shared.processLink(URL(string: "myapp://say/hi")!, config: config))
