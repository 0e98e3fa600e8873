/// An immutable, compiled set of routes: what a ``Router`` matches against.
///
/// Routes are grouped into tries by kind (path or host) and scheme (none, or one per
/// distinct scheme, compared case-insensitively); a URL is searched in the scheme-less
/// tries and in those of its own scheme. The table never changes after it is built, so
/// any number of threads match against it without locks.
///
/// This file holds the table's storage and its route orders; its lookups are in
/// RouteTable+Lookup.swift, the parameters a hit reads in RouteTable+Parameters.swift, and
/// building in RouteTable+Building.swift.
@usableFromInline
package final class RouteTable: Sendable {
    /// The options the routes were compiled with.
    package let options: RouterOptions
    let limits: RegexLimits
    /// The schemes with routes of their own, by index.
    let schemes: SchemeList
    /// `[path, host]` tries without a scheme, then `[path, host]` for each scheme.
    let tries: [Trie]
    /// The tries' nodes, edges and route lists, shared with the tables published before
    /// and after this one (see ``TrieStore``); ``arena`` points into them.
    let logs: TrieStore.Logs
    /// Cleared when the table is destroyed, so that its store may write again what only
    /// it read (``TableCensus``).
    let token = TableToken()
    let arena: TrieArena
    /// The most capture groups any tail needs.
    let maxGroups: Int
    /// Every route registered since the store was last rebuilt, by *order*: removed
    /// routes keep their entries (and their orders are never reused) until the next
    /// rebuild, so orders grow with registration and a route's priority is its order less
    /// the removed orders below it.
    let routeLog: AppendLog<CompiledRoute>
    /// Per order: what a hit that ends in the trie (``TrieHit/Kind/end``) needs to make its
    /// match, kept in flat logs so that a match does not read the compiled route, its
    /// pattern and its capture list from three separate heap objects.
    let summaries: AppendLog<RouteSummary>
    /// The `:name` captures of every route, each route's in one range, in order.
    let captures: AppendLog<Capture>
    /// The orders issued so far (live and removed).
    private let orderCount: Int
    /// Removed orders, ascending.
    private let removed: [Int32]
    /// Whether any route has segment checks (``CompiledRoute/checks``); when none has, the
    /// tries record their hits directly.
    let hasChecks: Bool
    /// Per order: the tail class of the route (``tailClass(ofOrder:)``).
    private let tailClasses: AppendLog<Int32>
    /// Whether two routes share a tail class, so that searches remember tail outcomes.
    let hasTailTwins: Bool

    /// A route's place in registration order since the store was last rebuilt: its index in
    /// the table's logs. Removed routes keep theirs, so after a removal it is not the
    /// route's priority (``priority(of:)``, ``order(ofPriority:)``); a type of its own keeps
    /// the two from being mixed.
    @usableFromInline
    package struct RegistrationOrder: Hashable, Comparable, Sendable {
        /// The index in the table's logs.
        @usableFromInline package let rawValue: Int32

        init(_ rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// The index in the table's logs and in the book's values, as an `Int`.
        @inlinable package var index: Int { Int(rawValue) }

        @usableFromInline
        package static func < (lhs: Self, rhs: Self) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }

    /// A `:name` capture: the segment depth and the parameter name.
    struct Capture: Sendable {
        let depth: Int32
        let name: String
    }

    /// A route's string and the range of its captures in ``RouteTable/captures``.
    struct RouteSummary: Sendable {
        /// The route string and, for up to ``RouteParameters/sliceCapacity`` captures, their
        /// names: what every match of the route that keeps its values as slices shares.
        let storage: RouteParameters.Storage
        let captureStart: Int32
        let captureEnd: Int32
        /// Whether the route has segment checks, whose parameters the captures do not hold.
        let hasChecks: Bool
        /// Whether the storage's names are all the route's parameters
        /// (``RouteTable/sliceNames(of:)``), so that a hit other than an ``TrieHit/Kind/end``
        /// without checks can keep them as slices (``RouteTable/sliceParameters(of:route:hit:view:source:context:)``).
        var isSliced = false
    }

    /// Builds the table of `routes` (in registration order).
    ///
    /// - Complexity: O(total segments of all routes). Regexes are not recompiled: they
    ///   belong to the ``CompiledRoute`` values, which are shared between tables.
    convenience init(routes: [CompiledRoute], options: RouterOptions, limits: RegexLimits) {
        var builder = Builder(options: options, limits: limits)
        for route in routes { _ = builder.add(route) }
        self.init(builder)
    }

    /// The table `builder` holds now.
    init(_ builder: Builder) {
        options = builder.options
        limits = builder.limits
        schemes = builder.schemes
        tries = builder.tries
        logs = builder.store.logs
        arena = builder.store.arena
        maxGroups = builder.maxGroups
        routeLog = builder.routeLog
        summaries = builder.summaries
        captures = builder.captures
        orderCount = builder.routeLog.count
        removed = builder.removed
        hasChecks = builder.hasChecks
        tailClasses = builder.tailClasses
        hasTailTwins = builder.hasTailTwins
    }

    deinit {
        // After every read of the logs: the store may then reuse what only this table read.
        token.tableDestroyed()
    }

    /// The tail class of the route registered with `order`: the order of the first route
    /// registered at the same trie node with the same tail pattern (``RouteRegex/pattern``),
    /// its own order when it is the first, or -1 when it has no tail. Routes of one class
    /// match every URL alike as far as their tails go, so one run answers for all of them.
    @inline(__always)
    package func tailClass(ofOrder order: Int32) -> Int32 {
        tailClasses[Int(order)]
    }

    /// The routes, in registration order.
    ///
    /// - Complexity: O(n); matching does not use it.
    package var routes: [CompiledRoute] {
        liveOrders.map { route(order: $0) }
    }

    /// The route registered with `order`.
    @inline(__always)
    package func route(order: RegistrationOrder) -> CompiledRoute {
        routeLog[order.index]
    }

    /// The priority (position among the live routes, in registration order) of the route
    /// with `order`.
    @inline(__always)
    package func priority(of order: RegistrationOrder) -> Int {
        guard !removed.isEmpty else { return Int(order.rawValue) }
        return Int(order.rawValue) - Self.countBelow(order.rawValue, in: removed)
    }

    /// The order of the route at `priority`.
    @usableFromInline
    package func order(ofPriority priority: Int) -> RegistrationOrder {
        var order = priority
        for gone in removed {
            if Int(gone) <= order { order += 1 } else { break }
        }
        return RegistrationOrder(Int32(order))
    }

    /// The live routes' orders, in registration order (so the n-th has priority n).
    package var liveOrders: [RegistrationOrder] {
        var result: [RegistrationOrder] = []
        result.reserveCapacity(orderCount - removed.count)
        var next = 0
        for order in 0..<Int32(orderCount) {
            if next < removed.count && removed[next] == order {
                next += 1
                continue
            }
            result.append(RegistrationOrder(order))
        }
        return result
    }

    /// How many elements of the ascending `list` are below `value`.
    static func countBelow(_ value: Int32, in list: [Int32]) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
