import Foundation
import Waypoint

/// The ancestors of the route that took a link, in the snapshot it was found in, as a
/// stack lookup walks them: root first (Documentation/spec/routing.md §12). Not generic,
/// so that the walk is compiled once; the builders' calls are in the app's module.
@usableFromInline
struct StackParents: Sendable {
    let snapshot: RouteBook<AnyDestinationEntry>.Snapshot
    /// The route's ancestors, root first; nil for none.
    let link: ParentLink?

    init(snapshot: RouteBook<AnyDestinationEntry>.Snapshot, priority: Int) {
        self.snapshot = snapshot
        link = snapshot.parent(ofOrder: snapshot.table.order(ofPriority: priority))
    }

    /// How many parents the route has.
    @usableFromInline
    var count: Int {
        link?.chain.count ?? 0
    }

    /// Hands `visit` the entry of each parent, root first, until `visit` returns false. Each
    /// parent's builder gets the link of the route that took it: its parameters are among
    /// that link's (`ParentLinks`).
    ///
    /// - Returns: whether every parent was visited.
    @usableFromInline
    func visit(_ visit: (AnyDestinationEntry) -> Bool) -> Bool {
        guard let link else { return true }
        for order in link.chain {
            guard visit(snapshot.value(ofOrder: order)) else { return false }
        }
        return true
    }

    /// Whether a parent's builder is asynchronous.
    var haveAsynchronousBuilder: Bool {
        link?.chain.contains { snapshot.value(ofOrder: $0).isAsynchronous } ?? false
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
