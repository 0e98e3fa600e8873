import Foundation

extension Router {
    /// The winning route for `url` — the earliest-registered route that matches — with
    /// its parameters, without dispatching; nil when nothing matches.
    public func match(_ url: URL) -> RouteMatch? {
        match(url.absoluteString)
    }

    /// The winning route for the URL string `url`, without dispatching.
    public func match(_ url: String) -> RouteMatch? {
        // Not through matchResult: making and dropping the Result cost about 100
        // instructions a lookup, through the runtime's generic value witnesses.
        withTable { table in
            guard case .examined(let match, _) = table.winner(url) else { return nil }
            return match
        }
    }

    /// The winning route for `url`, or why there is none (``RoutingFailure/routeNotFound``,
    /// ``RoutingFailure/urlTooLong`` or ``RoutingFailure/invalidURL``).
    public func matchResult(_ url: String) -> Result<RouteMatch, RoutingFailure> {
        withTable { table in
            switch table.winner(url) {
            case .refused(let failure): .failure(failure)
            case .examined(let match, _): match.map(Result.success) ?? .failure(.routeNotFound)
            }
        }
    }

    /// The winning path route for `url`, host routes left out: how adapters match their
    /// links, which have no host.
    package func matchPathRoutes(_ url: String) -> RouteMatch? {
        withTable { table in
            guard case .examined(let match, _) = table.winner(url, pathRoutesOnly: true) else {
                return nil
            }
            return match
        }
    }

    /// The winning scheme-less path route for a bare path such as `/products/42`.
    ///
    /// Only routes that start with `/` and name no scheme take part, since a bare path has
    /// neither host nor scheme. A `?` or `#` ends the path.
    public func match(path: String) -> RouteMatch? {
        withTable { table in
            guard case .examined(let match, _) = table.winner(path: path) else { return nil }
            return match
        }
    }

    /// Every route that matches `url`, in priority (registration) order.
    public func matches(_ url: URL) -> [RouteMatch] {
        matches(url.absoluteString)
    }

    /// Every route that matches the URL string `url`, in priority (registration) order.
    public func matches(_ url: String) -> [RouteMatch] {
        withTable { table in
            guard case .examined(let matches, _) = table.all(url) else { return [] }
            return matches
        }
    }

    /// For every route, in priority order, whether it matches `url` or where and why it
    /// stopped: the scheme, a literal segment, a missing or extra segment, a regex tail, or
    /// a PCRE2 limit.
    public func explain(_ url: URL) -> [RouteExplanation] {
        explain(url.absoluteString)
    }

    /// ``explain(_:)-(URL)`` for a URL string.
    public func explain(_ url: String) -> [RouteExplanation] {
        table.explain(url)
    }
}
