/// A handler value for a route that runs wherever the link is handled, for servers and
/// tools: it may decline a link, passing it to the next matching route, or report that it
/// has nothing to present it with (DeepLinkKit's route handler class, Documentation/spec/routing.md §5).
///
/// App code that presents screens conforms to ``MainActorDeepLinkHandler`` instead.
///
/// ```swift
/// struct ProductHandler: DeepLinkHandler {
///     let isLoggedIn: @Sendable () -> Bool
///     func shouldHandle(_ deepLink: DeepLink) -> Bool { isLoggedIn() }
///     func handle(_ deepLink: DeepLink) -> DeepLinkHandling {
///         guard let id = deepLink.routeParameters["id"] else { return .noTarget }
///         print("show product", id)
///         return .handled
///     }
/// }
/// ```
public protocol DeepLinkHandler: Sendable {
    /// Whether this handler takes the link. Returning false passes it to the next route
    /// that matches, in registration order. The default returns true.
    func shouldHandle(_ deepLink: DeepLink) -> Bool

    /// Handles the link, or says it has no target to present it with
    /// (``RoutingFailure/handlerHasNoTarget``, DeepLinkKit's error 22024); the link then
    /// goes to the next matching route.
    func handle(_ deepLink: DeepLink) -> DeepLinkHandling
}

extension DeepLinkHandler {
    /// Takes every link.
    public func shouldHandle(_ deepLink: DeepLink) -> Bool { true }
}

/// What a ``DeepLinkHandler`` did with a link.
public enum DeepLinkHandling: Sendable, Hashable {
    /// The link was handled; dispatch stops.
    case handled
    /// The handler had no target to present the link with; dispatch goes on to the next
    /// matching route, and if none handles the link the result is
    /// ``RoutingFailure/handlerHasNoTarget``.
    case noTarget
}
