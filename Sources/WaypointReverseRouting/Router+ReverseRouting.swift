import Foundation
import Waypoint

extension Router {
    /// The URL that `route` matches with exactly `parameters`: reverse routing.
    ///
    /// ```swift
    /// let router = Router()
    /// try router.register("/products/:id") { _ in }
    /// let url = try router.url(for: "/products/:id", parameters: ["id": "42"], scheme: "myapp")
    /// // myapp:///products/42
    /// ```
    ///
    /// Every value is percent-encoded for its place in the route: a `/` in a `:name` value
    /// is written `%2F` and stays in its segment, a `:name(regex)` value keeps its `/`s. A
    /// `*` segment takes the parameter named `"*"` (it is not captured, so it is not in the
    /// match), and `**` the one named `"**"`, joined by `/` (`""` for no segments). A
    /// `:name?` is left out when its parameter is not given.
    ///
    /// Before it is returned, the URL is matched with this router: it is returned only when
    /// `route` wins it and captures `parameters` back (without `"*"`), so a URL that would
    /// open something else is never returned. When the URL written first opens an earlier
    /// route, the other spellings that `route` reads the same values from are tried, and
    /// the first that round-trips is returned: a `**` or `:name(regex)` value's final `/`
    /// kept; the `/`s of the regex tail or `**` (route separators there too) written `%2F`,
    /// all of them, then one at a time; and each of these with one more empty segment at
    /// the end, for a route that ends in one (`/a//` after `/a`). Documentation/spec/routing.md
    /// §9 lists them.
    ///
    /// - Parameters:
    ///   - route: A registered route, exactly as registered (a string literal, or a
    ///     `RouteName`).
    ///   - parameters: One value for each parameter the route captures (`:name?` may be left
    ///     out), and for `"*"` when the route has a `*`.
    ///   - scheme: The URL's scheme; required when the route names none, and when it names
    ///     one, nil or the same scheme in any case.
    ///   - host: For a path route, the URL's host, percent-encoded as a host name; nil writes
    ///     an empty host (`myapp:///products/42`). A host route's host comes from the route.
    /// - Returns: A URL that `match(_:)` matches to `route` with `parameters`.
    /// - Throws: ``ReverseRoutingError``: the route is unknown or has a raw-regex segment,
    ///   the scheme or host is wrong, a parameter is missing, unknown, given twice, empty
    ///   where a segment is required or rejected by its pattern, another route would win, or
    ///   the values read back differently. When no spelling round-trips, the error is the
    ///   first spelling's.
    /// - Complexity: one hash lookup of `route`, whatever the number of routes, then one
    ///   match of the URL; only when it does not round-trip are the other spellings written
    ///   and matched, at most (4 + 1 + 64) × 2 of them (a `/` of the spanning part is written
    ///   `%2F` alone for the first 64 only), plus one `matches` when none does.
    public func url(
        for route: RouteName, parameters: RouteParameters = RouteParameters(), scheme: String? = nil,
        host: String? = nil
    ) throws(ReverseRoutingError) -> URL {
        try book.reversePlan(for: route.route, parameters: parameters, scheme: scheme, host: host).plan.url()
    }
}
