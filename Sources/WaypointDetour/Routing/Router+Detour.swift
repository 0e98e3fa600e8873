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

    /// Dispatches a Detour link (detour.md §9) as ``match(_:)-(DetourLink)`` matches it, as
    /// ``Waypoint/Router/handle(_:)-(URL)`` dispatches a URL (off the main actor it stops at
    /// a main-actor handler with ``Waypoint/RoutingFailure/requiresMainActor``).
    ///
    /// Handlers receive the core deep link — `url` is the link's original URL (the Detour
    /// link's `url`), ``Waypoint/DeepLink/matchedURL`` is `detour:` + the route, route
    /// parameters come from the pattern and query parameters from the route's query by the
    /// core's rules (`+` stays `+`) — and ``Waypoint/DeepLink/detourLink``, the originating
    /// link with its `type` and `params` (decoded by the Detour rules, where `+` is a space).
    @discardableResult
    public func handle(_ link: DetourLink) -> DeepLinkResult {
        handle(link.linkRequest)
    }

    /// Dispatches a Detour link, then calls `completion` with the result on the main
    /// queue, asynchronously, as ``Waypoint/Router/handle(_:completion:)`` does for a URL.
    public func handle(
        _ link: DetourLink, completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void
    ) {
        handle(link.linkRequest, completion: completion)
    }

    /// Dispatches a Detour link from asynchronous code, as
    /// ``Waypoint/Router/dispatch(_:isolation:)`` does for a URL.
    @discardableResult
    public func dispatch(
        _ link: DetourLink, isolation: isolated (any Actor)? = #isolation
    ) async -> DeepLinkResult {
        await dispatch(link.linkRequest)
    }

    /// Dispatches the link of a processing result with ``handle(_:)-(DetourLink)``; nil,
    /// without dispatching, when the result has no link (the empty result).
    @discardableResult
    public func handle(_ result: DetourResult) -> DeepLinkResult? {
        result.link.map { handle($0.linkRequest) }
    }

    /// Dispatches the link of a processing result from asynchronous code, as
    /// ``dispatch(_:isolation:)-(DetourLink,_)`` does; nil when the result has no link:
    /// `await router.dispatch(await Detour.shared.processLink(url, config: config))`.
    @discardableResult
    public func dispatch(
        _ result: DetourResult, isolation: isolated (any Actor)? = #isolation
    ) async -> DeepLinkResult? {
        guard let link = result.link else { return nil }
        return await dispatch(link.linkRequest)
    }
}

extension Router {
    /// `detour:/`, the matched URL of a hand-made link whose route is not a URL.
    fileprivate static let detourRoot = URL(string: "detour:/")!
}

extension DetourLink {
    /// The link as the router dispatches it: matched as ``routeMatchURL``, handed to
    /// handlers with its original URL.
    var linkRequest: LinkRequest {
        let matchURL = routeMatchURL
        // The route is percent-encoded by the pipeline (detour.md §2.2), so it always forms
        // a valid URL; the fallback only guards against a hand-made link.
        let matched = URL(string: matchURL) ?? Router.detourRoot
        // The link's own URL is what the app received; a hand-made link whose `url`
        // Foundation cannot read keeps the matched URL instead.
        return LinkRequest(
            matchURL: matchURL, url: URL(string: url) ?? matched, matched: matched, attachment: self,
            pathRoutesOnly: true)
    }

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
