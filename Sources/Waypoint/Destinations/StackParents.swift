import Foundation

/// The parents of the route that took a link, in the snapshot it was found in, as a stack
/// lookup walks them: nearest first (Documentation/spec/routing.md §11). Not generic, so
/// that the walk is compiled once; the builders' calls are in the app's module.
@usableFromInline
struct StackParents: Sendable {
    let snapshot: RouteBook<AnyDestinationEntry>.Snapshot
    /// The order of the route that took the link.
    let order: RouteTable.RegistrationOrder

    init(snapshot: RouteBook<AnyDestinationEntry>.Snapshot, priority: Int) {
        self.snapshot = snapshot
        order = snapshot.table.order(ofPriority: priority)
    }

    /// How many parents the route has.
    @usableFromInline
    var count: Int {
        var count = 0
        var current = order
        while let parent = snapshot.parent(ofOrder: current) {
            count += 1
            current = parent
        }
        return count
    }

    /// Hands `visit` each parent, nearest first, with the link its builder gets (made from
    /// `link`, the link of the route that took it) and its entry, until `visit` returns
    /// false.
    ///
    /// - Returns: whether every parent was visited.
    @usableFromInline
    func visit(from link: DeepLink, _ visit: (DeepLink, AnyDestinationEntry) -> Bool) -> Bool {
        var current = order
        while let parent = snapshot.parent(ofOrder: current) {
            guard visit(Self.link(of: parent, from: link, in: snapshot), snapshot.value(ofOrder: parent))
            else {
                return false
            }
            current = parent
        }
        return true
    }

    /// The link the builder of the route with `order` gets for a link of one of its
    /// descendants: the same URL and query, with the route's own parameters taken from the
    /// descendant's, in the route's order, as if the route had matched.
    static func link(
        of order: RouteTable.RegistrationOrder, from link: DeepLink,
        in snapshot: RouteBook<AnyDestinationEntry>.Snapshot
    ) -> DeepLink {
        let pattern = snapshot.table.route(order: order).pattern
        var elements: [RouteParameters.Element] = []
        for (name, _) in pattern.parameters {
            if let value = link.routeParameters[name] { elements.append((name, value)) }
        }
        return DeepLink(
            url: link.url, adaptation: link.adaptation,
            routeParameters: RouteParameters(route: pattern.route, elements: elements), query: link.query)
    }

    /// Whether a parent's builder is asynchronous.
    var haveAsynchronousBuilder: Bool {
        var current = order
        while let parent = snapshot.parent(ofOrder: current) {
            if snapshot.value(ofOrder: parent).isAsynchronous { return true }
            current = parent
        }
        return false
    }

    /// The routes of the stack, root first: the parents' route strings, then the route's.
    var routes: [String] {
        var routes = [snapshot.table.route(order: order).pattern.route]
        var current = order
        while let parent = snapshot.parent(ofOrder: current) {
            routes.append(snapshot.table.route(order: parent).pattern.route)
            current = parent
        }
        return routes.reversed()
    }
}

extension DestinationSearch {
    /// Hands `attempt` the matching routes of `url` in `snapshot`, winner first, each with
    /// its parents, until it returns true.
    static func runStack(
        _ url: URL, in snapshot: Snapshot, _ attempt: (DeepLink, AnyDestinationEntry, StackParents) -> Bool
    ) {
        run(url, in: snapshot) { link, entry, priority in
            attempt(link, entry, StackParents(snapshot: snapshot, priority: priority))
        }
    }

    /// ``runStack(_:in:_:)`` for a request (a URL string, an adapter's link).
    static func runStack(
        _ request: LinkRequest, in snapshot: Snapshot,
        _ attempt: (DeepLink, AnyDestinationEntry, StackParents) -> Bool
    ) {
        run(request, in: snapshot) { link, entry, priority in
            attempt(link, entry, StackParents(snapshot: snapshot, priority: priority))
        }
    }
}
