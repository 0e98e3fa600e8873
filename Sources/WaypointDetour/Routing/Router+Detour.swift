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
    /// Handlers receive the core deep link — `url` is `detour:` + the route, route
    /// parameters from the pattern, query parameters by the core's rules (`+` stays `+`) —
    /// and ``Waypoint/DeepLink/detourLink``, the originating link with its `type`, `url`
    /// and `params` (decoded by the Detour rules, where `+` is a space).
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
        let url = URL(string: matchURL) ?? URL(string: "detour:/")!
        return dispatch(matchURL, url: url, attachment: link, pathRoutesOnly: true)
    }
}

extension DetourLink {
    /// The string the router matches: `detour:` + ``route``, a URL with no authority.
    package var routeMatchURL: String {
        "detour:" + (route.hasPrefix("/") ? route : "/" + route)
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
