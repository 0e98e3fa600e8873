import Waypoint

extension DestinationRouter {
    /// The destination of an adapter's link, matched as
    /// `Router.match(_:)` matches it; the builders' deep link carries the
    /// link (`DeepLink.link(as:)`).
    public func destination(for link: some RoutableLink) -> Destination? {
        destination(for: link.linkRequest)
    }

    /// The destination of the link an adapter's result carries (a Detour processing
    /// result), as ``destination(for:)-(RoutableLink)`` gives it; nil when the result has
    /// no link or no route gives a destination.
    public func destination(for result: some RoutableLinkResult) -> Destination? {
        result.link.flatMap { destination(for: $0) }
    }

    /// Pushes the link an adapter's result carries with ``handle(_:)-(RoutableLink)``; nil,
    /// without pushing, when the result has no link.
    @discardableResult
    public func handle(_ result: some RoutableLinkResult) -> DeepLinkResult? {
        result.link.map { handle($0) }
    }

    /// Pushes the link an adapter's result carries from asynchronous code, as
    /// ``dispatch(_:isolation:)-(RoutableLink,_)`` does; nil when the result has no link.
    @discardableResult
    public func dispatch(
        _ result: some RoutableLinkResult, isolation: isolated (any Actor)? = #isolation
    ) async -> DeepLinkResult? {
        guard let link = result.link else { return nil }
        return await dispatch(link)
    }
}
