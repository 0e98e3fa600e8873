import Foundation
import Waypoint

/// Any navigation stack saved as links, one per screen, and restored from them
/// (Documentation/spec/routing.md §12).
extension DestinationRouter {
    /// `stack` saved as links: each screen's link (``url(for:scheme:host:)``), bottom
    /// first. Any stack can be saved, not only a route's own; the links are checked as
    /// ``url(for:scheme:host:)`` checks one.
    ///
    /// - Throws: ``DestinationStackError/screen(index:_:)`` naming the first screen that
    ///   has no link.
    /// - Complexity: one ``url(for:scheme:host:)`` per screen.
    public func save(
        _ stack: [Destination], scheme: String? = nil, host: String? = nil
    ) throws(DestinationStackError) -> SavedStack {
        var links: [URL] = []
        links.reserveCapacity(stack.count)
        for (index, screen) in stack.enumerated() {
            do {
                links.append(try url(for: screen, scheme: scheme, host: host))
            } catch {
                throw .screen(index: index, error)
            }
        }
        return SavedStack(links: links)
    }

    /// The stack `saved` holds: the destination of each link (``destination(for:)-(URL)``),
    /// in order. A link that opens no destination now (its route was removed, its builder
    /// declines it, it is not a URL or holds a control character, it is longer than
    /// `RouterOptions.maxURLLength`) is
    /// dropped with its reason, and the others are restored; at most ``SavedStack/limit``
    /// links are read.
    ///
    /// As ``destination(for:)-(URL)``, it applies neither the gate nor the hold nor
    /// conditions: restoring is the app's own state, not a link that arrives.
    ///
    /// - Complexity: one ``destination(for:)-(URL)`` per link read.
    public func restore(_ saved: SavedStack) -> RestoredStack<Destination> {
        let snapshot = book.snapshot
        var restored = RestoredStack<Destination>(stack: [], dropped: [])
        restored.stack.reserveCapacity(min(saved.links.count, SavedStack.limit))
        for (index, link) in saved.links.enumerated() {
            guard index < SavedStack.limit else {
                restored.dropped.append(DroppedLink(index: index, link: link, reason: .overLimit))
                continue
            }
            // A link no route can take is not parsed: damaged storage may hold megabytes.
            guard link.utf8.count <= book.options.urlLengthBound else {
                let reason = DroppedLink.Reason.urlTooLong(
                    length: link.utf8.count, limit: book.options.urlLengthBound)
                restored.dropped.append(DroppedLink(index: index, link: link, reason: reason))
                continue
            }
            // A saved link is absolute and holds no control character (`save` writes neither):
            // anything else is damage, whatever Foundation makes of it.
            guard let request = LinkRequest(text: link), request.url.scheme != nil else {
                restored.dropped.append(DroppedLink(index: index, link: link, reason: .invalidURL))
                continue
            }
            switch Self.restored(request, in: snapshot) {
            case .restored(let destination): restored.stack.append(destination)
            case .dropped(let reason):
                restored.dropped.append(DroppedLink(index: index, link: link, reason: reason))
            }
        }
        return restored
    }

    /// What a restore makes of one link.
    private enum Restored {
        case restored(Destination)
        case dropped(DroppedLink.Reason)
    }

    /// The destination of `request` in `snapshot`, or why there is none.
    private static func restored(_ request: LinkRequest, in snapshot: DestinationSearch.Snapshot) -> Restored
    {
        var result = Restored.dropped(.noRoute)
        DestinationSearch.run(request, in: snapshot) { link, entry, priority in
            switch DestinationEntry<Destination>.of(entry).build {
            case .asynchronous:
                let route = snapshot.table.route(order: snapshot.table.order(ofPriority: priority)).pattern
                    .route
                result = .dropped(.asynchronous(route: route))
                return true
            case .synchronous(let build):
                guard let destination = try? build(link) else {
                    result = .dropped(.noDestination)
                    return false
                }
                result = .restored(destination)
                return true
            }
        }
        return result
    }
}
