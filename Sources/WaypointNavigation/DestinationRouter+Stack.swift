import Foundation
import Waypoint

/// Navigation stacks (Documentation/spec/routing.md §12): a route names its parent when it
/// is registered, and a link opens the stack of its route, its parents' destinations built
/// from the same link, root first, then its own.
///
/// ```swift
/// import Foundation
/// import Waypoint
/// import WaypointNavigation
///
/// enum Screen: Hashable, Sendable { case orders, order(Int), item(order: Int, item: Int) }
///
/// func screens() throws -> DestinationRouter<Screen> {
///     let screens = DestinationRouter<Screen>()
///     try screens.register("/orders") { _ in .orders } link: { $0 == .orders ? [:] : nil }
///     try screens.register("/orders/:id", parent: "/orders") { link in
///         .order(try link.parameters.require("id", as: Int.self))
///     } link: { screen in
///         guard case .order(let id) = screen else { return nil }
///         return ["id": String(id)]
///     }
///     try screens.register("/orders/:id/items/:item", parent: "/orders/:id") { link in
///         .item(order: try link.parameters.require("id", as: Int.self),
///               item: try link.parameters.require("item", as: Int.self))
///     } link: { screen in
///         guard case .item(let order, let item) = screen else { return nil }
///         return ["id": String(order), "item": String(item)]
///     }
///     return screens
/// }
/// // stack(for: "myapp:///orders/42/items/7") is [.orders, .order(42), .item(order: 42, item: 7)]
/// ```
extension DestinationRouter {
    /// The navigation stack `url` opens: the destinations of its route's parents, root
    /// first, each built from the same link, then the destination
    /// ``destination(for:)-(URL)`` gives. A parent whose builder returns nil or throws is
    /// left out; the route's own builder passes the link on as the lookup always does.
    ///
    /// Nil when ``destination(for:)-(URL)`` gives nil, and when a builder of the stack is
    /// asynchronous: a lookup cannot wait for it (a pushed link runs it, ``onStack(_:)``).
    ///
    /// - Complexity: what ``destination(for:)-(URL)`` costs, plus each parent's builder and
    ///   the parameters of its link.
    @inlinable
    public func stack(for url: URL) -> [Destination]? {
        stack { searchStack(url, $0) }
    }

    /// The navigation stack of the URL string `url`; nil when it is not a URL.
    @inlinable
    public func stack(for url: String) -> [Destination]? {
        stack { searchStack(url, $0) }
    }

    /// The navigation stack of an adapter's link, matched as
    /// `Router.match(_:)` matches it.
    public func stack(for link: some RoutableLink) -> [Destination]? {
        let snapshot = book.snapshot
        return stack { DestinationSearch.runStack(link.linkRequest, in: snapshot, $0) }
    }

    /// The stack `run` finds: it hands each matching route, winner first, with its parents,
    /// to the builders' attempt, which stops it at the first route that takes the link.
    @inlinable
    func stack(_ run: ((DeepLink, AnyDestinationEntry, StackParents) -> Bool) -> Void) -> [Destination]? {
        var stack: [Destination]?
        run { link, entry, parents in
            DestinationEntry<Destination>.of(entry).pullStack(link, parents: parents, into: &stack)
        }
        return stack
    }

    /// Hands `attempt` the matching routes of `url` in the current table, winner first,
    /// each with its parents.
    @usableFromInline
    func searchStack(_ url: URL, _ attempt: (DeepLink, AnyDestinationEntry, StackParents) -> Bool) {
        DestinationSearch.runStack(url, in: book.snapshot, attempt)
    }

    /// ``searchStack(_:_:)-(URL,_)`` for a URL string; nothing when it is not a URL.
    @usableFromInline
    func searchStack(_ url: String, _ attempt: (DeepLink, AnyDestinationEntry, StackParents) -> Bool) {
        guard let request = LinkRequest(text: url) else { return }
        DestinationSearch.runStack(request, in: book.snapshot, attempt)
    }
}

extension DestinationRouter where Destination: Equatable {
    /// The link that opens `stack`, when `stack` is its top's own stack: the link of its
    /// top (``url(for:scheme:host:)``), returned only when ``stack(for:)-(URL)`` reads it back
    /// as `stack`, screen for screen.
    ///
    /// ```swift
    /// import Foundation
    /// import Waypoint
    /// import WaypointNavigation
    ///
    /// enum Screen: Hashable, Sendable { case orders, order(Int) }
    ///
    /// func shareLink(_ screens: DestinationRouter<Screen>, path: [Screen]) -> URL? {
    ///     try? screens.url(forStack: path, scheme: "https", host: "shop.example")
    /// }
    /// ```
    ///
    /// Any other stack is saved as one link per screen: ``save(_:scheme:host:)``.
    ///
    /// - Throws: ``DestinationStackError``: the stack is empty, its top has no link
    ///   (``DestinationStackError/screen(index:_:)``), or the top's link opens another stack
    ///   (``DestinationStackError/otherStack(url:index:screen:opened:)``, naming the first
    ///   screen that differs).
    /// - Complexity: what ``url(for:scheme:host:)`` costs, then one ``stack(for:)-(URL)``.
    public func url(
        forStack stack: [Destination], scheme: String? = nil, host: String? = nil
    ) throws(DestinationStackError) -> URL {
        guard let top = stack.last else { throw .emptyStack }
        let url: URL
        do {
            url = try self.url(for: top, scheme: scheme, host: host)
        } catch {
            throw .screen(index: stack.count - 1, error)
        }
        let opened = self.stack(for: url) ?? []
        let common = min(stack.count, opened.count)
        let differing = (0..<common).first { stack[$0] != opened[$0] }
        guard let index = differing ?? (stack.count == opened.count ? nil : common) else { return url }
        throw .otherStack(
            url: url.absoluteString, index: index,
            screen: stack.indices.contains(index) ? String(describing: stack[index]) : nil,
            opened: opened.indices.contains(index) ? String(describing: opened[index]) : nil)
    }
}

extension DestinationRouter {
    /// The link Handoff and Spotlight continue `stack` at: its top's `https` link on `host`
    /// (``url(for:scheme:host:)``), for an `NSUserActivity`'s `webpageURL`.
    ///
    /// - Throws: ``DestinationStackError/emptyStack``, or
    ///   ``DestinationStackError/screen(index:_:)`` when the top has no link.
    package func webpageURL(forTopOf stack: [Destination], host: String) throws(DestinationStackError) -> URL
    {
        guard let top = stack.last else { throw .emptyStack }
        do {
            return try url(for: top, scheme: "https", host: host)
        } catch {
            throw .screen(index: stack.count - 1, error)
        }
    }
}
