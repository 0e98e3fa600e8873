import Foundation

/// What a dispatch makes of a route's value: the handler it runs. For ``Router`` the value
/// is the handler; for `DestinationRouter` it is a handler that builds the destination
/// and hands it to the app's receiver. The face's dispatch is ``LinkDispatch`` specialised
/// for its own kind, so ``Router``'s pays nothing for the other.
package protocol RouteHandlers: Sendable {
    associatedtype Value: Sendable
    /// The handler of the route at `priority` in `snapshot`: what its value runs, and for a
    /// destination router's stack, its parents' builders too.
    func handler(atPriority priority: Int, in snapshot: RouteBook<Value>.Snapshot) -> RouteHandler
}

/// An error an asynchronous handler made by the core throws to end its dispatch with a
/// failure of its own, rather than ``RoutingFailure/handlerFailed``.
package protocol DispatchFailure: Error {
    var failure: RoutingFailure { get }
}

/// ``Router``'s routes: each value is its handler.
struct PlainHandlers: RouteHandlers {
    @inline(__always)
    func handler(atPriority priority: Int, in snapshot: RouteBook<RouteHandler>.Snapshot) -> RouteHandler {
        snapshot.value(atPriority: priority)
    }
}

/// One link on its way through the handlers of the routes that match it, in registration
/// order (Documentation/spec/routing.md §5). It can stop before a main-actor handler when it
/// runs off the main actor, and before an asynchronous handler when it runs synchronously,
/// and go on from there once it can. Both faces dispatch through it.
package struct LinkDispatch<Handlers: RouteHandlers>: Sendable {
    package typealias Snapshot = RouteBook<Handlers.Value>.Snapshot
    /// How a dispatch starts: finished at once (refused, held, waiting for a condition,
    /// nothing matched), or with routes to try.
    enum Start {
        case finished(DeepLinkResult)
        /// Boxed: inline, the 146-byte payload made every dispatch copy the value twice with
        /// `memcpy`, even one that finishes at once (decisions.md, "`destination(for:)` within 1.3× a match").
        indirect case candidates(LinkDispatch)
    }

    /// Where a run of the handlers stopped.
    enum Step: Sendable {
        /// The dispatch is over.
        case finished(DeepLinkResult)
        /// The next handler runs on the main actor, and the run was not on it.
        case needsMainActor
        /// The next handler is asynchronous, and the run was synchronous.
        case needsAsync(@isolated(any) @Sendable (DeepLink) async throws -> Void)
    }

    private let snapshot: Snapshot
    private let handlers: Handlers
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

    private init(
        snapshot: Snapshot, handlers: Handlers, request: LinkRequest, query: LinkQuery?, first: RouteMatch
    ) {
        self.snapshot = snapshot
        self.handlers = handlers
        self.request = request
        self.query = query
        self.first = first
    }

    /// Applies the gate and the hold, finds the winning route and its condition; runs its
    /// handler when it is a nonisolated closure, which handles every link.
    static func start(_ request: consuming LinkRequest, in snapshot: Snapshot, handlers: Handlers) -> Start {
        start(request, in: snapshot, handlers: handlers, pass: nil)
    }

    /// ``start(_:in:handlers:)`` for a link the delivery gate hands back with `pass`.
    static func start(
        _ request: consuming LinkRequest, in snapshot: Snapshot, handlers: Handlers, pass: GatePass
    ) -> Start {
        start(request, in: snapshot, handlers: handlers, pass: .some(pass))
    }

    /// Both starts, inlined into each, so the one for links handed to the router carries no
    /// pass at all.
    @inline(__always)
    private static func start(
        _ request: consuming LinkRequest, in snapshot: Snapshot, handlers: Handlers, pass: GatePass?
    ) -> Start {
        if let gate = snapshot.gate, !gate(request.url) { return .finished(.failed(.refusedByGate)) }
        if snapshot.holds, pass?.isReleased != true,
            let held = snapshot.delivery.holdIfHeld(request, pass: pass ?? GatePass())
        {
            return .finished(held)
        }
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
            // A condition any route of the winner's stack requires makes the link wait
            // (Documentation/spec/routing.md §12), root first.
            if snapshot.hasRequirements {
                for condition in snapshot.requirements(ofStackAtPriority: first.priority) {
                    if let waiting = snapshot.delivery.waitIfNeeded(
                        request, for: condition, pass: pass ?? GatePass(),
                        deepLink: DeepLink(
                            url: request.url, adaptation: request.adaptation,
                            routeParameters: first.routeParameters,
                            query: query),
                        route: first.route)
                    {
                        return .finished(waiting)
                    }
                }
            }
            if case .closure(let closure) = handlers.handler(atPriority: first.priority, in: snapshot) {
                return .finished(run(closure, for: request, first, query: query))
            }
            return .candidates(
                LinkDispatch(
                    snapshot: snapshot, handlers: handlers, request: request, query: query, first: first))
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
            url: request.url, adaptation: request.adaptation, routeParameters: first.routeParameters,
            query: query)
        closure(deepLink)
        return DeepLinkResult(deepLink: consume deepLink, route: first.route, failure: nil)
    }

    /// The deep link handlers of the route at `position` receive.
    private func link(at position: Int) -> DeepLink {
        DeepLink(
            url: request.url, adaptation: request.adaptation,
            routeParameters: position == 0 ? first.routeParameters : rest[position - 1].routeParameters,
            query: query)
    }

    /// The route string of the route at `position`.
    private func route(at position: Int) -> String {
        position == 0 ? first.route : rest[position - 1].route
    }

    /// Tries the handlers in order until one handles the link, or until the next one cannot
    /// run here: a main-actor handler off the main actor, an asynchronous handler. Dispatch
    /// then stands at that handler.
    ///
    /// - Parameter onMainActor: whether the caller runs on the main actor, so main-actor
    ///   handlers may run; nil to find out, only if a main-actor handler comes up.
    mutating func run(onMainActor: Bool?) -> Step {
        while index <= rest.count {
            let priority = index == 0 ? first.priority : rest[index - 1].priority
            let deepLink: DeepLink
            let outcome: DeepLinkHandling
            switch handlers.handler(atPriority: priority, in: snapshot) {
            case .closure(let closure):
                deepLink = link(at: index)
                closure(deepLink)
                outcome = .handled
            case .handler(let value):
                deepLink = link(at: index)
                outcome = value.handle(deepLink)
            case .mainActorClosure(let closure):
                guard onMainActor ?? MainQueue.isCurrent else { return .needsMainActor }
                deepLink = link(at: index)
                // Checked above: the caller runs on the main actor.
                MainActor.assumeIsolated { closure(deepLink) }
                outcome = .handled
            case .mainActorHandler(let value):
                guard onMainActor ?? MainQueue.isCurrent else { return .needsMainActor }
                deepLink = link(at: index)
                // Checked above: the caller runs on the main actor.
                outcome = MainActor.assumeIsolated { value.handle(deepLink) }
            case .asynchronous(let handler):
                return .needsAsync(handler)
            }
            if outcome == .handled {
                return .finished(
                    DeepLinkResult(
                        deepLink: consume deepLink, route: route(at: index), failure: nil))
            }
            if outcome == .noTarget { sawNoTarget = true }
            index += 1
            if index == 1 && !expanded {
                // The winner passed the link on: find the routes after it, in order.
                expanded = true
                rest = snapshot.table.routes(
                    after: first.priority, request.matchURL, pathRoutesOnly: request.pathRoutesOnly)
            }
        }
        return .finished(
            .failed(
                sawNoTarget ? .handlerHasNoTarget : .routeNotFound, deepLink: link(at: 0), route: first.route)
        )
    }

    /// Runs the handlers from where `step` stopped until the dispatch is over: main-actor
    /// handlers on the main actor, asynchronous ones awaited on their own isolation, in the
    /// calling task, so cancelling it cancels them.
    static func finish(
        _ dispatch: LinkDispatch, from step: Step, isolation: isolated (any Actor)? = #isolation
    ) async -> DeepLinkResult {
        var dispatch = dispatch
        var step = step
        while true {
            switch step {
            case .finished(let result):
                return result
            case .needsMainActor:
                let rest = dispatch
                (dispatch, step) = await MainActor.run {
                    var rest = rest
                    let step = rest.run(onMainActor: true)
                    return (rest, step)
                }
            case .needsAsync(let handler):
                return await dispatch.runAsync(handler)
            }
        }
    }

    /// Awaits the asynchronous handler the dispatch stands at: it handles the link when it
    /// returns, and fails it when it throws.
    private func runAsync(
        _ handler: @isolated(any) @Sendable (DeepLink) async throws -> Void
    ) async -> DeepLinkResult {
        let deepLink = link(at: index)
        do {
            try await handler(deepLink)
        } catch {
            let failure: RoutingFailure =
                (error as? any DispatchFailure)?.failure
                ?? (error is CancellationError ? .cancelled : .handlerFailed)
            return .failed(failure, deepLink: deepLink, route: route(at: index), error: error)
        }
        return DeepLinkResult(deepLink: deepLink, route: route(at: index), failure: nil)
    }

    /// The result a synchronous dispatch gives when it stands at an asynchronous handler: it
    /// starts the rest of the dispatch in a new task and says so.
    func started(at step: Step) -> DeepLinkResult {
        let rest = self
        let task = Task { await LinkDispatch.finish(rest, from: step) }
        return .pending(.running(task), deepLink: link(at: index), route: route(at: index))
    }

    /// The result a synchronous dispatch off the main actor gives when it stands at a
    /// main-actor handler: not handled, naming that handler's route and link.
    var requiresMainActor: DeepLinkResult {
        .failed(.requiresMainActor, deepLink: link(at: index), route: route(at: index))
    }
}
