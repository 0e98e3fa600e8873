import Foundation
import Waypoint
import WaypointNavigation

/// `DestinationRouter.stack(for:)` on a `URL` whose route has two parents (``StackTree``),
/// against `destination(for:)` of the same URLs on the same router: what a navigation stack
/// costs over the destination alone. Each builder returns its route's index with its link's
/// route parameters, as ``WaypointDestinationContender``'s do.
///
/// Three modes, so that the `stack-ratio` gate bounds what the issue bounds, the stack's
/// own work apart from its parents' builders (decisions.md, "Navigation stacks"):
/// - ``Mode/destination``: `destination(for:)`, the baseline;
/// - ``Mode/stack``: `stack(for:)`, everything;
/// - ``Mode/machinery``: `stack(for:)` on a router whose parents' builders return nil at
///   once, so that what is left is the walk to the parents, their links and the calls: the
///   stack less its parents' builders' own work.
final class WaypointStackContender: Contender {
    enum Mode {
        case destination, stack, machinery
    }

    let name: String
    let key: String
    let scansLinearly = false
    private let mode: Mode
    private let destinations: DestinationRouter<WaypointDestinationContender.Destination>
    /// Each route's stack depth, to verify the stacks.
    private let depths: [Int]

    init(routes: [String], mode: Mode) throws {
        self.mode = mode
        switch mode {
        case .destination: (name, key) = ("Waypoint destination(for:), 3-deep", "waypointStackTop")
        case .stack: (name, key) = ("Waypoint stack(for:), 3-deep", "waypointStack")
        case .machinery: (name, key) = ("Waypoint stack(for:), parents nil", "waypointStackMachinery")
        }
        let parents = StackTree.parents(of: routes)
        let depths = StackTree.depths(of: parents)
        self.depths = depths
        destinations = DestinationRouter()
        let declines = mode == .machinery
        try destinations.register(routes, parents: parents) { index in
            // The measured stacks' parents are the routes less than 3 deep.
            if declines && depths[index] < StackTree.measuredDepth { return { @Sendable _ in nil } }
            return { @Sendable link in .init(route: index, parameters: link.routeParameters) }
        }
    }

    func answer(_ lookup: Lookup) -> Answer? {
        let url = Self.url(lookup.url)
        guard mode != .destination else {
            return destinations.destination(for: url).map {
                Answer(priority: $0.route, parameters: $0.parameters.dictionary)
            }
        }
        // The stack's top is the answer, and the stack has the route's depth (its parents
        // left out, when they return nil).
        guard let stack = destinations.stack(for: url), let top = stack.last,
            stack.count == (mode == .stack ? depths[top.route] : 1)
        else { return nil }
        return Answer(priority: top.route, parameters: top.parameters.dictionary)
    }

    func pass(over lookups: [Lookup]) -> () -> Int {
        let urls = lookups.map { Self.url($0.url) }
        let destinations = destinations
        if mode != .destination {
            return {
                var checksum = 0
                for url in urls {
                    if let top = destinations.stack(for: url)?.last { checksum &+= top.route &+ 1 }
                }
                return checksum
            }
        }
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
