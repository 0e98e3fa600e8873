import Foundation
import Waypoint

extension Router {
    /// The winning route for a Detour link (detour.md §9).
    ///
    /// The link is matched as the URL `detour:` + its `route` (e.g.
    /// `detour:/products/42?color=red`): scheme `detour`, no host, the path `pathname` and
    /// the query after the route's first `?`. Path routes match under the core's rules; a
    /// route with a scheme matches only if that scheme is `detour`; host routes (including
    /// `.*`) take no part, so use `/**` as the fallback.
    public func match(_ link: DetourLink) -> RouteMatch? {
        matchPathRoutes(link.routeMatchURL)
    }

    /// Dispatches a Detour link (detour.md §9) as ``match(_:)-(DetourLink)`` matches it.
    ///
    /// Handlers receive the core deep link — `url` is the link's original URL (the Detour
    /// link's `url`), ``Waypoint/DeepLink/matchedURL`` is `detour:` + the route, route
    /// parameters come from the pattern and query parameters from the route's query by the
    /// core's rules (`+` stays `+`) — and ``Waypoint/DeepLink/detourLink``, the originating
    /// link with its `type` and `params` (decoded by the Detour rules, where `+` is a space).
    @discardableResult
    public func handle(_ link: DetourLink) -> DeepLinkResult {
        dispatch(link)
    }

    /// Dispatches a Detour link, then calls `completion` with the result on the main
    /// queue, asynchronously.
    ///
    /// - Returns: whether the link was handled.
    @discardableResult
    public func handle(
        _ link: DetourLink, completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void
    ) -> Bool {
        let result = dispatch(link)
        Router.complete(result, completion)
        return result.isHandled
    }

    /// Dispatches a Detour link from asynchronous code.
    public func handle(_ link: DetourLink) async -> DeepLinkResult {
        dispatch(link)
    }

    /// Dispatches the link of a processing result; nil, without dispatching, when the
    /// result has no link (the empty result).
    @discardableResult
    public func handle(_ result: DetourResult) -> DeepLinkResult? {
        result.link.map(dispatch)
    }

    private func dispatch(_ link: DetourLink) -> DeepLinkResult {
        let matchURL = link.routeMatchURL
        // The route is percent-encoded by the pipeline (detour.md §2.2), so it always forms
        // a valid URL; the fallback only guards against a hand-made link.
        let matched = URL(string: matchURL) ?? Self.detourRoot
        // The link's own URL is what the app received; a hand-made link whose `url` Foundation
        // cannot read keeps the matched URL instead.
        let url = URL(string: link.url) ?? matched
        return dispatch(matchURL, url: url, matched: matched, attachment: link, pathRoutesOnly: true)
    }
}

extension Router {
    /// `detour:/`, the matched URL of a hand-made link whose route is not a URL.
    fileprivate static let detourRoot = URL(string: "detour:/")!
}

extension DetourLink {
    /// The string the router matches: `detour:` + ``route``, a URL with no authority.
    ///
    /// A route starting with `//` (from `/h//x` or `myapp:////x`) would read as an authority
    /// after `detour:`, so it gets an empty one, `detour://`, which keeps the whole route as
    /// the path.
    package var routeMatchURL: String {
        let path = route.hasPrefix("/") ? route : "/" + route
        return (path.hasPrefix("//") ? "detour://" : "detour:") + path
    }
}

extension DeepLink {
    /// The Detour link this deep link was dispatched from, or nil for links that did not come
    /// through the Detour adapter. A handler that cares how the link arrived reads
    /// `deepLink.detourLink?.type`.
    public var detourLink: DetourLink? {
        attachment as? DetourLink
    }
}
