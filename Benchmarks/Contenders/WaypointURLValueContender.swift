import Foundation
import Waypoint
import WaypointNavigation

/// `Router.match(_:)` on a Foundation `URL`, made before timing: the input
/// `DestinationRouter.destination(for:)` and `handle(_:)` take, so their costs compare with a
/// match of the same input (the `URL`'s `absoluteString` included).
final class WaypointURLValueContender: Contender {
    let name = "Waypoint URL value"
    let key = "waypointURLValue"
    let scansLinearly = false
    private let router: Router

    init(router: Router) {
        self.router = router
    }

    func answer(_ lookup: Lookup) -> Answer? {
        router.match(Self.url(lookup.url)).map(Answer.init)
    }

    func pass(over lookups: [Lookup]) -> () -> Int {
        let urls = lookups.map { Self.url($0.url) }
        let router = router
        return {
            var checksum = 0
            for url in urls {
                if let match = router.match(url) { checksum &+= match.priority &+ 1 }
            }
            return checksum
        }
    }

    private static func url(_ text: String) -> URL {
        guard let url = URL(string: text) else { preconditionFailure("Foundation rejects the URL \(text)") }
        return url
    }
}
