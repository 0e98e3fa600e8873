import Foundation
import Waypoint

/// `Router.handle(_:)` on a `URL` with closure handlers: matching plus making the
/// `DeepLink` and calling the winner's handler, as an app receives links. The handlers do
/// not read the query, so it is not parsed (a link parses it when it is read). The URLs
/// are made before timing.
final class WaypointDispatchContender: Contender {
    let name = "Waypoint dispatch"
    let key = "waypointDispatch"
    let scansLinearly = false
    private let router: Router
    private let routes: [String]
    private let sink: DispatchSink

    /// - Parameter sink: where the router's handlers write their route's index.
    init(router: Router, routes: [String], sink: DispatchSink) {
        self.router = router
        self.routes = routes
        self.sink = sink
    }

    func answer(_ lookup: Lookup) -> Answer? {
        sink.route = -1
        let result = router.handle(Self.url(lookup.url))
        guard result.isHandled else { return nil }
        // The handler that ran must be the route the result names.
        let route = sink.route >= 0 && result.route == routes[sink.route] ? sink.route : -1
        return Answer(priority: route, parameters: result.deepLink?.routeParameters.dictionary ?? [:])
    }

    func pass(over lookups: [Lookup]) -> () -> Int {
        let urls = lookups.map { Self.url($0.url) }
        let router = router
        let sink = sink
        return {
            var checksum = 0
            for url in urls where router.handle(url).isHandled {
                checksum &+= sink.route &+ 1
            }
            return checksum
        }
    }

    private static func url(_ text: String) -> URL {
        guard let url = URL(string: text) else { preconditionFailure("Foundation rejects the URL \(text)") }
        return url
    }
}
