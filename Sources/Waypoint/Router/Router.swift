import Foundation

/// Routes deep links: registered route patterns, in registration order, each with a
/// handler (routing.md).
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

    private let limits: RegexLimits
    /// The published state; readers only take a reference to it.
    private let published: Locked<Snapshot>
    /// The state registrations edit, one at a time.
    private let registry: Locked<Registry>

    /// What a dispatch reads: the compiled table, the handlers by route order, the gate.
    final class Snapshot: Sendable {
        let table: RouteTable
        let handlers: [RouteHandler]
        let gate: (@Sendable (URL) -> Bool)?

        init(table: RouteTable, handlers: [RouteHandler], gate: (@Sendable (URL) -> Bool)?) {
            self.table = table
            self.handlers = handlers
            self.gate = gate
        }
    }

    private struct Registry {
        var routes: [CompiledRoute] = []
        var handlers: [RouteHandler] = []
        var positions: [String: Int] = [:]
        var gate: (@Sendable (URL) -> Bool)?
        var errors: [RouteError] = []
        var droppedErrors = 0
    }

    /// Creates an empty router.
    public init(options: RouterOptions = RouterOptions()) {
        self.options = options
        limits = RegexLimits(options: options)
        published = Locked(
            Snapshot(table: RouteTable(routes: [], options: options, limits: limits), handlers: [], gate: nil)
        )
        registry = Locked(Registry())
    }

    /// The current snapshot; the lock is held only to copy the reference.
    var snapshot: Snapshot {
        published.withLock { $0 }
    }

    // MARK: Registration

    /// Registers `route` with a closure that handles every link it matches, wherever the
    /// link is handled: the form for servers and tools. App code whose handler calls
    /// main-actor code registers with ``register(_:onMainActor:)`` instead.
    ///
    /// Registering a route string that is already registered replaces its handler and keeps
    /// its place in the priority order.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    /// - Complexity: O(n) in the number of registered routes, to publish the new table.
    ///   Use ``register(_:)`` to register many
    ///   routes with one publication.
    public func register(_ route: String, handler: @escaping @Sendable (DeepLink) -> Void) throws(RouteError)
    {
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
    /// ``dispatch(_:isolation:)`` and ``handle(_:completion:)`` hop to the main actor to run
    /// it from elsewhere, and ``handle(_:)-(URL)`` off the main actor stops at it with
    /// ``RoutingFailure/requiresMainActor``. With a trailing closure, mark the closure
    /// `@MainActor`, as above, to choose this form.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(
        _ route: String, onMainActor handler: @escaping @MainActor @Sendable (DeepLink) -> Void
    ) throws(RouteError) {
        try register([(route, .mainActorClosure(handler))])
    }

    /// Registers `route` with a handler value, which may decline links or have no target,
    /// and runs wherever the link is handled.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(_ route: String, handler: any DeepLinkHandler) throws(RouteError) {
        try register([(route, .handler(handler))])
    }

    /// Registers `route` with a main-actor handler value, which may decline links or have
    /// no target, and runs on the main actor as ``register(_:onMainActor:)`` describes.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(_ route: String, handler: any MainActorDeepLinkHandler) throws(RouteError) {
        try register([(route, .mainActorHandler(handler))])
    }

    /// Registers routes in order with one publication of the table: the way to load a
    /// large route table.
    ///
    /// - Throws: ``RouteError`` for the first invalid route; then none of the routes is
    ///   registered.
    /// - Complexity: O(n + m) for n registered and m new routes.
    public func register(_ routes: some Sequence<(String, RouteHandler)>) throws(RouteError) {
        var compiled: [(route: String, handler: RouteHandler, compiled: CompiledRoute?)] = []
        // Routes already registered, or earlier in this batch, only replace a handler.
        var seen = registry.withLock { Set($0.positions.keys) }
        for (route, handler) in routes {
            if !seen.insert(route).inserted {
                compiled.append((route, handler, nil))
            } else {
                compiled.append((route, handler, try CompiledRoute(route, options: options)))
            }
        }
        registry.withLock { registry in
            var structureChanged = false
            for (route, handler, compiledRoute) in compiled {
                if let position = registry.positions[route] {
                    registry.handlers[position] = handler
                } else if let compiledRoute {
                    registry.positions[route] = registry.routes.count
                    registry.routes.append(compiledRoute)
                    registry.handlers.append(handler)
                    structureChanged = true
                } else {
                    // Removed by another registration after this one compiled it.
                    if let fresh = try? CompiledRoute(route, options: options) {
                        registry.positions[route] = registry.routes.count
                        registry.routes.append(fresh)
                        registry.handlers.append(handler)
                        structureChanged = true
                    }
                }
            }
            publish(registry, rebuild: structureChanged)
        }
    }

    /// Removes `route`. Adding it again later puts it last in the priority order.
    ///
    /// - Returns: whether the route was registered.
    @discardableResult
    public func remove(_ route: String) -> Bool {
        registry.withLock { registry in
            guard let position = registry.positions.removeValue(forKey: route) else { return false }
            registry.routes.remove(at: position)
            registry.handlers.remove(at: position)
            for index in position..<registry.routes.count {
                registry.positions[registry.routes[index].pattern.route] = index
            }
            publish(registry, rebuild: true)
            return true
        }
    }

    /// The handler of `route`, DeepLinkKit style: `router["/say/:word"] = .closure { … }`.
    ///
    /// Setting nil removes the route. A subscript cannot throw, so an invalid route is not
    /// registered and its error is appended to ``registrationErrors`` (which keeps the latest
    /// ``registrationErrorLimit`` and counts the older ones); use
    /// ``register(_:handler:)-(_,(DeepLink)->Void)`` to get the error thrown.
    public subscript(route: String) -> RouteHandler? {
        get {
            registry.withLock { registry in registry.positions[route].map { registry.handlers[$0] } }
        }
        set {
            guard let newValue else {
                remove(route)
                return
            }
            do {
                try register([(route, newValue)])
            } catch {
                registry.withLock { registry in
                    if registry.errors.count == Self.registrationErrorLimit {
                        registry.errors.removeFirst()
                        registry.droppedErrors += 1
                    }
                    registry.errors.append(error)
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
        registry.withLock { $0.errors }
    }

    /// How many subscript registration errors were dropped from ``registrationErrors``, the
    /// oldest first, to keep it within ``registrationErrorLimit``. The total number of failed
    /// subscript registrations is this count plus `registrationErrors.count`.
    public var droppedRegistrationErrorCount: Int {
        registry.withLock { $0.droppedErrors }
    }

    /// The registered routes in priority (registration) order.
    public var routes: [String] {
        snapshot.table.routes.map(\.pattern.route)
    }

    /// A check every link must pass before it is matched (DeepLinkKit's
    /// `applicationCanHandleDeepLinksBlock`); a refused link is not handled, with
    /// ``RoutingFailure/refusedByGate``. Nil, the default, lets every link through.
    public var gate: (@Sendable (URL) -> Bool)? {
        get { snapshot.gate }
        set {
            registry.withLock { registry in
                registry.gate = newValue
                publish(registry, rebuild: false)
            }
        }
    }

    /// Publishes the registry's state; `rebuild` when routes were added or removed.
    private func publish(_ registry: Registry, rebuild: Bool) {
        let table =
            rebuild ? RouteTable(routes: registry.routes, options: options, limits: limits) : snapshot.table
        let next = Snapshot(table: table, handlers: registry.handlers, gate: registry.gate)
        published.withLock { $0 = next }
    }
}
