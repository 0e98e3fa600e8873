import Foundation

/// Routes deep links: registered route patterns, in registration order, each with a
/// handler (Documentation/spec/routing.md).
///
/// ```swift
/// let router = Router()
/// try router.register("/say/:word") { link in print(link.routeParameters["word"] ?? "") }
/// router.handle(URL(string: "myapp://host/say/hello")!)  // prints "hello"
/// ```
///
/// The router is `Sendable`. Registering compiles the route and publishes a new immutable
/// table; matching reads whichever table was current when it started and never waits
/// for a registration to compile or build. Registrations are serialised among themselves.
public final class Router: Sendable {
    /// The options every route of this router is compiled with.
    public let options: RouterOptions

    /// The routes and their handlers, published together (the core that WaypointNavigation's
    /// `DestinationRouter` shares).
    package let book: RouteBook<RouteHandler>
    /// Subscript registrations that failed (``registrationErrors``).
    private let errors: Locked<(kept: [RouteError], dropped: Int)>

    /// Held links and links waiting for a condition (``delivery``): one for the router's
    /// life, shared by every snapshot.
    package let deferred: DeliveryGate

    /// What a dispatch reads: the compiled table, the handlers by route order, the gate,
    /// and whether delivery may be held or routes require conditions.
    typealias Snapshot = RouteBook<RouteHandler>.Snapshot

    /// Creates an empty router.
    public init(options: RouterOptions = RouterOptions()) {
        self.options = options
        let deferred = DeliveryGate()
        self.deferred = deferred
        book = RouteBook(options: options, delivery: deferred)
        errors = Locked(([], 0))
    }

    /// The current snapshot, as a reference of the caller's.
    var snapshot: Snapshot {
        book.snapshot
    }

    /// The current snapshot's table, as a reference of the caller's.
    package var table: RouteTable {
        book.table
    }

    /// Calls `body` with the current snapshot's table, borrowed (``RouteBook/withTable(_:)``):
    /// `body` must not run the user's code, which might register a route.
    @inline(__always)
    func withTable<Result>(_ body: (RouteTable) -> Result) -> Result {
        book.withTable(body)
    }

    /// The snapshot current now and the order of `route` in it (``RouteBook/snapshot(ofRoute:)``).
    func snapshot(ofRoute route: String) -> (snapshot: Snapshot, order: RouteTable.RegistrationOrder)? {
        book.snapshot(ofRoute: route)
    }

    // MARK: Registration

    /// Registers `route` with a closure that handles every link it matches, wherever the
    /// link is handled: the form for servers and tools. App code whose handler calls
    /// main-actor code registers with ``register(_:onMainActor:)`` instead.
    ///
    /// ```swift
    /// try router.register("/say/:word") { link in print(link.routeParameters["word"] ?? "") }
    /// ```
    ///
    /// A route held in a variable is named with ``RouteName/init(_:)``:
    /// `try router.register(RouteName(route)) { … }`. Registering a route string that is
    /// already registered replaces its handler and keeps its place in the priority order.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    /// - Complexity: O(segments of `route`), amortised, whatever the number of routes:
    ///   10,000 routes registered one at a time cost within 1.6 times one ``register(_:)``
    ///   of them. A large table of literal edges on the route's path (`/r/<i>/…` under a
    ///   prefix with many children) is not copied but written in a spare copy that no table
    ///   still in use reads; only when tables published earlier are held long enough to read
    ///   every spare is it copied, O(n) for n children. Replacing a handler costs O(1),
    ///   amortised, on the same terms.
    public func register(
        _ route: RouteName, handler: @escaping @Sendable (DeepLink) -> Void
    ) throws(RouteError) {
        try register([(route, .closure(handler))])
    }

