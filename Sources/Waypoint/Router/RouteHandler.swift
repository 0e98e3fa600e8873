/// The handler registered for a route: a closure, which always handles the link, or a
/// handler value, which may decline it; each either nonisolated and `Sendable` (servers,
/// tools) or isolated to the main actor (app code); or an asynchronous closure, which runs
/// on the actor it was written for.
public enum RouteHandler: Sendable {
    /// A closure that runs wherever the link is handled; calling it handles the link.
    case closure(@Sendable (DeepLink) -> Void)
    /// A handler value that runs wherever the link is handled, and may decline or have no
    /// target.
    case handler(any DeepLinkHandler)
    /// A closure that runs on the main actor; calling it handles the link.
    case mainActorClosure(@MainActor @Sendable (DeepLink) -> Void)
    /// A handler value that runs on the main actor, and may decline or have no target.
    case mainActorHandler(any MainActorDeepLinkHandler)
    /// An asynchronous closure, run on its own isolation (the main actor for a closure
    /// written in main-actor code, none for a nonisolated one); it handles the link when it
    /// returns and fails it when it throws (``RoutingFailure/handlerFailed``,
    /// ``RoutingFailure/cancelled``). See `register(_:handler:)` with an `async` closure.
    indirect case asynchronous(@isolated(any) @Sendable (DeepLink) async throws -> Void)
}
