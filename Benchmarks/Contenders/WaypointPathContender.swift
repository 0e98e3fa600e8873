import Waypoint

/// `Router.match(path:)`: the winning scheme-less path route for a bare path.
final class WaypointPathContender: Contender {
    let name = "Waypoint path"
    let key = "waypointPath"
    let scansLinearly = false
    private let router: Router

    init(router: Router) {
        self.router = router
    }

    func answer(_ lookup: Lookup) -> Answer? {
        router.match(path: lookup.path).map(Answer.init)
    }

    func pass(over lookups: [Lookup]) -> () -> Int {
        let paths = lookups.map(\.path)
        let router = router
        return {
            var checksum = 0
            for path in paths {
                if let match = router.match(path: path) { checksum &+= match.priority &+ 1 }
            }
            return checksum
        }
    }
}
