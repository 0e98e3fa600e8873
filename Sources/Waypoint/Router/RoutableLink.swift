import Foundation

/// A link of an adapter's own model (a Detour link, a Paylisher link) that the router routes
/// by its route alone: the one seam through which every adapter's links reach handlers,
/// asynchronous handlers and destinations.
///
/// The router matches the link as ``routeURL``, a URL with the link's scheme, no host, the
/// link's path and its query, so path routes written for the app's own URLs serve the link
/// too; a route with a scheme matches only that scheme, and host routes take no part (use
/// `/**` as the fallback). Handlers get a ``DeepLink`` whose ``DeepLink/url`` is
/// ``receivedURL``, whose ``DeepLink/matchedURL`` is ``routeURL``, and which carries the link
/// itself: ``DeepLink/link(as:)`` gives it back.
///
/// ```swift
/// import Foundation
/// import Waypoint
///
/// struct ChatLink: RoutableLink {
///     let room: String
///     var routeURL: String { "chat:/rooms/" + room }
///     var receivedURL: URL { URL(string: "https://chat.example/r/" + room)! }
/// }
///
/// let router = Router()
/// try router.register("/rooms/:room") { link in
///     print("room", link.routeParameters["room"] ?? "", "from", link.link(as: ChatLink.self)?.room ?? "")
/// }
/// router.handle(ChatLink(room: "general"))  // room general from general
/// ```
public protocol RoutableLink: Sendable {
    /// The URL the router matches the link as: the link's scheme, no authority, its path and
    /// its query, such as `detour:/products/42?color=red`.
    var routeURL: String { get }

    /// The URL the app received, which handlers get as ``DeepLink/url``.
    var receivedURL: URL { get }
}

/// What an adapter's processing gives back that may carry a link, such as a Detour
/// processing result: a destination router routes its link (`destination(for:)`,
/// `handle(_:)`, `dispatch(_:isolation:)` with `import WaypointNavigation`), and does
/// nothing when it has none.
public protocol RoutableLinkResult: Sendable {
    /// The link the result carries.
    associatedtype Link: RoutableLink

    /// The link to route; nil when the result has none.
    var link: Link? { get }
}

extension RoutableLink {
    /// The link as the router dispatches it: matched as ``routeURL``, path routes only,
    /// handed to handlers with ``receivedURL`` and the link itself.
    package var linkRequest: LinkRequest {
        let routeURL = self.routeURL
        let received = receivedURL
        return LinkRequest(
            matchURL: routeURL, url: received, matched: URL(string: routeURL) ?? received, attachment: self,
            pathRoutesOnly: true)
    }
}

extension Router {
    /// The winning route for an adapter's link, matched as its ``RoutableLink/routeURL``:
    /// path routes under the core's rules, a route with a scheme only for that scheme, host
    /// routes not at all.
    public func match(_ link: some RoutableLink) -> RouteMatch? {
        matchPathRoutes(link.routeURL)
    }

    /// Dispatches an adapter's link as ``match(_:)-(RoutableLink)`` matches it and as
    /// ``handle(_:)-(URL)`` dispatches a URL: handlers run before this returns (off the main
    /// actor it stops at a main-actor handler with ``RoutingFailure/requiresMainActor``, and
    /// an asynchronous handler is started in a task, ``PendingDelivery/running(_:)``).
    ///
    /// Handlers get a deep link whose `url` is the link's ``RoutableLink/receivedURL``,
    /// whose ``DeepLink/matchedURL`` is its ``RoutableLink/routeURL``, and which carries the
    /// link: ``DeepLink/link(as:)``.
    @discardableResult
    public func handle(_ link: some RoutableLink) -> DeepLinkResult {
        handle(link.linkRequest)
    }

    /// Dispatches an adapter's link, then calls `completion` with the result on the main
    /// queue, asynchronously, as ``handle(_:completion:)-(URL,_)`` does for a URL.
    public func handle(
        _ link: some RoutableLink, completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void
    ) {
        handle(link.linkRequest, completion: completion)
    }

    /// Dispatches an adapter's link from asynchronous code and returns when its handler has
    /// finished, as ``dispatch(_:isolation:)-(URL,_)`` does for a URL.
    @discardableResult
    public func dispatch(
        _ link: some RoutableLink, isolation: isolated (any Actor)? = #isolation
    ) async -> DeepLinkResult {
        await dispatch(link.linkRequest)
    }
}

extension DeepLink {
    /// The adapter's link this deep link was dispatched from, when it is a `Link`; nil for
    /// a URL handed to the router, or a link of another type.
    public func link<Link: RoutableLink>(as type: Link.Type) -> Link? {
        attachment as? Link
    }
}
