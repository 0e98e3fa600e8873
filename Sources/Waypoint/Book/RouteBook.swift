import Foundation

/// The core that ``Router`` and `DestinationRouter` share: registered routes, each with
/// one value of the face's own type (a ``RouteHandler`` for the router, a builder and
/// printer for the destination router), compiled into one ``RouteTable`` and published
/// together, so that a reader that sees a route sees its value.
///
/// Registration compiles the route and publishes a new immutable ``Snapshot``; readers
/// take a reference to the current one and never wait for a registration to compile or
/// build. Registrations are serialised among themselves. A struct of two references, so a
/// face that stores it reaches the published snapshot as if it held it itself.
@usableFromInline
package struct RouteBook<Value: Sendable>: Sendable {
    /// The options every route is compiled with.
    package let options: RouterOptions
    /// The published state: lookups borrow it without a lock or a retain (``Publication``);
    /// dispatch and the rest take a reference to it.
    @usableFromInline let published: Publication<Snapshot>
    /// The state registrations edit, one at a time.
    private let registry: Locked<Registry>

    /// What a lookup reads: the compiled table, the values by route order, and what
    /// decides whether a link is let in (the gate, held delivery, route conditions).
    @usableFromInline
    package final class Snapshot: Sendable {
        @usableFromInline package let table: RouteTable
        /// The values by route *order* (see ``RouteTable``), shared with the registry.
        @usableFromInline let values: AppendLog<Value>
        package let gate: (@Sendable (URL) -> Bool)?
        /// Whether delivery may be held: links go to ``delivery`` first, which decides under
        /// its lock. False while the router is open, so an ordinary dispatch pays one test.
        let holds: Bool
        /// Whether any route requires a condition, so that a dispatch looks at
        /// ``requirements`` only then.
        let hasRequirements: Bool
        /// The conditions routes require, by route order.
        let requirements: [Int: LinkCondition]
        /// The face's held and waiting links.
        let delivery: DeliveryGate
        /// Per order, the route's parent, or nil (``ParentLinks``).
        let parents: AppendLog<ParentLink?>
        /// Whether any route names a parent, so that a lookup reads ``parents`` only then.
        package let hasParents: Bool

        init(
            table: RouteTable, values: AppendLog<Value>, gate: (@Sendable (URL) -> Bool)?, holds: Bool,
            requirements: [Int: LinkCondition], delivery: DeliveryGate, parents: ParentLinks
        ) {
            self.table = table
            self.values = values
            self.gate = gate
            self.holds = holds
            self.hasRequirements = !requirements.isEmpty
            self.requirements = requirements
            self.delivery = delivery
            self.parents = parents.log
            self.hasParents = !parents.isEmpty
        }

        /// The value of the route at `priority`.
        @inlinable @inline(__always)
        package func value(atPriority priority: Int) -> Value {
            values[table.order(ofPriority: priority).index]
        }

        /// The value of the route registered with `order`.
        @inline(__always)
        package func value(ofOrder order: RouteTable.RegistrationOrder) -> Value {
            values[order.index]
        }

        /// The conditions the routes of the stack of the route at `priority` require, root
        /// first: its ancestors' (``ParentLinks``), then its own.
        func requirements(ofStackAtPriority priority: Int) -> [LinkCondition] {
            guard hasRequirements else { return [] }
            let order = table.order(ofPriority: priority)
            let stack = (parent(ofOrder: order)?.chain ?? []) + [order]
            return stack.compactMap { requirements[Int($0.rawValue)] }
        }

        /// The ancestors of the route registered with `order`; nil for none.
        @inline(__always)
        package func parent(ofOrder order: RouteTable.RegistrationOrder) -> ParentLink? {
            guard hasParents else { return nil }
            return parents[order.index]
        }
    }

    private struct Registry: Sendable {
        var builder: RouteTable.Builder
        /// The values by route order; an entry of a removed route stays until a rebuild.
        var values = ReplaceableLog<Value>(capacity: 16)
        /// Each registered route's order.
        var orders: [String: RouteTable.RegistrationOrder] = [:]
        var gate: (@Sendable (URL) -> Bool)?
        /// The condition each route requires, by route string.
        var requirements: [String: LinkCondition] = [:]
        /// Whether published snapshots send links to the delivery gate first.
        var holds = false
        let delivery: DeliveryGate
        /// The parent each route names.
        var parents = ParentLinks()

        /// Rebuilds the table from the live routes when dead entries outweigh them.
        mutating func collectGarbage() {
            guard builder.needsRebuild else { return }
            let (liveCount, kept) = parents.rebuild(&builder, orders: &orders)
            var fresh = ReplaceableLog<Value>(capacity: max(16, liveCount))
            for index in kept { fresh.append(values[index]) }
            values = fresh
        }

        /// Checks the parents a registration names (``ParentLinks/check(_:registered:)``);
        /// each route with its pattern when it is new, nil when it is registered.
        func checkParents(
            _ batch: [(route: String, pattern: RoutePattern?, parent: String?)]
        ) throws(RouteError) {
            try parents.check(batch, builder: builder, orders: orders)
        }

        /// Writes the parents' log anew after a link changed.
        mutating func rebuildParentLog() {
            parents.rebuildLog(orderCount: builder.routeLog.count, orders: orders)
        }

        /// The snapshot of the registry's state, after reclaiming garbage when it is due.
        mutating func snapshot() -> Snapshot {
            collectGarbage()
            var byOrder: [Int: LinkCondition] = [:]
            for (route, condition) in requirements {
                if let order = orders[route] { byOrder[order.index] = condition }
            }
            return Snapshot(
                table: builder.publish(), values: values.publish(), gate: gate, holds: holds,
                requirements: byOrder,
                delivery: delivery, parents: parents)
        }
    }

    /// An empty book whose routes are compiled with `options`; `delivery` is the face's
    /// held and waiting links.
    package init(options: RouterOptions, delivery: DeliveryGate) {
        self.options = options
        var registry = Registry(
            builder: RouteTable.Builder(options: options, limits: RegexLimits(options: options)),
            delivery: delivery)
        published = Publication(registry.snapshot())
        self.registry = Locked(registry)
    }

    /// The current snapshot, as a reference of the caller's.
    @inlinable
    package var snapshot: Snapshot {
        published.current
    }

    /// The current snapshot's table, as a reference of the caller's.
    package var table: RouteTable {
        published.current.table
    }

    /// Calls `body` with the current snapshot's table, borrowed: what a lookup reads, for
    /// no lock, retain or release. `body` must not run the user's code (a handler, a gate, a
    /// builder), which might register a route: see ``Publication/read(_:)``.
    @inline(__always)
    func withTable<Result>(_ body: (RouteTable) -> Result) -> Result {
        published.read { body($0.table) }
    }

    /// The snapshot current now and the order of `route` in it, read under the registration
    /// lock so that the two agree: reverse routing's lookup of a route by its string, one
    /// hash lookup whatever the number of routes.
    package func snapshot(ofRoute route: String) -> (snapshot: Snapshot, order: RouteTable.RegistrationOrder)?
    {
        registry.withLock { registry in
            guard let order = registry.orders[route] else { return nil }
            return (published.current, order)
        }
    }

    /// Elements of the values log copied whole since the last rebuild (``ReplaceableLog``): for
    /// tests.
    var valuesCopied: Int {
        registry.withLock { $0.values.copied }
    }

    /// The value `route` is registered with, if it is.
    func value(ofRoute route: String) -> Value? {
        registry.withLock { registry in registry.orders[route].map { registry.values[$0.index] } }
    }

    /// Registers routes in order with one publication: a new route goes last, a registered
    /// one keeps its place and gets the new value.
    ///
    /// - Throws: ``RouteError`` for the first invalid route; then none is registered.
    /// - Complexity: O(m) for m routes, new or replaced, amortised, when no snapshot older
    ///   than the current one is held; O(n) more for a large edge table or replaced value
    ///   that such a snapshot still reads (see ``TrieStore``, ``ReplaceableLog``).
    package func register(_ routes: some Sequence<(String, Value)>) throws(RouteError) {
        try register(routes.lazy.map { (route: $0, value: $1, parent: String?.none) })
    }

    /// Registers routes in order, each naming its parent route or none (``ParentLinks``),
    /// with one publication.
    ///
    /// - Throws: ``RouteError`` for the first invalid route or parent; then none is
    ///   registered.
    /// - Complexity: as ``register(_:)-(Sequence<(String,Value)>)``, plus O(n) when a
    ///   registered route changes its parent.
    package func register(
        _ routes: some Sequence<(route: String, value: Value, parent: String?)>
    ) throws(RouteError) {
        var compiled: [(route: String, value: Value, compiled: CompiledRoute?, parent: String?)] = []
        var namesParents = false
        // Routes already registered, or earlier in this batch, only replace a value; the
        // others compile outside the lock.
        var batch: Set<String> = []
        for (route, value, parent) in routes {
            let known = !batch.insert(route).inserted || registry.withLock { $0.orders[route] != nil }
            compiled.append((route, value, known ? nil : try CompiledRoute(route, options: options), parent))
            namesParents = namesParents || parent != nil
        }
        let refused: RouteError? = registry.withLock { registry in
            if namesParents || !registry.parents.isEmpty {
                do throws(RouteError) {
                    try registry.checkParents(compiled.map { ($0.route, $0.compiled?.pattern, $0.parent) })
                } catch {
                    return error
                }
            }
            var relinked = false
            for (route, value, compiledRoute, parent) in compiled {
                if let order = registry.orders[route] {
                    relinked = registry.parents.replace(route, parent: parent) || relinked
                    // Published snapshots read the old entry (see ReplaceableLog).
                    registry.values.replace(order.index, with: value, census: registry.builder.census)
                } else if let route = compiledRoute ?? (try? CompiledRoute(route, options: options)) {
                    // (A route compiled here was removed by another registration after this
                    // one saw it registered.)
                    let order = registry.builder.add(route)
                    registry.orders[route.pattern.route] = order
                    registry.values.append(value)
                    registry.parents.appendNew(
                        route.pattern.route, parent: parent,
                        parentOrder: parent.flatMap { registry.orders[$0] })
                }
            }
            if relinked { registry.rebuildParentLog() }
            publish(&registry)
            return nil
        }
        if let refused { throw refused }
    }

    /// Removes `route`.
    ///
    /// - Returns: whether the route was registered.
    package func remove(_ route: String) -> Bool {
        registry.withLock { registry in
            guard let order = registry.orders.removeValue(forKey: route) else { return false }
            registry.requirements[route] = nil
            registry.builder.remove(order: order)
            if registry.parents.remove(route) { registry.rebuildParentLog() }
            publish(&registry)
            return true
        }
    }

    /// Sets the check every link must pass before it is matched; nil for none.
    package func setGate(_ gate: (@Sendable (URL) -> Bool)?) {
        registry.withLock { registry in
            registry.gate = gate
            publish(&registry)
        }
    }

    /// Publishes whether links go to the delivery gate first, as `holds` says now, read
    /// under the registration lock (see ``Router/republishHold()``).
    package func republishHold(_ holds: () -> Bool) {
        registry.withLock { registry in
            let holds = holds()
            guard holds != registry.holds else { return }
            registry.holds = holds
            publish(&registry)
        }
    }

    /// Sets the condition `route` requires; nil for none.
    ///
    /// - Returns: whether the route is registered.
    package func setRequirement(_ condition: LinkCondition?, for route: String) -> Bool {
        registry.withLock { registry in
            guard registry.orders[route] != nil else { return false }
            guard registry.requirements[route] != condition else { return true }
            registry.requirements[route] = condition
            publish(&registry)
            return true
        }
    }

    /// The condition `route` requires, if any.
    package func requirement(of route: String) -> LinkCondition? {
        registry.withLock { $0.requirements[route] }
    }

    /// Publishes the registry's state.
    private func publish(_ registry: inout Registry) {
        published.publish(registry.snapshot())
    }
}
