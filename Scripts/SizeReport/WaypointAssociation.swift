// The WaypointAssociation program of `./dev size`: the router-only program's route, and an
// apple-app-site-association file read and asked whether the app opens the link.
import Foundation
import Waypoint
import WaypointAssociation

let r = Router()
try r.register("/say/:word") { print($0.routeParameters["word"] ?? "") }
let file = try AppSiteAssociation(
    json: """
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/say/*"}]}]}}
        """)
let matcher = try UniversalLinkMatcher(file.universalLinks!)
let link = URL(string: "https://h/say/hi")!
if matcher.decision(for: link, appID: "ABCDE12345.com.example.app").outcome == .opens {
    r.handle(link)
}
