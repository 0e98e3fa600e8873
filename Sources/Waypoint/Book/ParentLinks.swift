/// The parent each route names when it is registered (Documentation/spec/routing.md §12):
/// by route string, which registration checks, and by registration order, which a
/// published snapshot reads without a lock.
///
/// A route's stack is its parent's stack followed by the route. The links make a forest:
/// every parent is a registered route, no route is its own ancestor, and a parent captures
/// only parameters its child always captures, so that it can be built from the child's
/// links. Removing a route unlinks its children; they become the roots of their stacks.
struct ParentLinks: Sendable {
    /// Each route's parent, by route string.
    private(set) var byRoute: [String: String] = [:]
    /// Per registration order, the route's parent, or nil: one element per order issued,
    /// shared with the snapshots published from it.
    private(set) var log = AppendLog<ParentLink?>(capacity: 16)

    /// Whether no route names a parent.
    var isEmpty: Bool { byRoute.isEmpty }

    /// One route of a registration, as the checks see it.
    struct Registration {
        let route: String
        let pattern: RoutePattern
        let parent: String?
    }

    /// Checks the parents `batch` names, in order, against the routes registered now
    /// (`registered` gives a registered route's pattern) and those earlier in the batch.
    ///
    /// - Throws: ``RouteError/unknownParent(route:parent:)``,
    ///   ``RouteError/parentCycle(route:parent:)`` or
    ///   ``RouteError/parentParameter(route:parent:name:)`` for the first route that breaks
    ///   a rule.
    func check(_ batch: [Registration], registered: (String) -> RoutePattern?) throws(RouteError) {
        // The batch's links over the registered ones: a copy of ``byRoute`` would make each
        // registration cost as much as all the links, and registering n routes one at a
        // time O(n²).
        var relinked: [String: String?] = [:]
        var earlier: [String: RoutePattern] = [:]
        for registration in batch {
            defer { earlier[registration.route] = registration.pattern }
            let route = registration.route
            guard let parent = registration.parent else {
                relinked[route] = .some(nil)
                continue
            }
            guard let parentPattern = earlier[parent] ?? registered(parent) else {
                throw .unknownParent(route: route, parent: parent)
            }
            // The links form a forest before this one, so the walk up from the parent ends.
            var ancestor: String? = parent
            while let current = ancestor {
                if current == route { throw .parentCycle(route: route, parent: parent) }
                ancestor = relinked[current] ?? byRoute[current]
            }
            let captured = Self.captured(by: registration.pattern)
            for (name, required) in Self.captured(by: parentPattern) {
                guard let childRequired = captured[name], childRequired || !required else {
                    throw .parentParameter(route: route, parent: parent, name: name)
                }
            }
            relinked[route] = parent
        }
    }

    /// The parameters a match of `pattern` captures, each with whether every match
    /// captures it (a `:name?` may be absent; the host of a host route is always there).
    static func captured(by pattern: RoutePattern) -> [String: Bool] {
        var captured: [String: Bool] = [:]
        for name in pattern.parameters.map(\.name) { captured[name] = true }
        for (index, segment) in pattern.segments.enumerated() {
            if case .optionalParameter(let name) = segment.form, !(pattern.kind == .host && index == 0) {
                captured[name] = false
            }
        }
        return captured
    }

    /// Records that the route newly registered with the next order names `parent`
    /// (registered with order `parentOrder`), or none.
    mutating func appendNew(_ route: String, parent: String?, parentOrder: RouteTable.RegistrationOrder?) {
        byRoute[route] = parent
        let link = parentOrder.map { order in
            ParentLink(chain: (log[order.index]?.chain ?? []) + [order])
        }
        log = log.appending(link)
    }

    /// Records that the registered `route` now names `parent`, or none.
    ///
    /// - Returns: whether that changed its link, so that ``rebuildLog(orderCount:orders:)``
    ///   is due.
    mutating func replace(_ route: String, parent: String?) -> Bool {
        guard byRoute[route] != parent else { return false }
        byRoute[route] = parent
        return true
    }

    /// Forgets the removed `route`'s own link and unlinks its children.
    ///
    /// - Returns: whether a child was unlinked, so that ``rebuildLog(orderCount:orders:)``
    ///   is due.
    mutating func remove(_ route: String) -> Bool {
        byRoute[route] = nil
        let children = byRoute.filter { $0.value == route }.map(\.key)
        for child in children { byRoute[child] = nil }
        return !children.isEmpty
    }

