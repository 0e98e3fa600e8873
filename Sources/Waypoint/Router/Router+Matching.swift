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
            switch table.coldWinner(url) {
            case .refused(let failure): .failure(failure)
            case .examined(let match, _): match.map(Result.success) ?? .failure(.routeNotFound)
            }
        }
    }

    /// The winning path route for `url`, host routes left out: how adapters match their
    /// links, which have no host.
    func matchPathRoutes(_ url: String) -> RouteMatch? {
        withTable { table in
            guard case .examined(let match, _) = table.coldWinner(url, pathRoutesOnly: true) else {
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
            table.winningMatch(path: path)
        }
    }

    /// Calls `body` with the winning scheme-less path route for a bare path, lent rather
    /// than made: the fast path for a caller that reads a few things of the match and keeps
    /// none (a server's dispatch loop).
    ///
    /// The match is the one ``match(path:)`` finds, and `body` gets nil when there is none.
    /// For a route whose parameters are `:name` segments, none percent-decoded, the lookup
    /// makes nothing: the match gives the route's priority, and the values' ranges in `path`
    /// (``BorrowedRouteMatch/utf8Range(at:)``), and makes the route string, the names and
    /// the values only when they are read. The match is valid only inside `body`.
    ///
    /// `body` may do anything, registering or removing routes on this router included: the
    /// lookup holds what the match reads until `body` returns.
    ///
    /// ```swift
    /// let router = Router()
    /// try router.register("/users/:id") { _ in }
    /// let priority = router.withMatch(path: "/users/42") { $0?.priority }
    /// // priority == 0
    /// ```
    ///
    /// - Complexity: as ``match(path:)``, less making the match: one retain and one release
    ///   of the route's shared storage, and no allocation.
    @inlinable
    public func withMatch<Result, Failure: Error>(
        path: String, _ body: (BorrowedRouteMatch?) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lendMatch(path, isPath: true, body)
    }

    /// ``withMatch(path:_:)`` for a URL string, matched as ``match(_:)-(String)`` matches it:
    /// scheme, host and path routes alike.
    @inlinable
    public func withMatch<Result, Failure: Error>(
        _ url: String, _ body: (BorrowedRouteMatch?) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lendMatch(url, isPath: false, body)
    }

    /// Calls `body` once through ``lendMatch(_:isPath:_:)-(_,_,(BorrowedRouteMatch?)->Void)``,
    /// which is not generic (so that the lookup is compiled for the router's types rather
    /// than for any result), and returns what it returned or throws what it threw. Inlinable,
    /// so that it is compiled for the caller's result and error.
    @inlinable
    func lendMatch<Result, Failure: Error>(
        _ text: String, isPath: Bool, _ body: (BorrowedRouteMatch?) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafeTemporaryAllocation(of: Result.self, capacity: 1) {
            (result) throws(Failure) -> Result in
            try withUnsafeTemporaryAllocation(of: Failure.self, capacity: 1) {
                (failure) throws(Failure) -> Result in
                let result = result.baseAddress.unsafelyUnwrapped
                let failure = failure.baseAddress.unsafelyUnwrapped
                var failed = false
                lendMatch(text, isPath: isPath) { match in
                    do throws(Failure) {
                        result.initialize(to: try body(match))
                    } catch {
                        failure.initialize(to: error)
                        failed = true
                    }
                }
                if failed { throw failure.move() }
                return result.move()
            }
        }
    }

    /// Looks `text` up (a bare path, or a URL string) and calls `visit` once with what the
    /// lookup lends, after the lookup has left the publication: `visit` runs the caller's
    /// code, which may register a route. The lookup runs inside the publication's read, as
    /// ``match(path:)``'s does, and holds only what the lent match reads after it: the
    /// route's shared storage for a match of ranges (one retain and one release), nothing
    /// for a match made whole (it holds its own) or for none.
    @usableFromInline
    func lendMatch(_ text: String, isPath: Bool, _ visit: (BorrowedRouteMatch?) -> Void) {
        withUnsafeTemporaryAllocation(of: RouteMatch.self, capacity: 1) { made in
            let made = made.baseAddress.unsafelyUnwrapped
            let winner = withTable { table in
                let winner =
                    isPath ? table.lendWinner(path: text, made: made) : table.lendWinner(text, made: made)
                if winner.kind == .ranges { _ = winner.storage.unsafelyUnwrapped.retain() }
                return winner
            }
            withUnsafePointer(to: text) { source in
                switch winner.kind {
                case .none:
                    visit(nil)
                case .ranges:
                    let storage = winner.storage.unsafelyUnwrapped
                    defer { storage.release() }
                    visit(
                        BorrowedRouteMatch(
                            storage: storage, priority: winner.priority, bounds: winner.bounds,
                            count: winner.count, source: source))
                case .made:
                    visit(BorrowedRouteMatch(made: made, source: source))
                    made.deinitialize(count: 1)
                }
            }
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
}
