/// An immutable, compiled set of routes: what a ``Router`` matches against.
///
/// Routes are grouped into tries by kind (path or host) and scheme (none, or one per
/// distinct scheme, compared case-insensitively); a URL is searched in the scheme-less
/// tries and in those of its own scheme. The table never changes after it is built, so
/// any number of threads match against it without locks.
package final class RouteTable: Sendable {
    /// The options the routes were compiled with.
    package let options: RouterOptions
    let limits: RegexLimits
    /// Lower-cased schemes (under parent 0) mapped to their index.
    private let schemes: EdgeTable
    /// `[path, host]` tries without a scheme, then `[path, host]` for each scheme.
    private let tries: [Trie]
    /// The tries' nodes, edges and route lists, shared with the tables published before
    /// and after this one (see ``TrieStore``); ``arena`` points into them.
    let store: TrieStore
    let arena: TrieArena
    /// The most capture groups any tail needs.
    private let maxGroups: Int
    /// Every route registered since the store was last rebuilt, by *order*: removed
    /// routes keep their entries (and their orders are never reused) until the next
    /// rebuild, so orders grow with registration and a route's priority is its order less
    /// the removed orders below it.
    private let routeLog: AppendLog<CompiledRoute>
    /// Per order: what a hit that ends in the trie (``TrieHit/Kind/end``) needs to make its
    /// match, kept in flat logs so that a match does not read the compiled route, its
    /// pattern and its capture list from three separate heap objects.
    private let summaries: AppendLog<RouteSummary>
    /// The `:name` captures of every route, each route's in one range, in order.
    private let captures: AppendLog<Capture>
    /// The orders issued so far (live and removed).
    private let orderCount: Int
    /// Removed orders, ascending.
    private let removed: [Int32]
    /// Whether any route has segment checks (``CompiledRoute/checks``); when none has, the
    /// tries record their hits directly.
    private let hasChecks: Bool
    /// Per order: the tail class of the route (``tailClass(ofOrder:)``).
    private let tailClasses: AppendLog<Int32>
    /// Whether two routes share a tail class, so that searches remember tail outcomes.
    private let hasTailTwins: Bool

    /// A route's place in registration order since the store was last rebuilt: its index in
    /// the table's logs. Removed routes keep theirs, so after a removal it is not the
    /// route's priority (``priority(of:)``, ``order(ofPriority:)``); a type of its own keeps
    /// the two from being mixed.
    package struct RegistrationOrder: Hashable, Comparable, Sendable {
        /// The index in the table's logs.
        package let rawValue: Int32

        init(_ rawValue: Int32) {
            self.rawValue = rawValue
        }

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
        store = builder.store
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

    /// The tail class of the route registered with `order`: the order of the first route
    /// registered at the same trie node with the same tail pattern (``RouteRegex/pattern``),
    /// its own order when it is the first, or -1 when it has no tail. Routes of one class
    /// match every URL alike as far as their tails go, so one run answers for all of them.
    @inline(__always)
    func tailClass(ofOrder order: Int32) -> Int32 {
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
    func route(order: RegistrationOrder) -> CompiledRoute {
        routeLog[Int(order.rawValue)]
    }

    /// The priority (position among the live routes, in registration order) of the route
    /// with `order`.
    @inline(__always)
    func priority(of order: RegistrationOrder) -> Int {
        guard !removed.isEmpty else { return Int(order.rawValue) }
        return Int(order.rawValue) - Self.countBelow(order.rawValue, in: removed)
    }

    /// The order of the route at `priority`.
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

    /// The outcome of matching one URL.
    package enum Lookup: Sendable {
        /// The URL was examined; the matches found (possibly none), and how many regex
        /// matches hit a PCRE2 limit on the way.
        case examined([RouteMatch], limitHits: Int)
        /// The URL was refused before matching.
        case refused(RoutingFailure)
    }

    /// The outcome of looking for the winning route of one URL: a ``Lookup`` without the
    /// array, so that finding a winner allocates nothing but the winner's parameters.
    package enum Winner: Sendable {
        /// The URL was examined; the winning route, if any matches, and how many regex
        /// matches hit a PCRE2 limit on the way.
        case examined(RouteMatch?, limitHits: Int)
        /// The URL was refused before matching.
        case refused(RoutingFailure)

        /// The same outcome as a ``Lookup``.
        var lookup: Lookup {
            switch self {
            case .examined(let match, let limitHits):
                .examined(match.map { [$0] } ?? [], limitHits: limitHits)
            case .refused(let failure):
                .refused(failure)
            }
        }
    }

    /// The winning route for `url`: the earliest-registered route that matches.
    ///
    /// - Parameter pathRoutesOnly: when true, host routes take no part (the adapters match
    ///   their links, which have no host, against path routes only).
    package func best(_ url: String, pathRoutesOnly: Bool = false) -> Lookup {
        winner(url, pathRoutesOnly: pathRoutesOnly).lookup
    }

    /// Every route that matches `url`, in registration order.
    package func all(_ url: String, pathRoutesOnly: Bool = false) -> Lookup {
        examine(url, pathRoutesOnly: pathRoutesOnly, refused: Lookup.refused) { view, selected in
            searchAll(view, tries: selected, source: url)
        }
    }

    /// The winning route among scheme-less path routes for a bare path such as
    /// `/products/42` (a query or fragment in `path` is not part of the match).
    package func best(path: String) -> Lookup {
        winner(path: path).lookup
    }

    /// ``best(_:pathRoutesOnly:)`` as a ``Winner``.
    ///
    /// - Complexity: O(segments of `url`) hash lookups for literal and parameter routes,
    ///   whatever the number of routes; no allocation but the winner's parameters.
    package func winner(_ url: String, pathRoutesOnly: Bool = false) -> Winner {
        examine(url, pathRoutesOnly: pathRoutesOnly, refused: Winner.refused) { view, selected in
            searchBest(view, tries: selected, source: url)
        }
    }

    /// ``winner(_:pathRoutesOnly:)`` that also sets `query` to the UTF-8 offsets of `url`'s
    /// query (after the `?`, before the fragment; nil when it has no `?` or is refused),
    /// which splitting the URL finds on the way: dispatch reads the query there rather than
    /// scanning the URL again.
    ///
    /// A function of its own rather than an argument of ``winner(_:pathRoutesOnly:)``, so
    /// that a match that does not need the query does not pass it out.
    package func winner(_ url: String, pathRoutesOnly: Bool, query: inout Range<Int>?) -> Winner {
        Self.withUTF8(of: url) { bytes in
            guard bytes.count <= options.urlLengthBound else { return .refused(.urlTooLong) }
            guard let parts = URLParts.split(bytes) else { return .refused(.invalidURL) }
            query = parts.query
            return withSegments(of: parts, in: bytes, pathRoutesOnly: pathRoutesOnly) { view, selected in
                searchBest(view, tries: selected, source: url)
            }
        }
    }

    /// Calls `body` with the UTF-8 of `text`: in place when the string is stored contiguously
    /// (a native Swift string), which costs no retain and release of a copy, else in a
    /// contiguous copy. Offsets into either are offsets into the UTF-8 of `text`.
    @inline(__always)
    private static func withUTF8<Result>(
        of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// ``best(path:)`` as a ``Winner``.
    package func winner(path: String) -> Winner {
        Self.withUTF8(of: path) { bytes in
            guard bytes.count <= options.urlLengthBound else { return .refused(.urlTooLong) }
            let noHost = UnsafeBufferPointer(rebasing: bytes[0..<0])
            return SegmentView.withSegments(
                host: noHost, path: bytes, strictTrailingSlash: options.strictTrailingSlash,
                source: bytes.baseAddress, queryEnds: true
            ) { view in
                searchOne(0, view, source: path)
            }
        }
    }

    /// Splits and decodes `url` and calls `body` with its segments and the indices of the
    /// tries it is searched in (-1 for none): the scheme-less path and host tries, then the
    /// path and host tries of the URL's scheme. At most four, so they fit in a `SIMD4`.
    private func examine<Result>(
        _ url: String, pathRoutesOnly: Bool, refused: (RoutingFailure) -> Result,
        _ body: (SegmentView, SIMD4<Int32>) -> Result
    ) -> Result {
        Self.withUTF8(of: url) { bytes in
            guard bytes.count <= options.urlLengthBound else { return refused(.urlTooLong) }
            guard let parts = URLParts.split(bytes) else { return refused(.invalidURL) }
            return withSegments(of: parts, in: bytes, pathRoutesOnly: pathRoutesOnly, body)
        }
    }

    /// Decodes the URL `bytes` split into `parts` and calls `body` as
    /// ``examine(_:pathRoutesOnly:refused:_:)`` does.
    @inline(__always)
    private func withSegments<Result>(
        of parts: URLParts, in bytes: UnsafeBufferPointer<UInt8>, pathRoutesOnly: Bool,
        _ body: (SegmentView, SIMD4<Int32>) -> Result
    ) -> Result {
        let scheme = schemes.child(
            of: 0, key: UnsafeBufferPointer(rebasing: bytes[parts.scheme]), foldCase: true)
        var selected = SIMD4<Int32>(0, pathRoutesOnly ? -1 : 1, -1, -1)
        if scheme >= 0 {
            selected[2] = 2 + 2 * scheme
            if !pathRoutesOnly { selected[3] = 3 + 2 * scheme }
        }
        return SegmentView.withSegments(
            host: UnsafeBufferPointer(rebasing: bytes[parts.host]),
            path: UnsafeBufferPointer(rebasing: bytes[parts.path]),
            strictTrailingSlash: options.strictTrailingSlash, source: bytes.baseAddress
        ) { view in
            body(view, selected)
        }
    }

    private func searchContext() -> SearchContext {
        SearchContext(
            table: self, groups: maxGroups,
            caseInsensitivePaths: options.caseInsensitivePaths,
            strictTrailingSlash: options.strictTrailingSlash, hasTailTwins: hasTailTwins)
    }

    /// The winner among the tries `selected` for `view`, which was split from `source`.
    private func searchBest(_ view: SegmentView, tries selected: SIMD4<Int32>, source: String) -> Winner {
        // Most tables have routes in one of the URL's tries only (path routes without a
        // scheme, say): search it without ordering the others.
        var only = -1
        var live = 0
        for slot in 0..<4 where selected[slot] >= 0 && tries[Int(selected[slot])].earliestOrder != .max {
            only = Int(selected[slot])
            live &+= 1
        }
        if live == 0 { return .examined(nil, limitHits: 0) }
        if live == 1 { return searchOne(only, view, source: source) }
        let context = searchContext()
        let pathView = view.droppingFirst
        var collector = BestHitCollector(budget: LookupBudget(options.regexBudget))
        var remaining = selected
        // The trie holding the earliest route goes first: its hit bounds the others, and a
        // trie whose earliest route cannot beat the best hit so far is not searched at all.
        while true {
            var next = -1
            var earliest = collector.bound
            for slot in 0..<4 where remaining[slot] >= 0 {
                let order = tries[Int(remaining[slot])].earliestOrder
                if order < earliest {
                    earliest = order
                    next = slot
                }
            }
            guard next >= 0 else { break }
            let trie = Int(remaining[next])
            remaining[next] = -1
            search(trie, tries[trie].isHost ? view : pathView, context: context, into: &collector)
        }
        guard let best = collector.best else { return .examined(nil, limitHits: collector.limitHits) }
        return .examined(
            match(for: best, view: best.isHost ? view : pathView, source: source, context: context),
            limitHits: collector.limitHits)
    }

    /// ``searchBest(_:tries:source:)`` of trie `index` alone (what a bare path, or a URL
    /// when only one of its tries holds routes, is searched in): the same search without
    /// the loop that orders several tries, which cost about 140 instructions a lookup.
    @inline(__always)
    private func searchOne(_ index: Int, _ view: SegmentView, source: String) -> Winner {
        let context = searchContext()
        let own = tries[index].isHost ? view : view.droppingFirst
        var collector = BestHitCollector(budget: LookupBudget(options.regexBudget))
        search(index, own, context: context, into: &collector)
        guard let best = collector.best else { return .examined(nil, limitHits: collector.limitHits) }
        return .examined(
            match(for: best, view: own, source: source, context: context), limitHits: collector.limitHits)
    }

    private func searchAll(_ view: SegmentView, tries selected: SIMD4<Int32>, source: String) -> Lookup {
        let context = searchContext()
        let pathView = view.droppingFirst
        let collector = collectAll(view, tries: selected, context: context)
        let hits = collector.hits.sorted { $0.order < $1.order }
        let matches = hits.map {
            match(for: $0, view: $0.isHost ? view : pathView, source: source, context: context)
        }
        return .examined(matches, limitHits: collector.limits.count)
    }

    /// Every hit of the tries `selected` for `view`, and what the search's regex runs did.
    private func collectAll(
        _ view: SegmentView, tries selected: SIMD4<Int32>, context: SearchContext
    ) -> AllHitsCollector {
        let pathView = view.droppingFirst
        var collector = AllHitsCollector(budget: LookupBudget(options.regexBudget))
        for slot in 0..<4 where selected[slot] >= 0 {
            let trie = Int(selected[slot])
            search(trie, tries[trie].isHost ? view : pathView, context: context, into: &collector)
        }
        return collector
    }

    /// What the regex budget (``RouterOptions/regexBudget``) did in the lookup of
    /// ``all(_:pathRoutesOnly:)``: the units its regex runs were charged, and the routes
    /// whose regex it could not pay for. Nil when the URL is refused.
    package func budgetTrace(_ url: String) -> BudgetTrace? {
        examine(url, pathRoutesOnly: false, refused: { _ in nil }) { view, selected in
            let collector = collectAll(view, tries: selected, context: searchContext())
            return BudgetTrace(
                spent: collector.budget.spent, runs: collector.budget.runs,
                notReached: collector.budgetSpent.sorted().map(RegistrationOrder.init))
        }
    }

    /// What a lookup's regex budget did (``budgetTrace(_:)``).
    package struct BudgetTrace: Sendable, Hashable {
        /// Units charged to the lookup's regex runs, at most ``RouterOptions/regexBudget``.
        package let spent: UInt32
        /// The regex runs the search made (``LookupBudget/runs``).
        package let runs: Int
        /// The routes whose regex the budget could not pay for, by registration order
        /// (not priority: the two differ after a removal).
        package let notReached: [RegistrationOrder]
    }

    /// Searches trie `index` for `view`, passing on only hits whose segment checks pass.
    @inline(__always)
    private func search<Collector: TrieHitCollector>(
        _ index: Int, _ view: SegmentView, context: SearchContext, into collector: inout Collector
    ) {
        guard hasChecks else {
            tries[index].search(view, context: context, into: &collector)
            return
        }
        var checking = CheckingCollector(inner: collector, view: view, context: context)
        tries[index].search(view, context: context, into: &checking)
        collector = checking.inner
    }

    /// The match value of a hit, with its parameters read from the view, which was split
    /// from `source`.
    func match(for hit: TrieHit, view: SegmentView, source: String, context: SearchContext) -> RouteMatch {
        let summary = summaries[Int(hit.order)]
        if hit.kind == .end && !summary.hasChecks {
            // Only `:name` captures: read from the flat summaries (see
            // ``parameters(of:hit:view:context:)`` for the general case, which `explain`
            // uses and tests compare with this).
            return RouteMatch(
                matched: captureParameters(of: summary, view: view, source: source),
                priority: priority(of: RegistrationOrder(hit.order)))
        }
        let route = route(order: RegistrationOrder(hit.order))
        if summary.isSliced,
            let parameters = sliceParameters(
                of: summary, route: route, hit: hit, view: view, source: source, context: context)
        {
            return RouteMatch(matched: parameters, priority: priority(of: RegistrationOrder(hit.order)))
        }
        return RouteMatch(
            matched: RouteParameters(
                route: route.pattern.route,
                elements: parameters(of: route, hit: hit, view: view, context: context)),
            priority: priority(of: RegistrationOrder(hit.order)))
    }

    /// The `:name` captures of the route of `summary`: as ranges of `source` when there are
    /// few and none was decoded, so that nothing is allocated, else as strings.
    @inline(__always)
    private func captureParameters(
        of summary: RouteSummary, view: SegmentView, source: String
    )
        -> RouteParameters
    {
        let start = Int(summary.captureStart)
        let count = Int(summary.captureEnd) - start
        guard count > 0 else { return RouteParameters(shared: summary.storage) }
        if count <= RouteParameters.sliceCapacity {
            var bounds = RouteParameters.SliceBounds()
            var inSource = true
            for index in 0..<count {
                guard let range = view.sourceBounds(ofSegment: Int(captures[start + index].depth)) else {
                    inSource = false
                    break
                }
                bounds[index] = (Int(range.start), Int(range.end))
            }
            if inSource { return RouteParameters(shared: summary.storage, source: source, bounds: bounds) }
        }
        var parameters: [RouteParameters.Element] = []
        parameters.reserveCapacity(count)
        for index in start..<(start + count) {
            let capture = captures[index]
            parameters.append((capture.name, SegmentView.string(view.segment(Int(capture.depth)))))
        }
        return RouteParameters(route: summary.storage.route, elements: parameters)
    }

    /// Reads the parameters of `route` for `hit` from `view`.
    func parameters(
        of route: CompiledRoute, hit: TrieHit, view: SegmentView, context: SearchContext
    ) -> [RouteParameters.Element] {
        var parameters: [RouteParameters.Element] = []
        var checks = route.checks[...]
        for (depth, name) in route.captures {
            while let check = checks.first, check.depth < depth {
                appendParameters(of: check, view: view, context: context, to: &parameters)
                checks.removeFirst()
            }
            parameters.append((name, SegmentView.string(view.segment(depth))))
        }
        for check in checks {
            appendParameters(of: check, view: view, context: context, to: &parameters)
        }
        switch hit.kind {
        case .end:
            break
        case .optionalPresent:
            if case .optional(let name) = route.terminal {
                parameters.append((name, SegmentView.string(view.segment(route.terminalDepth))))
            }
        case .glob:
            parameters.append(("**", SegmentView.string(view.rest(from: Int(hit.depth)))))
        case .tail:
            guard let tail = route.tail else { break }
            let subject =
                hit.withTrailingSlash
                ? view.restWithTrailingSlash(from: Int(hit.depth)) : view.rest(from: Int(hit.depth))
            let data = context.matchData
            guard tail.regex.match(subject, limits: context.limits, into: data) == .matched else { break }
            for (group, name) in tail.parameters {
                if let range = data.range(ofGroup: group) {
                    parameters.append(
                        (name, SegmentView.string(UnsafeBufferPointer(rebasing: subject[range]))))
                } else if name == "**" {
                    parameters.append((name, ""))
                }
            }
        }
        return parameters
    }

    /// Appends the parameters a segment check's regex captures from its segment.
    private func appendParameters(
        of check: CompiledRoute.SegmentCheck, view: SegmentView, context: SearchContext,
        to parameters: inout [RouteParameters.Element]
    ) {
        guard !check.regex.parameters.isEmpty, check.depth < view.count else { return }
        let segment = view.segment(check.depth)
        let data = context.matchData
        guard check.regex.regex.match(segment, limits: context.limits, into: data) == .matched else { return }
        for (group, name) in check.regex.parameters {
            if let range = data.range(ofGroup: group) {
                parameters.append(
                    (name, SegmentView.string(UnsafeBufferPointer(rebasing: segment[range]))))
            }
        }
    }
}
