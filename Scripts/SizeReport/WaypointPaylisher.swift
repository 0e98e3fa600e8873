// The WaypointPaylisher program of `./dev size`: the router-only program's route, and a link
// that goes through Paylisher's manager (parsing, the delivery gate, the handler) before the
// router handles it. The program waits for the handler, which the manager calls on the main
// actor.
import Foundation
import Waypoint
import WaypointPaylisher

let r = Router()
try r.register("/say/:word") { print($0.routeParameters["word"] ?? "") }
let manager = PaylisherDeepLinkManager()
await withCheckedContinuation { (delivered: CheckedContinuation<Void, Never>) in
    manager.onDeepLink { link, requiresAuth in
        guard !requiresAuth else { return }
        r.handle(link)
        delivered.resume()
    }
    manager.handle(URL(string: "myapp://say/hi")!)
}
