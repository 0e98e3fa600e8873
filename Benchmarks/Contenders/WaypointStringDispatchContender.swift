import Waypoint

/// `Router.handle(_:)` on a URL *string* with closure handlers: the string is matched, and
/// Foundation's `URL` made of it, in the call, as an app that receives strings does.
final class WaypointStringDispatchContender: Contender {
    let name = "Waypoint handle(String)"
    let key = "waypointDispatchString"
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
        let result = router.handle(lookup.url)
        guard result.isHandled else { return nil }
        let route = sink.route >= 0 && result.route == routes[sink.route] ? sink.route : -1
        return Answer(priority: route, parameters: result.deepLink?.routeParameters.dictionary ?? [:])
    }

    func pass(over lookups: [Lookup]) -> () -> Int {
        let urls = lookups.map(\.url)
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
}
