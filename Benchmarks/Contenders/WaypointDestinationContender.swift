import Foundation
import Waypoint
import WaypointNavigation

/// `DestinationRouter.destination(for:)` on a `URL` whose winning route's builder gives a
/// destination at once: the destination router's lookup of the winner, the `DeepLink` its
/// builder gets, and the builder. Each builder returns its route's index with the link's
/// route parameters, as a destination that carries an identifier does. The URLs are made
/// before timing, as for ``WaypointDispatchContender``.
final class WaypointDestinationContender: Contender {
    let name = "Waypoint destination"
    let key = "waypointDestination"
    let scansLinearly = false
    private let destinations: DestinationRouter<Destination>

    /// What each route's builder makes.
    struct Destination: Sendable {
        let route: Int
        let parameters: RouteParameters
    }

    init(routes: [String]) throws {
        destinations = DestinationRouter<Destination>()
        try destinations.register(routes) { index in
            { @Sendable link in Destination(route: index, parameters: link.routeParameters) }
        }
    }

    func answer(_ lookup: Lookup) -> Answer? {
        destinations.destination(for: Self.url(lookup.url)).map {
            Answer(priority: $0.route, parameters: $0.parameters.dictionary)
        }
    }

    func pass(over lookups: [Lookup]) -> () -> Int {
        let urls = lookups.map { Self.url($0.url) }
        let destinations = destinations
        return {
            var checksum = 0
            for url in urls {
                if let destination = destinations.destination(for: url) {
                    checksum &+= destination.route &+ 1
                }
            }
            return checksum
        }
    }

    private static func url(_ text: String) -> URL {
        guard let url = URL(string: text) else { preconditionFailure("Foundation rejects the URL \(text)") }
        return url
    }
}
