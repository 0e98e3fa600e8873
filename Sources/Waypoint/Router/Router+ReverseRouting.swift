import Foundation

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
    /// open something else is never returned.
    ///
    /// - Parameters:
    ///   - route: A registered route string, exactly as registered.
    ///   - parameters: One value for each parameter the route captures (`:name?` may be left
    ///     out), and for `"*"` when the route has a `*`.
    ///   - scheme: The URL's scheme; required when the route names none, and when it names
    ///     one, nil or the same scheme in any case.
    ///   - host: For a path route, the URL's host, percent-encoded as a host name; nil writes
    ///     an empty host (`myapp:///products/42`). A host route's host comes from the route.
    /// - Returns: A URL that ``match(_:)-(URL)`` matches to `route` with `parameters`.
    /// - Throws: ``ReverseRoutingError``: the route is unknown or has a raw-regex segment,
    ///   the scheme or host is wrong, a parameter is missing, unknown, given twice, empty
    ///   where a segment is required or rejected by its pattern, another route would win, or
    ///   the values read back differently.
    /// - Complexity: one match of the URL, plus one `matches` when the URL does not round-trip.
    public func url(
        for route: String, parameters: RouteParameters = RouteParameters(), scheme: String? = nil,
        host: String? = nil
    ) throws(ReverseRoutingError) -> URL {
        let table = snapshot.table
        guard let compiled = table.routes.first(where: { $0.pattern.route == route }) else {
            throw .unknownRoute(route: route)
        }
        let template = try RouteTemplate(compiled.pattern)
        let scheme = try Self.scheme(scheme, for: compiled.pattern)
        if let host, compiled.pattern.kind == .host { throw .unexpectedHost(route: route, host: host) }
        let given = try template.check(parameters)
        let text = try template.url(given, scheme: scheme, host: host)
        guard let url = URL(string: text) else { throw .unmatched(route: route, url: text) }

        let written = url.absoluteString
        let expected = RouteParameters(
            elements: parameters.filter { !($0.name == "*" && template.hasWildcard) })
        switch table.winner(written) {
        case .refused(.urlTooLong):
            throw .urlTooLong(route: route, length: written.utf8.count, limit: options.urlLengthBound)
        case .refused:
            throw .unmatched(route: route, url: written)
        case .examined(let winner, _):
            if let winner, winner.route == route, winner.routeParameters == expected { return url }
            guard case .examined(let matches, _) = table.all(written) else {
                throw .unmatched(route: route, url: written)
            }
            if let own = matches.first(where: { $0.route == route }) {
                if own.routeParameters != expected {
                    throw .ambiguous(route: route, url: written, parameters: own.routeParameters)
                }
                throw .shadowed(route: route, url: written, winner: winner?.route ?? route)
            }
            if let (name, value) = template.rejectedValue(given, options: options) {
                throw .valueRejected(route: route, name: name, value: value)
            }
            throw .unmatched(route: route, url: written)
        }
    }

    /// The scheme to write for `pattern`: the given one, checked against the route's.
    private static func scheme(
        _ given: String?, for pattern: RoutePattern
    ) throws(ReverseRoutingError) -> String {
        guard let scheme = given ?? pattern.scheme else { throw .missingScheme(route: pattern.route) }
        let bytes = Array(scheme.utf8)
        let valid = bytes.first?.isASCIILetter == true && bytes.dropFirst().allSatisfy(\.isSchemeCharacter)
        let matchesRoute = pattern.scheme.map { $0.lowercased() == scheme.lowercased() } ?? true
        guard valid, matchesRoute else { throw .invalidScheme(route: pattern.route, scheme: scheme) }
        return scheme
    }
}