    /// Writes the log anew, in a copy the published snapshots do not share: `orderCount`
    /// orders, each route's link by `orders`.
    mutating func rebuildLog(orderCount: Int, orders: [String: RouteTable.RegistrationOrder]) {
        let fresh = AppendLog<ParentLink?>(capacity: max(16, orderCount)).appending(nil, repeated: orderCount)
        var chains: [String: [RouteTable.RegistrationOrder]] = [:]
        for child in byRoute.keys {
            guard let childOrder = orders[child] else { continue }
            let chain = ancestors(of: child, orders: orders, memo: &chains)
            fresh[childOrder.index] = chain.isEmpty ? nil : ParentLink(chain: chain)
        }
        log = fresh
    }

    /// The orders of `route`'s ancestors, root first, with those of the routes met on the
    /// way in `memo`.
    private func ancestors(
        of route: String, orders: [String: RouteTable.RegistrationOrder],
        memo: inout [String: [RouteTable.RegistrationOrder]]
    ) -> [RouteTable.RegistrationOrder] {
        if let known = memo[route] { return known }
        // The links form a forest: the walk up ends at a root. It is iterative, so that a
        // deep chain cannot exhaust the call stack.
        var path: [String] = []
        var current = route
        while memo[current] == nil, let parent = byRoute[current] {
            path.append(current)
            current = parent
        }
        var chain = memo[current] ?? []
        for child in path.reversed() {
            if let parent = byRoute[child], let order = orders[parent] {
                chain.append(order)
            }
            memo[child] = chain
        }
        return memo[route] ?? []
    }
}

/// A route's ancestors as a stack lookup reads them: one read gives them all.
package final class ParentLink: Sendable {
    /// The orders of the route's ancestors, root first; the last is its parent.
    package let chain: [RouteTable.RegistrationOrder]

    init(chain: [RouteTable.RegistrationOrder]) {
        self.chain = chain
    }
}

extension ParentLinks {
    /// ``RouteBook``'s check of the parents a registration names against the routes of
    /// `builder`, registered with `orders` (``check(_:registered:)``). Here rather than in
    /// the book's generic registry, which the compiler copies for every kind of value.
    func check(
        _ batch: [(route: String, pattern: RoutePattern?, parent: String?)], builder: RouteTable.Builder,
        orders: [String: RouteTable.RegistrationOrder]
    ) throws(RouteError) {
        func registered(_ route: String) -> RoutePattern? {
            orders[route].map { builder.routeLog[$0.index].pattern }
        }
        var checked: [ParentLinks.Registration] = []
        for (route, pattern, parent) in batch {
            // A route is new, or registered (or earlier in the batch, and so compiled
            // there), or was registered when the registration began and has been removed
            // since: it is new again, and its parent is checked as a new route's.
            guard
                let pattern = pattern ?? registered(route)
                    ?? checked.last(where: { $0.route == route })?.pattern
                    ?? (try? CompiledRoute(route, options: builder.options))?.pattern
            else { continue }
            checked.append(ParentLinks.Registration(route: route, pattern: pattern, parent: parent))
        }
        try check(checked, registered: registered)
    }
}

extension ParentLinks {
    /// The part of ``RouteBook``'s garbage collection that does not touch its values: rebuilds
    /// `builder` from its live routes, gives them `orders` anew and rewrites the log of
    /// parents. Returns how many routes are live and, in their new order, the old index of
    /// each one's value. Not in the book's generic registry, which the compiler copies for
    /// every kind of value.
    mutating func rebuild(
        _ builder: inout RouteTable.Builder, orders: inout [String: RouteTable.RegistrationOrder]
    ) -> (liveCount: Int, kept: [Int]) {
        let live = RouteTable(builder).routes
        let oldOrders = orders
        builder = builder.rebuilt()
        var kept: [Int] = []
        kept.reserveCapacity(live.count)
        orders = [:]
        orders.reserveCapacity(live.count)
        for (order, route) in live.enumerated() {
            let name = route.pattern.route
            if let old = oldOrders[name] { kept.append(old.index) }
            orders[name] = RouteTable.RegistrationOrder(Int32(order))
        }
        rebuildLog(orderCount: live.count, orders: orders)
        return (live.count, kept)
    }
}
