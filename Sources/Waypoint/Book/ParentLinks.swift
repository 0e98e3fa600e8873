/// The parent each route names when it is registered (Documentation/spec/routing.md §11):
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
    /// Per registration order, the order of the route's parent, or -1: one element per
    /// order issued, shared with the snapshots published from it.
    private(set) var log = AppendLog<Int32>(capacity: 16)

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
        var parents = byRoute
        var earlier: [String: RoutePattern] = [:]
        for registration in batch {
            defer { earlier[registration.route] = registration.pattern }
            let route = registration.route
            guard let parent = registration.parent else {
                parents[route] = nil
                continue
            }
            guard let parentPattern = earlier[parent] ?? registered(parent) else {
                throw .unknownParent(route: route, parent: parent)
            }
            // The links form a forest before this one, so the walk up from the parent ends.
            var ancestor: String? = parent
            while let current = ancestor {
                if current == route { throw .parentCycle(route: route, parent: parent) }
                ancestor = parents[current]
            }
            let captured = Self.captured(by: registration.pattern)
            for (name, required) in Self.captured(by: parentPattern) {
                guard let childRequired = captured[name], childRequired || !required else {
                    throw .parentParameter(route: route, parent: parent, name: name)
                }
            }
            parents[route] = parent
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
    /// (registered, with order `parentOrder`), or none.
    mutating func appendNew(_ route: String, parent: String?, parentOrder: Int32?) {
        byRoute[route] = parent
        log = log.appending(parentOrder ?? -1)
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
    mutating func rebuildLog(orderCount: Int, orders: [String: Int32]) {
        var fresh = AppendLog<Int32>(capacity: max(16, orderCount)).appending(-1, repeated: orderCount)
        if byRoute.isEmpty {
            log = fresh
            return
        }
        for (child, parent) in byRoute {
            guard let childOrder = orders[child], let parentOrder = orders[parent] else { continue }
            fresh[Int(childOrder)] = parentOrder
        }
        log = fresh
    }
}
