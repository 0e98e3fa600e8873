/// A handler value isolated to the main actor, for app code that presents screens: the
/// main-actor counterpart of ``DeepLinkHandler`` (DeepLinkKit's `DPLRouteHandler`).
///
/// A type that conforms is main-actor isolated, so it may hold mutable state and call
/// the app's main-actor code directly:
///
/// ```swift
/// final class ProductScreens: MainActorDeepLinkHandler {
///     var presented: [Int] = []
///     func handle(_ deepLink: DeepLink) -> DeepLinkHandling {
///         guard let id = deepLink.parameters.get("id", as: Int.self) else { return .noTarget }
///         presented.append(id)
///         return .handled
///     }
/// }
/// try router.register("/products/:id", handler: ProductScreens())
/// ```
///
/// The router calls it on the main actor: synchronously when the link is handled there,
/// after a hop to the main actor from ``Router/dispatch(_:isolation:)-(URL,_)`` and
/// ``Router/handle(_:completion:)-(URL,_)`` elsewhere. A synchronous ``Router/handle(_:)-(URL)``
/// off the main actor does not run it, and reports
/// ``RoutingFailure/requiresMainActor``.
@MainActor
public protocol MainActorDeepLinkHandler: Sendable {
    /// Handles the link, or passes it to the next route that matches, in registration
    /// order: declined (``DeepLinkHandling/declined``), or with no target to present it
    /// with (``DeepLinkHandling/noTarget``).
    func handle(_ deepLink: DeepLink) -> DeepLinkHandling
}
