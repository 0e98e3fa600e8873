import Foundation
import Waypoint

/// A destination route's entry as the core shared with `Router` holds it: a class whose
/// base is not generic, so that `RouteBook` and ``DestinationSearch`` are compiled once,
/// specialised, for every destination type.
///
/// `DestinationRouter` is generic over the app's own type, which Waypoint's module never
/// sees: code of the generic class runs unspecialised, and its lookup paid about 2,000
/// instructions of generic-metadata look-ups per call. So the lookup is not generic, and
/// the few lines that call a builder are `@inlinable`, specialised in the app's module.
@usableFromInline
class AnyDestinationEntry: @unchecked Sendable {
    // @unchecked Sendable: one `let` Bool; the subclass holds only `let` Sendable closures.

    /// Whether the route's builder is asynchronous, read without knowing the destination
    /// type.
    let isAsynchronous: Bool

    init(isAsynchronous: Bool) {
        self.isAsynchronous = isAsynchronous
    }
}

/// The builder and printer of a route of a `DestinationRouter<Destination>`.
@usableFromInline
final class DestinationEntry<Destination: Sendable>: AnyDestinationEntry, @unchecked Sendable {
    // @unchecked Sendable: two `let`s, an enum of `@Sendable` closures and a `@Sendable`
    // closure.

    /// A route's builder: one that gives its destination at once, or one that fetches first.
    @usableFromInline
    enum Build: Sendable {
        case synchronous(DestinationRouter<Destination>.Builder)
        case asynchronous(DestinationRouter<Destination>.AsyncBuilder)
    }

    @usableFromInline let build: Build
    /// The synchronous builder again, nil for an asynchronous one: a lookup calls it in
    /// place, where matching `build` copies the closure (a retain and a release per lookup).
    @usableFromInline let synchronous: DestinationRouter<Destination>.Builder?
    let print: DestinationRouter<Destination>.Printer?

    init(build: Build, print: DestinationRouter<Destination>.Printer?) {
        self.build = build
        self.print = print
        if case .synchronous(let builder) = build {
            synchronous = builder
            super.init(isAsynchronous: false)
        } else {
            synchronous = nil
            super.init(isAsynchronous: true)
        }
    }

    /// The entry `entry` is: every entry of a `DestinationRouter<Destination>`'s core is one.
    @inlinable
    static func of(_ entry: AnyDestinationEntry) -> DestinationEntry {
        unsafeDowncast(entry, to: DestinationEntry.self)
    }

    /// A stack lookup's attempt at this route: true when the route takes the link, with its
    /// stack in `stack`: its parents' destinations, root first, then its own. A parent whose
    /// builder returns nil or throws is left out. None when the builder of the route or of
    /// one of its parents is asynchronous (a lookup cannot wait for it); false when the
    /// route's builder passes.
    @inlinable
    func pullStack(_ link: DeepLink, parents: StackParents, into stack: inout [Destination]?) -> Bool {
        guard case .synchronous(let build) = build else { return true }
        guard let top = try? build(link) else { return false }
        var built: [Destination] = []
        built.reserveCapacity(parents.count + 1)
        let complete = parents.visit { parentEntry in
            guard case .synchronous(let build) = DestinationEntry.of(parentEntry).build else { return false }
            if let destination = try? build(link) { built.append(destination) }
            return true
        }
        guard complete else { return true }
        built.append(top)
        stack = built
        return true
    }

    /// A lookup's attempt at this route: true when the route takes the link, with its
    /// destination in `destination`, or with none when its builder is asynchronous (a
    /// lookup cannot wait for it); false when the builder passes (nil, or an error).
    @inlinable
    func pull(_ link: DeepLink, into destination: inout Destination?) -> Bool {
        // An asynchronous builder takes the link; a lookup cannot wait for it.
        if synchronous == nil { return true }
        guard let built = try? synchronous?(link) else { return false }
        destination = built
        return true
    }
}

/// The lookup of ``DestinationRouter``, outside the generic class: the matching routes of
/// one link, winner first, handed to the builders until one gives a destination. Only the
/// winner is looked up at first; the routes after it that match are found only when the
/// winner's builder passes the link on.
enum DestinationSearch {
    typealias Snapshot = RouteBook<AnyDestinationEntry>.Snapshot

    /// What the search hands each matching route: the link its builder gets (with the
    /// route's parameters), the route's entry and its priority; true when the builder gave
    /// a destination, which ends the search.
    typealias Attempt = (_ link: DeepLink, _ entry: AnyDestinationEntry, _ priority: Int) -> Bool

    /// Hands `attempt` the matching routes of `request` in `snapshot`, in priority order,
    /// until it returns true.
    static func run(_ request: LinkRequest, in snapshot: Snapshot, _ attempt: Attempt) {
        run(
            request.matchURL, url: request.url, adaptation: request.adaptation,
            pathRoutesOnly: request.pathRoutesOnly, in: snapshot, attempt)
    }

    /// ``run(_:in:_:)`` for a URL the app received, matched as it is.
    static func run(_ url: URL, in snapshot: Snapshot, _ attempt: Attempt) {
        run(url.absoluteString, url: url, adaptation: nil, pathRoutesOnly: false, in: snapshot, attempt)
    }

    /// Hands `attempt` the matching routes of `matchURL`, each with a link of `url` and
    /// `adaptation`.
    ///
    /// The winner's parameters move into its link: a builder that accepts the winner, the
    /// common case, costs the lookup of `Router.match(_:)` plus the entry, one
    /// copy of the URL and the builder's call.
    @inline(__always)
    private static func run(
        _ matchURL: String, url: URL, adaptation: LinkAdaptation?, pathRoutesOnly: Bool,
        in snapshot: Snapshot,
        _ attempt: Attempt
    ) {
        var queryRange: Range<Int>?
        var parameters = RouteParameters()
        guard
            let priority = snapshot.table.winningRoute(
                matchURL, pathRoutesOnly: pathRoutesOnly, query: &queryRange, parameters: &parameters)
        else { return }
        // The split that found the winner found the query too: no second scan.
        let query = LinkQuery.of(queryRange.map { URLParts.substring($0, of: matchURL) })
        let first = DeepLink(
            url: url, adaptation: adaptation, routeParameters: consume parameters, query: query)
        if attempt(first, snapshot.value(atPriority: priority), priority) { return }
        // The winner passed the link on: find the routes after it, in order.
        for match in snapshot.table.routes(after: priority, matchURL, pathRoutesOnly: pathRoutesOnly) {
            let link = DeepLink(
                url: url, adaptation: adaptation, routeParameters: match.routeParameters, query: query)
            if attempt(link, snapshot.value(atPriority: match.priority), match.priority) { return }
        }
    }
}
