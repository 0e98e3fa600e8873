/// A handler value for a route that runs wherever the link is handled, for servers and
/// tools: it handles a link, declines it (passing it to the next matching route), or reports
/// that it has nothing to present it with (DeepLinkKit's route handler class,
/// Documentation/spec/routing.md §5).
///
/// App code that presents screens conforms to ``MainActorDeepLinkHandler`` instead.
///
/// ```swift
/// struct ProductHandler: DeepLinkHandler {
///     let isLoggedIn: @Sendable () -> Bool
///     func handle(_ deepLink: DeepLink) -> DeepLinkHandling {
///         guard isLoggedIn() else { return .declined }
///         guard let id = deepLink.routeParameters["id"] else { return .noTarget }
///         print("show product", id)
///         return .handled
///     }
/// }
/// ```
public protocol DeepLinkHandler: Sendable {
    /// Handles the link, or passes it to the next route that matches, in registration
    /// order: declined (``DeepLinkHandling/declined``), or with no target to present it
    /// with (``DeepLinkHandling/noTarget``, DeepLinkKit's error 22024).
    func handle(_ deepLink: DeepLink) -> DeepLinkHandling
}

/// What a ``DeepLinkHandler`` did with a link.
public enum DeepLinkHandling: Sendable, Hashable {
    /// The link was handled; dispatch stops.
    case handled
    /// The handler does not take this link (DeepLinkKit's `shouldHandleDeepLink:` returning
    /// false); dispatch goes on to the next matching route, and if none handles the link the
    /// result is ``RoutingFailure/routeNotFound``.
    case declined
    /// The handler had no target to present the link with; dispatch goes on to the next
    /// matching route, and if none handles the link the result is
    /// ``RoutingFailure/handlerHasNoTarget``.
    case noTarget
}