    /// Registers `route` with a closure that runs on the main actor: app code that presents
    /// screens or changes main-actor state.
    ///
    /// ```swift
    /// try router.register("/products/:id", onMainActor: model.showProduct)
    /// try router.register("/cart") { @MainActor link in model.showCart() }
    /// ```
    ///
    /// The closure runs synchronously when the link is handled on the main actor;
    /// ``dispatch(_:isolation:)-(URL,_)`` and ``handle(_:completion:)-(URL,_)`` hop to the main actor to run
    /// it from elsewhere, and ``handle(_:)-(URL)`` off the main actor stops at it with
    /// ``RoutingFailure/requiresMainActor``. With a trailing closure, mark the closure
    /// `@MainActor`, as above, to choose this form: Swift does not choose an overload by
    /// isolation, so an unmarked closure in main-actor code is the nonisolated form, and the
    /// compiler says it cannot touch main-actor state from a `Sendable` closure.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(
        _ route: RouteName, onMainActor handler: @escaping @MainActor @Sendable (DeepLink) -> Void
    ) throws(RouteError) {
        try register([(route, .mainActorClosure(handler))])
    }

    /// Registers `route` with a handler value, which may decline links or have no target,
    /// and runs wherever the link is handled.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(_ route: RouteName, handler: any DeepLinkHandler) throws(RouteError) {
        try register([(route, .handler(handler))])
    }

    /// Registers `route` with a main-actor handler value, which may decline links or have
    /// no target, and runs on the main actor as ``register(_:onMainActor:)`` describes.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(_ route: RouteName, handler: any MainActorDeepLinkHandler) throws(RouteError) {
        try register([(route, .mainActorHandler(handler))])
    }

    /// Registers `route` with an asynchronous handler: one that fetches before it navigates,
    /// and may throw.
    ///
    /// The closure runs where it was written: a closure written in main-actor code (a
    /// `@MainActor` view model, a SwiftUI view) runs on the main actor and may touch its
    /// state, one written in an actor runs on that actor when it uses the actor's state,
    /// and one written in nonisolated code runs on no actor (Swift's global executor). So
    /// inside a `@MainActor` class this reads as it would in a `Task`:
    ///
    /// ```swift
    /// try router.register("/orders/:id") { [weak self] link in
    ///     let order = try await self?.store.order(link.parameters.require("id", as: Int.self))
    ///     self?.path.append(.order(order))
    /// }
    /// ```
    ///
    /// ``dispatch(_:isolation:)-(URL,_)`` returns when the handler has finished: handled
    /// when it returns, ``RoutingFailure/handlerFailed`` when it throws (the error is in
    /// ``DeepLinkResult/error``), ``RoutingFailure/cancelled`` when it throws a
    /// `CancellationError`. Cancelling the task that awaits `dispatch` cancels the handler,
    /// which runs in that task. A synchronous ``handle(_:)-(URL)`` cannot wait: it starts
    /// the handler in a new task and returns a result that is not handled, with
    /// ``DeepLinkResult/pending`` ``PendingDelivery/running(_:)`` and the task, whose value
    /// is the handler's result.
    ///
    /// An asynchronous closure always takes the link; a link its route does not handle
    /// (the closure threw) is not passed to the next matching route.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(
        _ route: RouteName,
        @_inheritActorContext handler: @escaping @isolated(any) @Sendable (DeepLink) async throws -> Void
    ) throws(RouteError) {
        try register([(route, .asynchronous(handler))])
    }

    /// Registers routes in order with one publication of the table: the way to load a
    /// large route table.
    ///
    /// - Throws: ``RouteError`` for the first invalid route; then none of the routes is
    ///   registered.
    /// - Complexity: O(m) for m new routes, amortised, whatever the number registered.
    public func register(_ routes: some Sequence<(RouteName, RouteHandler)>) throws(RouteError) {
        try book.register(routes.lazy.map { ($0.route, $1) })
    }

    /// Removes `route`. Adding it again later puts it last in the priority order.
    ///
    /// - Returns: whether the route was registered.
    /// - Complexity: O(segments of `route`) plus O(removed routes), amortised.
    @discardableResult
    public func remove(_ route: RouteName) -> Bool {
        book.remove(route.route)
    }

    /// The handler of `route`, DeepLinkKit style: `router["/say/:word"] = .closure { … }`.
    ///
    /// Setting nil removes the route. A subscript cannot throw, so an invalid route is not
    /// registered and its error is appended to ``registrationErrors`` (which keeps the latest
    /// ``registrationErrorLimit`` and counts the older ones); use
    /// ``register(_:handler:)-(RouteName,(DeepLink)->Void)`` to get the error thrown.
    public subscript(route: RouteName) -> RouteHandler? {
        get { book.value(ofRoute: route.route) }
        set {
            guard let newValue else {
                remove(route)
                return
            }
            do {
                try register([(route, newValue)])
            } catch {
                errors.withLock { errors in
                    if errors.kept.count == Self.registrationErrorLimit {
                        errors.kept.removeFirst()
                        errors.dropped += 1
                    }
                    errors.kept.append(error)
                }
            }
        }
    }

    /// How many errors ``registrationErrors`` keeps: 100.
    public static let registrationErrorLimit = 100

    /// The errors of the most recent routes set through the subscript that could not be
    /// registered, oldest first: at most ``registrationErrorLimit`` of them, so a loop of failing
    /// assignments cannot grow the router without bound. Older errors are dropped and counted
    /// in ``droppedRegistrationErrorCount``.
    public var registrationErrors: [RouteError] {
        errors.withLock { $0.kept }
    }

    /// How many subscript registration errors were dropped from ``registrationErrors``, the
    /// oldest first, to keep it within ``registrationErrorLimit``. The total number of failed
    /// subscript registrations is this count plus `registrationErrors.count`.
    public var droppedRegistrationErrorCount: Int {
        errors.withLock { $0.dropped }
    }

    /// The registered routes in priority (registration) order.
    public var routes: [String] {
        table.routes.map(\.pattern.route)
    }

    /// A check every link must pass before it is matched (DeepLinkKit's
    /// `applicationCanHandleDeepLinksBlock`); a refused link is not handled, with
    /// ``RoutingFailure/refusedByGate``. Nil, the default, lets every link through.
    public var gate: (@Sendable (URL) -> Bool)? {
        get { snapshot.gate }
        set { book.setGate(newValue) }
    }

    /// Links that wait: the hold until the app is ready, the conditions routes require,
    /// and the reports of what became of each (``LinkDelivery``).
    public var delivery: LinkDelivery {
        LinkDelivery(self)
    }
}

extension Router: DeliveryFace {
    /// Publishes whether links go to the delivery gate first, as the gate says now.
    ///
    /// Every change of the gate's hold is followed by this call, and each call reads the
    /// gate under the registry lock, so the last publication always carries the gate's
    /// latest state. Between the change and the publication a dispatch may still read the
    /// old flag: it counts as having arrived before the change.
    package func republishHold() {
        book.republishHold { deferred.holdsOrReleases }
    }

    package func setRequirement(_ condition: LinkCondition?, for route: String) -> Bool {
        book.setRequirement(condition, for: route)
    }

    package func requirement(of route: String) -> LinkCondition? {
        book.requirement(of: route)
    }
}
