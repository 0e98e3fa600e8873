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
    /// Whether this handler takes the link. Returning false passes it to the next route
    /// that matches, in registration order. The default returns true.
    func shouldHandle(_ deepLink: DeepLink) -> Bool

    /// Handles the link, or says it has no target to present it with
    /// (``RoutingFailure/handlerHasNoTarget``); the link then goes to the next matching
    /// route.
    func handle(_ deepLink: DeepLink) -> DeepLinkHandling
}

extension MainActorDeepLinkHandler {
    /// Takes every link.
    public func shouldHandle(_ deepLink: DeepLink) -> Bool { true }
}
