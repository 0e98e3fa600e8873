import Waypoint

/// `Router.withMatch(path:_:)`: the winning scheme-less path route for a bare path, lent
/// to a closure that reads its priority, as a server's dispatch loop would.
final class WaypointBorrowedContender: Contender {
    let name = "Waypoint withMatch(path:)"
    let key = "waypointBorrowed"
    let scansLinearly = false
    private let router: Router

    init(router: Router) {
        self.router = router
    }

    func answer(_ lookup: Lookup) -> Answer? {
        router.withMatch(path: lookup.path) { match in
            guard let match else { return nil }
            // The ranges a value of the route's `:name` segments has are its bytes as
            // written; a value's range must give its value.
            for position in 0..<match.count {
                guard let range = match.utf8Range(at: position) else { continue }
                let bytes = Array(lookup.path.utf8)[range]
                if String(decoding: bytes, as: UTF8.self) != match.value(at: position) { return nil }
            }
            return Answer(priority: match.priority, parameters: match.routeParameters.dictionary)
        }
    }

    func pass(over lookups: [Lookup]) -> () -> Int {
        // Copies in lookup order, as ``WaypointPathContender`` makes them.
        let paths = lookups.map { String(decoding: Array($0.path.utf8), as: UTF8.self) }
        let router = router
        return {
            var checksum = 0
            for path in paths {
                checksum &+= router.withMatch(path: path) { $0.map { $0.priority &+ 1 } ?? 0 }
            }
            return checksum
        }
    }
}
