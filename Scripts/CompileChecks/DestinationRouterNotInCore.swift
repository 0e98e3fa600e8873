// expect-error: 'DestinationRouter' is unavailable: add `import WaypointNavigation`
// The destination face is in the WaypointNavigation product: an app that imports only
// Waypoint is told which import a DestinationRouter needs, rather than that no such type
// exists (Documentation/decisions.md, "The destination face is its own product").
import Waypoint

enum Screen: Sendable { case ride(String) }

let destinations = DestinationRouter<Screen>()
print(destinations)
