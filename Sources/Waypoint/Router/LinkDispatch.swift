import Foundation

/// One link on its way through the handlers of the routes that match it, in registration
/// order (routing.md §5). It can stop before a main-actor handler when it runs off the main
/// actor, and go on from there once it is on the main actor.
struct LinkDispatch: Sendable {
    /// How a dispatch starts: finished at once (refused, nothing matched), or with routes to
    /// try.
    enum Start {
        case finished(DeepLinkResult)
        case candidates(LinkDispatch)
    }

    private let snapshot: Router.Snapshot
    private let request: LinkRequest
    /// The matched URL's query, shared by every link the dispatch makes.
    private let query: LinkQuery?
    /// The winning route, tried first.
    private let first: RouteMatch
    /// The matching routes after the winner, in order: found only once the winner passes
    /// the link on, so that a link its winner handles allocates no list of routes.
    private var rest: [RouteMatch] = []
    /// The route to try next: 0 is `first`, `n` is `rest[n - 1]`.
    private var index = 0
    private var expanded = false
    private var sawNoTarget = false

    private init(snapshot: Router.Snapshot, request: LinkRequest, query: LinkQuery?, first: RouteMatch) {
        self.snapshot = snapshot
        self.request = request
        self.query = query
        self.first = first
    }

    /// Applies the gate and finds the winning route; runs its handler when it is a
    /// nonisolated closure, which handles every link.
    static func start(_ request: consuming LinkRequest, in snapshot: Router.Snapshot) -> Start {
        if let gate = snapshot.gate, !gate(request.url) { return .finished(.failed(.refusedByGate)) }
        var queryRange: Range<Int>?
        switch snapshot.table.winner(
            request.matchURL, pathRoutesOnly: request.pathRoutesOnly, query: &queryRange)
        {
        case .refused(let failure):
            return .finished(.failed(failure))
        case .examined(nil, _):
            return .finished(.failed(.routeNotFound))
        case .examined(let first?, _):
            // The split that found the winner found the query too: no second scan.
            let query = LinkQuery.of(queryRange.map { URLParts.substring($0, of: request.matchURL) })
            if case .closure(let closure) = snapshot.handler(atPriority: first.priority) {
                return .finished(run(closure, for: request, first, query: query))
            }
            return .candidates(LinkDispatch(snapshot: snapshot, request: request, query: query, first: first))
        }
    }

    /// Runs a winner's nonisolated closure. Such a closure handles every link it is given,
    /// on any thread, as `run` would run it first: most links end here, without the
    /// dispatch's state to build and destroy.
    private static func run(
        _ closure: @Sendable (DeepLink) -> Void, for request: borrowing LinkRequest,
        _ first: borrowing RouteMatch,
        query: consuming LinkQuery?
    ) -> DeepLinkResult {
        let deepLink = DeepLink(
            url: request.url, matchedURL: request.matched, routeParameters: first.routeParameters,
            query: query, attachment: request.attachment)
        closure(deepLink)
        return DeepLinkResult(isHandled: true, deepLink: consume deepLink, route: first.route, failure: nil)
    }

    /// The deep link handlers of the route at `position` receive.
    private func link(at position: Int) -> DeepLink {
        DeepLink(
            url: request.url, matchedURL: request.matched,
            routeParameters: position == 0 ? first.routeParameters : rest[position - 1].routeParameters,
            query: query, attachment: request.attachment)
    }

    /// The route string of the route at `position`.
    private func route(at position: Int) -> String {
        position == 0 ? first.route : rest[position - 1].route
    }

    /// Tries the handlers in order until one handles the link.
    ///
    /// - Parameter onMainActor: whether the caller runs on the main actor, so main-actor
    ///   handlers may run; nil to find out, only if a main-actor handler comes up.
    /// - Returns: the result; nil when the next handler to try is isolated to the main actor
    ///   and `onMainActor` is false. Dispatch then stands at that handler.
    mutating func run(onMainActor: Bool?) -> DeepLinkResult? {
        while index <= rest.count {
            let priority = index == 0 ? first.priority : rest[index - 1].priority
            let deepLink: DeepLink
            let outcome: DeepLinkHandling?  // nil: declined
            switch snapshot.handler(atPriority: priority) {
            case .closure(let closure):
                deepLink = link(at: index)
                closure(deepLink)
                outcome = .handled
            case .handler(let value):
                deepLink = link(at: index)
                outcome = value.shouldHandle(deepLink) ? value.handle(deepLink) : nil
            case .mainActorClosure(let closure):
                guard onMainActor ?? MainQueue.isCurrent else { return nil }
                deepLink = link(at: index)
                // Checked above: the caller runs on the main actor.
                MainActor.assumeIsolated { closure(deepLink) }
                outcome = .handled
            case .mainActorHandler(let value):
                guard onMainActor ?? MainQueue.isCurrent else { return nil }
                deepLink = link(at: index)
                // Checked above: the caller runs on the main actor.
                outcome = MainActor.assumeIsolated {
                    value.shouldHandle(deepLink) ? value.handle(deepLink) : nil
                }
            }
            if outcome == .handled {
                return DeepLinkResult(
                    isHandled: true, deepLink: consume deepLink, route: route(at: index), failure: nil)
            }
            if outcome == .noTarget { sawNoTarget = true }
            index += 1
            if index == 1 && !expanded {
                // The winner passed the link on: find the routes after it, in order.
                expanded = true
                if case .examined(let all, _) = snapshot.table.all(
                    request.matchURL, pathRoutesOnly: request.pathRoutesOnly)
                {
                    rest = all.filter { $0.priority > first.priority }
                }
            }
        }
        return .failed(
            sawNoTarget ? .handlerHasNoTarget : .routeNotFound, deepLink: link(at: 0), route: first.route)
    }

    /// The result a synchronous dispatch off the main actor gives when it stands at a
    /// main-actor handler: not handled, naming that handler's route and link.
    var requiresMainActor: DeepLinkResult {
        .failed(.requiresMainActor, deepLink: link(at: index), route: route(at: index))
    }

    /// Runs the rest of the dispatch on the main actor.
    @MainActor
    mutating func finishOnMainActor() -> DeepLinkResult {
        // On the main actor, run never stops before a handler.
        run(onMainActor: true) ?? requiresMainActor
    }
}
