extension RouteTable {
    /// Edits a route table one route at a time and publishes it as immutable
    /// ``RouteTable`` values without copying it.
    ///
    /// Adding or removing a route costs O(its segments) plus the edge tables of the nodes
    /// on its path (``TrieStore``), whatever the number of routes; a publication costs
    /// O(1). Garbage left by edits is reclaimed by ``rebuilt()`` when ``needsRebuild``.
    struct Builder: Sendable {
        let options: RouterOptions
        let limits: RegexLimits
        private(set) var store = TrieStore()
        /// `[path, host]` tries without a scheme, then `[path, host]` for each scheme.
        private(set) var tries: [Trie] = []
        /// The schemes with routes of their own, by index.
        private(set) var schemes = SchemeList()
        /// Each of ``schemes``' keys mapped to its index.
        private var schemeKeys: [[UInt8]: Int] = [:]
        private(set) var maxGroups = 0
        /// Whether any route added has segment checks (it stays true after removals).
        private(set) var hasChecks = false
        private(set) var routeLog = AppendLog<CompiledRoute>(capacity: 16)
        private(set) var summaries = AppendLog<RouteSummary>(capacity: 16)
        private(set) var captures = AppendLog<Capture>(capacity: 16)
        /// Removed orders, ascending.
        private(set) var removed: [Int32] = []
        /// Per order, the route's tail class (``RouteTable/tailClass(ofOrder:)``).
        private(set) var tailClasses = AppendLog<Int32>(capacity: 16)
        /// Whether a route was added with the tail class of an earlier one.
        private(set) var hasTailTwins = false
        /// The tail classes by trie, prefix and tail pattern. Only the builder reads it.
        private var tailClassByKey: [TailKey: Int32] = [:]

        /// What makes two routes' tails one class: the same trie, the same prefix steps
        /// (so the same node) and the same tail pattern.
        private struct TailKey: Hashable {
            let group: Int
            let steps: [CompiledRoute.TrieStep]
            let pattern: [UInt8]
        }

        init(options: RouterOptions, limits: RegexLimits) {
            self.options = options
            self.limits = limits
            tries = [
                Trie(root: store.makeRoot(), isHost: false), Trie(root: store.makeRoot(), isHost: true),
            ]
        }

        /// The number of routes.
        var count: Int { routeLog.count - removed.count }

        /// The tables published from the builder, and which may be alive (a snapshot holds
        /// its table, so a snapshot of a dead table is dead too).
        var census: TableCensus { store.census }

        /// Adds `route` after the others and returns its order.
        mutating func add(_ route: CompiledRoute) -> RegistrationOrder {
            let order = Int32(routeLog.count)
            let group = group(of: route)
            tries[group].root = store.insert(route, order: order, root: tries[group].root)
            tries[group].earliestOrder = store.node(tries[group].root).minOrder
            routeLog = routeLog.appending(route)
            let start = Int32(captures.count)
            captures = captures.appending(
                contentsOf: route.captures.map { Capture(depth: Int32($0.depth), name: $0.name) })
            // A route whose matches all have the same names keeps them as slices when they
            // fit (``RouteTable/sliceParameters(of:route:hit:view:source:context:)``); an
            // ``TrieHit/Kind/end`` hit without checks reads only the `:name` captures, which
            // come first in both.
            let allNames = RouteTable.sliceNames(of: route)
            let isSliced =
                (!route.checks.isEmpty || route.terminal != .end)
                && (allNames?.count ?? .max) <= RouteParameters.sliceCapacity
            var summary = RouteSummary(
                storage: RouteParameters.Storage(
                    route: route.pattern.route,
                    sliceNames: isSliced
                        ? allNames ?? []
                        : route.captures.count <= RouteParameters.sliceCapacity
                            ? route.captures.map(\.name) : []),
                captureStart: start, captureEnd: Int32(captures.count), hasChecks: !route.checks.isEmpty)
            summary.isSliced = isSliced
            summaries = summaries.appending(summary)
            maxGroups = max(maxGroups, route.groupCount)
            hasChecks = hasChecks || !route.checks.isEmpty
            var tailClass: Int32 = -1
            if let tail = route.tail {
                let key = TailKey(group: group, steps: route.steps, pattern: tail.pattern)
                if let existing = tailClassByKey[key] {
                    tailClass = existing
                    hasTailTwins = true
                } else {
                    tailClass = order
                    tailClassByKey[key] = order
                }
            }
            tailClasses = tailClasses.appending(tailClass)
            return RegistrationOrder(order)
        }

        /// Removes the route added with `order`.
        mutating func remove(order registered: RegistrationOrder) {
            let order = registered.rawValue
            let route = routeLog[Int(order)]
            let group = group(of: route)
            tries[group].root = store.remove(route, order: order, root: tries[group].root)
            tries[group].earliestOrder = store.node(tries[group].root).minOrder
            removed.insert(order, at: RouteTable.countBelow(order, in: removed))
        }

        /// The table as it is now. Later edits do not change it.
        mutating func publish() -> RouteTable {
            let table = RouteTable(self)
            store.publish(table)
            return table
        }

        /// Whether removed routes and replaced trie nodes outweigh the live ones eight to one,
        /// so that ``rebuilt()`` pays for itself: an edit replaces the edge tables on its path,
        /// which can be tens of times the elements a route adds, so a lower ratio would
        /// rebuild too often for one-by-one registration to keep up with bulk registration.
        ///
        /// Removed routes also count on their own, against the live routes: a removed
        /// route's nodes are not garbage in the store (other routes may share them), so
        /// registering and removing distinct routes grows the store's live size with the
        /// dead, and by the first test alone the table never rebuilt and grew without bound.
        var needsRebuild: Bool {
            let dead = store.garbage + removed.count
            if dead > 16_384 && dead > 8 * (store.size - store.garbage) { return true }
            return removed.count > 16_384 && removed.count > 8 * count
        }

        /// A builder of the live routes alone, in order, with orders renumbered from 0
        /// (an order becomes its route's priority).
        func rebuilt() -> Builder {
            var fresh = Builder(options: options, limits: limits)
            for route in RouteTable(self).routes { _ = fresh.add(route) }
            return fresh
        }

        /// The index in ``tries`` of the trie that holds `route`, made when new.
        private mutating func group(of route: CompiledRoute) -> Int {
            var group = 0
            if let key = route.schemeKey {
                if let index = schemeKeys[key] {
                    group = 2 + 2 * index
                } else {
                    let index = schemeKeys.count
                    schemeKeys[key] = index
                    schemes.append(key)
                    tries.append(Trie(root: store.makeRoot(), isHost: false))
                    tries.append(Trie(root: store.makeRoot(), isHost: true))
                    group = 2 + 2 * index
                }
            }
            if route.pattern.kind == .host { group += 1 }
            return group
        }
    }
}
