/// A route string written once and named: the constant both registration and reverse
/// routing take, so that a misspelled route is a compile error rather than a run-time
/// ``ReverseRoutingError/unknownRoute(route:)``.
///
/// ```swift
/// import Foundation
/// import Waypoint
///
/// extension RouteName {
///     static let product = RouteName("/products/:id([0-9]+)")
/// }
///
/// func shareLink() throws -> URL {
///     let router = Router()
///     try router.register(.product) { _ in }
///     return try router.url(for: .product, parameters: ["id": "42"], scheme: "myapp")
/// }
/// ```
///
/// The name holds the route string as written; it is parsed when it is registered, which
/// throws ``RouteError`` for an invalid route as registering the string does.
public struct RouteName: Hashable, Sendable, CustomStringConvertible {
    /// The route string, exactly as it is registered.
    public let route: String

    /// Names `route`, a route string in the route language (Documentation/spec/routing.md).
    public init(_ route: String) {
        self.route = route
    }

    /// The route string.
    public var description: String { route }
}

extension Router {
    /// Registers the route `route` names with a closure, as
    /// ``register(_:handler:)-(String,(DeepLink)->Void)`` registers a route string.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(
        _ route: RouteName, handler: @escaping @Sendable (DeepLink) -> Void
    ) throws(RouteError) {
        try register(route.route, handler: handler)
    }

    /// Registers the route `route` names with a closure that runs on the main actor, as
    /// ``register(_:onMainActor:)-(String,_)`` registers a route string.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(
        _ route: RouteName, onMainActor handler: @escaping @MainActor @Sendable (DeepLink) -> Void
    ) throws(RouteError) {
        try register(route.route, onMainActor: handler)
    }

    /// Registers the route `route` names with a handler value.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(_ route: RouteName, handler: any DeepLinkHandler) throws(RouteError) {
        try register(route.route, handler: handler)
    }

    /// Registers the route `route` names with a main-actor handler value.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(_ route: RouteName, handler: any MainActorDeepLinkHandler) throws(RouteError) {
        try register(route.route, handler: handler)
    }

    /// Registers the route `route` names with an asynchronous handler, which runs where it
    /// was written, as the asynchronous `register(_:handler:)` of a route string describes.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(
        _ route: RouteName,
        @_inheritActorContext handler: @escaping @isolated(any) @Sendable (DeepLink) async throws -> Void
    ) throws(RouteError) {
        try register([(route.route, .asynchronous(handler))])
    }

    /// Removes the route `route` names.
    ///
    /// - Returns: whether the route was registered.
    @discardableResult
    public func remove(_ route: RouteName) -> Bool {
        remove(route.route)
    }
}
