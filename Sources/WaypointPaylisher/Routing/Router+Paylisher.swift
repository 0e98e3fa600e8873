import Foundation
import Waypoint

extension Router {
    /// The winning route for a Paylisher link (paylisher.md §8).
    ///
    /// The link is routed by its segments, not its raw URL: it is matched as a URL with the
    /// link's scheme, an empty host, the path ``PaylisherDeepLink/routePath`` and the link's
    /// raw query. Path routes therefore match the custom-scheme and web forms alike
    /// (`yourapp://products/42` and `https://link.paylisher.com/products/42` both match
    /// `/products/:id`); a route with a scheme still matches only that scheme; host routes
    /// take no part.
    public func match(_ link: PaylisherDeepLink) -> RouteMatch? {
        matchPathRoutes(link.routeMatchURL)
    }

    /// Dispatches a Paylisher link (paylisher.md §8) as ``match(_:)-(PaylisherDeepLink)``
    /// matches it, as ``Waypoint/Router/handle(_:)-(URL)`` dispatches a URL (off the main
    /// actor it stops at a main-actor handler with
    /// ``Waypoint/RoutingFailure/requiresMainActor``). Handlers receive a deep link whose
    /// `url` is the link's original URL, whose ``Waypoint/DeepLink/matchedURL`` is the URL
    /// made of its route (`yourapp:/products/42?…`, the same for the custom-scheme and web
    /// forms) and whose ``Waypoint/DeepLink/paylisherLink`` is the link.
    @discardableResult
    public func handle(_ link: PaylisherDeepLink) -> DeepLinkResult {
        handle(link.linkRequest)
    }

    /// Dispatches a Paylisher link, then calls `completion` with the result on the main
    /// queue, asynchronously, as ``Waypoint/Router/handle(_:completion:)`` does for a URL.
    public func handle(
        _ link: PaylisherDeepLink, completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void
    ) {
        handle(link.linkRequest, completion: completion)
    }

    /// Dispatches a Paylisher link from asynchronous code, as
    /// ``Waypoint/Router/dispatch(_:isolation:)`` does for a URL.
    @discardableResult
    public func dispatch(
        _ link: PaylisherDeepLink, isolation: isolated (any Actor)? = #isolation
    ) async -> DeepLinkResult {
        await dispatch(link.linkRequest)
    }
}

extension PaylisherDeepLink {
    /// The link as the router dispatches it: matched by ``routeMatchURL``, handed to
    /// handlers with its original URL.
    var linkRequest: LinkRequest {
        let matchURL = routeMatchURL
        // Made of a parsed URL's scheme, encoded segments and query, so Foundation reads it;
        // the fallback only guards against a link it would not.
        let matched = URL(string: matchURL) ?? url
        return LinkRequest(
            matchURL: matchURL, url: url, matched: matched, attachment: self, pathRoutesOnly: true)
    }

    /// The string the router matches: `scheme:` + ``routePath`` + `?` + the raw query when
    /// the link has one — a URL without an authority, so its host is empty.
    package var routeMatchURL: String {
        scheme + ":" + routePath + (rawQuery.map { "?" + $0 } ?? "")
    }
}

extension DeepLink {
    /// The Paylisher link this deep link was dispatched from, or nil when it did not come
    /// through ``Waypoint/Router/handle(_:)-(PaylisherDeepLink)``.
    public var paylisherLink: PaylisherDeepLink? {
        attachment as? PaylisherDeepLink
    }
}

extension DestinationRouter {
    /// The destination of a Paylisher link, matched by its normalised segments as
    /// ``Waypoint/Router/match(_:)-(PaylisherDeepLink)`` matches it; the builders' link
    /// carries it as ``Waypoint/DeepLink/paylisherLink``.
    public func destination(for link: PaylisherDeepLink) -> Destination? {
        destination(for: link.linkRequest)
    }
}
