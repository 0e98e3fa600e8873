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
        // Copies made in the order they are looked up, as the C trie's contender lays its
        // paths out in that order (``PreparedPaths``) and as a caller holds a path it has just
        // made: the corpus's own strings were made in route order, so a shuffled pass over a
        // large table would read each from a cold line that the C trie never pays for.
        let paths = lookups.map { String(decoding: Array($0.path.utf8), as: UTF8.self) }
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
