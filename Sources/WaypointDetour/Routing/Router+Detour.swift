import Foundation
import Waypoint

extension Router {
    /// Dispatches the link of a processing result with the core's `handle(_:)` of a
    /// `RoutableLink`; nil, without dispatching, when the result has no link (the empty
    /// result).
    @discardableResult
    public func handle(_ result: DetourResult) -> DeepLinkResult? {
        result.link.map { handle($0) }
    }

    /// Dispatches the link of a processing result from asynchronous code, as the core's
    /// `dispatch(_:isolation:)` of a `RoutableLink` does; nil when the result has no link: `await router.dispatch(await Detour.shared.processLink(url, config: config))`.
    @discardableResult
    public func dispatch(
        _ result: DetourResult, isolation: isolated (any Actor)? = #isolation
    ) async -> DeepLinkResult? {
        guard let link = result.link else { return nil }
        return await dispatch(link)
    }
}

/// A processing result carries the link it resolved, or none: a destination router routes
/// it (`destination(for:)`, `handle(_:)` and `dispatch(_:isolation:)` of a
/// `RoutableLinkResult`, with `import WaypointNavigation`).
extension DetourResult: RoutableLinkResult {}

/// A Detour link reaches the core router, its handlers and destinations as the URL
/// `detour:` + its ``route`` (Documentation/spec/detour.md §9): scheme `detour`, no host, the path `pathname`
/// and the query after the route's first `?`. Handlers get the core deep link, whose `url`
/// is the link's own ``url`` and whose ``Waypoint/DeepLink/detourLink`` is the link, with its
/// `type` and `params` (decoded by the Detour rules, where `+` is a space; the core's
/// query parameters keep `+`).
extension DetourLink: RoutableLink {
    /// `detour:` + ``route``, a URL with no authority.
    ///
    /// A route starting with `//` (from `/h//x` or `myapp:////x`) would read as an authority
    /// after `detour:`, so it gets an empty one, `detour://`, which keeps the whole route as
    /// the path.
    public var routeURL: String {
        let path = route.hasPrefix("/") ? route : "/" + route
        return (path.hasPrefix("//") ? "detour://" : "detour:") + path
    }

    /// ``url`` as a URL; for a hand-made link whose `url` Foundation cannot read, the
    /// ``routeURL`` (the pipeline percent-encodes routes, so that one always reads), else
    /// `detour:/`.
    public var receivedURL: URL {
        URL(string: url) ?? URL(string: routeURL) ?? DetourLink.detourRoot
    }

    /// `detour:/`, the URL of a hand-made link that has no other.
    private static let detourRoot = URL(string: "detour:/")!
}

extension DeepLink {
    /// The Detour link this deep link was dispatched from, or nil for links that did not come
    /// through the Detour adapter. A handler that cares how the link arrived reads
    /// `deepLink.detourLink?.type`.
    public var detourLink: DetourLink? {
        link(as: DetourLink.self)
    }
}
