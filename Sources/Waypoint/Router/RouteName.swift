/// A route string written once and named: the constant both registration and reverse
/// routing (`url(for:parameters:scheme:host:)`, the `WaypointReverseRouting` product) take,
/// so that a misspelled route is a compile error rather than a run-time
/// `ReverseRoutingError.unknownRoute(route:)`.
///
/// ```swift
/// import Foundation
/// import Waypoint
/// import WaypointReverseRouting
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
/// A string literal is a route name too, so `router.register("/cart") { … }` and
/// `router.register(.product) { … }` call the same method; a route string held in a
/// variable is named with ``init(_:)``. The name holds the route string as written; it is
/// parsed when it is registered, which throws ``RouteError`` for an invalid route.
public struct RouteName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByStringInterpolation
{
    /// The route string, exactly as it is registered.
    public let route: String

    /// Names `route`, a route string in the route language (Documentation/spec/routing.md).
    public init(_ route: String) {
        self.route = route
    }

    /// Names the route a string literal writes: `"/products/:id"` where a name is expected.
    public init(stringLiteral route: String) {
        self.route = route
    }

    /// Names the route an interpolated string writes: `"/\(section)/:id"`.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.route = String(stringInterpolation: stringInterpolation)
    }

    /// The route string.
    public var description: String { route }
}
