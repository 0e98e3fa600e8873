import Waypoint

/// `Router.match(_:)` on a URL string: scheme, host and path routes alike.
final class WaypointURLContender: Contender {
    let name = "Waypoint URL"
    let key = "waypointURL"
    let scansLinearly = false
    private let router: Router

    init(router: Router) {
        self.router = router
    }

    func answer(_ lookup: Lookup) -> Answer? {
        router.match(lookup.url).map(Answer.init)
    }

    func pass(over lookups: [Lookup]) -> () -> Int {
        let urls = lookups.map(\.url)
        let router = router
        return {
            var checksum = 0
            for url in urls {
                if let match = router.match(url) { checksum &+= match.priority &+ 1 }
            }
            return checksum
        }
    }
}
