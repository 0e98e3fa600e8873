/// Lookups: the winning route of a URL or a bare path, every route that matches a URL, and
/// what a lookup's regex budget did. Each goes through ``withLookup(_:as:query:refused:_:)``,
/// the one place that bounds, splits and decodes what is looked up.
extension RouteTable {
    /// The outcome of matching one URL against every route.
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
    }

    /// What a lookup is given.
    enum Subject {
        /// A URL, matched against the routes without a scheme and those of its scheme; with
        /// `pathRoutesOnly`, host routes take no part (the adapters match their links, which
        /// have no host, against path routes only).
        case url(pathRoutesOnly: Bool)
        /// A bare path such as `/products/42`, matched against the scheme-less path routes;
        /// a `?` or `#` ends it.
        case path
    }

    /// What a lookup searches: the segments of its subject, the tries they are searched
    /// in, and the URL's scheme as written.
    package struct LookupInput {
        /// The host (segment 0) and the path's segments, decoded.
        package let view: SegmentView
        /// The indices of the tries to search, -1 for none: the scheme-less path and host
        /// tries, then the path and host tries of the URL's scheme. At most four, so they
        /// fit in a `SIMD4`.
        package let tries: SIMD4<Int32>
        /// The URL's scheme (empty for a bare path).
        package let scheme: UnsafeBufferPointer<UInt8>
    }

    /// The one entry of every lookup: bounds the length of `text`, splits it (a URL into
    /// scheme, host, path and query; a bare path is all path), decodes its segments and
    /// calls `body` with them and the tries they are searched in. Sets `query` to the UTF-8
    /// offsets of a URL's query (after the `?`, before the fragment), which the split finds
    /// on the way; a caller that does not want it passes a local it never reads, which the
    /// optimiser drops with the store.
    @inline(__always)
    func withLookup<Result>(
        _ text: String, as subject: Subject, query: inout Range<Int>?, refused: (RoutingFailure) -> Result,
        _ body: (LookupInput) -> Result
    ) -> Result {
        Self.withUTF8(of: text) { bytes in
            guard bytes.count <= options.urlLengthBound else { return refused(.urlTooLong) }
            guard case .url(let pathRoutesOnly) = subject else {
                let none = UnsafeBufferPointer(rebasing: bytes[0..<0])
                return SegmentView.withSegments(
                    host: none, path: bytes, strictTrailingSlash: options.strictTrailingSlash,
                    source: bytes.baseAddress, queryEnds: true
                ) { view in
                    body(LookupInput(view: view, tries: SIMD4(0, -1, -1, -1), scheme: none))
                }
            }
            guard let parts = URLParts.split(bytes)?.matched(in: bytes, host: options.customSchemeHost) else {
                return refused(.invalidURL)
            }
            query = parts.query
            let schemeBytes = UnsafeBufferPointer(rebasing: bytes[parts.scheme])
            var selected = SIMD4<Int32>(0, pathRoutesOnly || tries[1].earliestOrder == .max ? -1 : 1, -1, -1)
            // Without scheme routes (the common table) the scheme is not looked up.
            if tries.count > 2 {
                let scheme = schemes.index(of: schemeBytes)
                if scheme >= 0 {
                    selected[2] = 2 + 2 * scheme
                    if !pathRoutesOnly { selected[3] = 3 + 2 * scheme }
                }
            }
            // Without a host trie to search, the host is neither decoded nor copied: path
            // tries read the path's segments only.
            let host =
                selected[1] < 0 && selected[3] < 0
                ? parts.host.lowerBound..<parts.host.lowerBound : parts.host
            return SegmentView.withSegments(
                host: UnsafeBufferPointer(rebasing: bytes[host]),
                path: UnsafeBufferPointer(rebasing: bytes[parts.path]),
                strictTrailingSlash: options.strictTrailingSlash, source: bytes.baseAddress
            ) { view in
                body(LookupInput(view: view, tries: selected, scheme: schemeBytes))
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

    // MARK: The lookups

    /// ``withLookup(_:as:query:refused:_:)`` of a URL, not inlined: the one copy of the
    /// lookup's prologue that the lookups off the hot path share (``all(_:pathRoutesOnly:)``,
    /// ``budgetTrace(_:)``, and `explain(_:)` of the WaypointExplain product), where each
    /// inlined its own, 4–9 KB of code in every app (Documentation/decisions.md, "Binary size
    /// and build time per product").
    /// `body` or `refused` stores what the caller returns.
    @inline(never)
    package func withColdLookup(
        _ url: String, pathRoutesOnly: Bool, refused: (RoutingFailure) -> Void, _ body: (LookupInput) -> Void
    ) {
        var query: Range<Int>?
        withLookup(url, as: .url(pathRoutesOnly: pathRoutesOnly), query: &query, refused: refused, body)
    }

    /// The winning route for `url`: the earliest-registered route that matches.
    ///
    /// - Parameter pathRoutesOnly: when true, host routes take no part.
    /// - Complexity: O(segments of `url`) hash lookups for literal and parameter routes,
    ///   whatever the number of routes; no allocation but the winner's parameters.
    @inline(__always)
    func winner(_ url: String, pathRoutesOnly: Bool = false) -> Winner {
        var query: Range<Int>?
        return winner(url, pathRoutesOnly: pathRoutesOnly, query: &query)
    }

    /// ``winner(_:pathRoutesOnly:)``, not inlined: one copy of the lookup for the callers off
    /// the hot path (``Router/matchResult(_:)``, ``Router/matchPathRoutes(_:)``, reverse
    /// routing's check of the URL it writes), where each inlined its own, about 4 KB of code
    /// in every app.
    @inline(never)
    package func coldWinner(_ url: String, pathRoutesOnly: Bool = false) -> Winner {
        winner(url, pathRoutesOnly: pathRoutesOnly)
    }

    /// ``winner(_:pathRoutesOnly:)`` that also sets `query` to the UTF-8 offsets of `url`'s
    /// query (after the `?`, before the fragment; nil when it has no `?` or is refused):
    /// dispatch reads the query there rather than scanning the URL again.
    @inline(__always)
    func winner(_ url: String, pathRoutesOnly: Bool, query: inout Range<Int>?) -> Winner {
        withLookup(url, as: .url(pathRoutesOnly: pathRoutesOnly), query: &query, refused: Winner.refused) {
            searchBest($0.view, tries: $0.tries, source: url)
        }
    }

    /// The priority of the winning route of ``winner(_:pathRoutesOnly:query:)``, with its
    /// parameters in `parameters`; nil when no route matches or the URL is refused. For
    /// callers that do not tell the two apart and go on with the parameters alone: the
    /// match's parameters move out, and no ``Winner`` or ``RouteMatch`` is copied.
    @inline(never)
    package func winningRoute(
        _ url: String, pathRoutesOnly: Bool, query: inout Range<Int>?, parameters: inout RouteParameters
    ) -> Int? {
        guard case .examined(let match?, _) = winner(url, pathRoutesOnly: pathRoutesOnly, query: &query)
        else {
            return nil
        }
        parameters = match.routeParameters
        return match.priority
    }

    /// The winning route among scheme-less path routes for a bare path such as
    /// `/products/42` (a query or fragment in `path` is not part of the match); nil when no
    /// route matches or the path is refused. Returned as the caller's optional rather than
    /// inside a ``Winner``: ``Router/match(path:)`` reads only the match, and the copies of
    /// the larger ``Winner`` on the way out cost about 20 instructions a hit and 30 a miss.
    func winningMatch(path: String) -> RouteMatch? {
        var query: Range<Int>?
        return withLookup(path, as: .path, query: &query, refused: { _ in nil }) { input in
            searchOne(0, input.view) { best, own, context, _ in
                best.map { match(for: $0, view: own, source: path, context: context) }
            }
        }
    }

    /// What a lookup lends of its winner (``Router/withMatch(path:_:)``): a plain value,
    /// which holds nothing and costs nothing to drop.
    struct LentWinner {
        /// What the lookup found.
        enum Kind {
            /// No route matches, or the subject was refused.
            case none
            /// A route with only `:name` captures, none percent-decoded: its ``storage``
            /// and the captures' ``bounds``.
            case ranges
            /// Any other route: the lookup made its match whole, into the caller's place.
            case made
        }

        var kind = Kind.none
        var priority = 0
        /// For ``Kind/ranges``: the route's shared storage, held by the table.
        var storage: Unmanaged<RouteParameters.Storage>?
        var bounds = RouteParameters.SliceBounds()
        var count = 0
    }

    /// The winning scheme-less path route for a bare path, lent (``LentWinner``); a match
    /// other than ranges is initialized at `made`, which the caller then deinitializes.
    func lendWinner(path: String, made: UnsafeMutablePointer<RouteMatch>) -> LentWinner {
        var query: Range<Int>?
        return withLookup(path, as: .path, query: &query, refused: { _ in LentWinner() }) { input in
            searchOne(0, input.view) { best, own, context, _ in
                lend(best, view: own, source: path, context: context, made: made)
            }
        }
    }

    /// ``lendWinner(path:made:)`` for a URL string, matched as ``winner(_:pathRoutesOnly:)``
    /// matches it.
    func lendWinner(_ url: String, made: UnsafeMutablePointer<RouteMatch>) -> LentWinner {
        var query: Range<Int>?
        return withLookup(url, as: .url(pathRoutesOnly: false), query: &query, refused: { _ in LentWinner() })
        {
            input in
            searchBest(input.view, tries: input.tries) { best, own, context, _ in
                lend(best, view: own, source: url, context: context, made: made)
            }
        }
    }

    /// What ``lendWinner(path:made:)`` lends of `hit`, found in `view` split from `source`.
    @inline(__always)
    private func lend(
        _ hit: TrieHit?, view: SegmentView, source: String, context: SearchContext,
        made: UnsafeMutablePointer<RouteMatch>
    ) -> LentWinner {
        guard let hit else { return LentWinner() }
        let summary = summaries[Int(hit.order)]
        let priority = priority(of: RegistrationOrder(hit.order))
        if hit.kind == .end && !summary.hasChecks, let bounds = captureBounds(of: summary, view: view) {
            return LentWinner(
                kind: .ranges, priority: priority, storage: .passUnretained(summary.storage), bounds: bounds,
                count: Int(summary.captureEnd - summary.captureStart))
        }
        made.initialize(to: match(for: hit, view: view, source: source, context: context))
        return LentWinner(kind: .made, priority: priority)
    }

    /// Every route that matches `url`, in registration order.
    package func all(_ url: String, pathRoutesOnly: Bool = false) -> Lookup {
        var lookup = Lookup.examined([], limitHits: 0)
        withColdLookup(url, pathRoutesOnly: pathRoutesOnly, refused: { lookup = .refused($0) }) {
            lookup = searchAll($0.view, tries: $0.tries, source: url)
        }
        return lookup
    }

    /// The matching routes after the one at `priority` (the winner a dispatch or a
    /// destination lookup tried first and that passed the link on), in priority order: the
    /// one place where "winner first, then the routes after it" finds the rest.
    package func routes(after priority: Int, _ url: String, pathRoutesOnly: Bool) -> [RouteMatch] {
        guard case .examined(let all, _) = all(url, pathRoutesOnly: pathRoutesOnly) else { return [] }
        return all.filter { $0.priority > priority }
    }

    /// What the regex budget (``RouterOptions/regexBudget``) did in the lookup of
    /// ``all(_:pathRoutesOnly:)``: the units its regex runs were charged, and the routes
    /// whose regex it could not pay for. Nil when the URL is refused.
    package func budgetTrace(_ url: String) -> BudgetTrace? {
        var trace: BudgetTrace?
        withColdLookup(url, pathRoutesOnly: false, refused: { _ in }) {
            let collector = collectAll($0.view, tries: $0.tries, context: searchContext())
            trace = BudgetTrace(
                spent: collector.budget.spent, runs: collector.budget.runs,
                notReached: collector.budgetSpent.sorted().map(RegistrationOrder.init))
        }
        return trace
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

    // MARK: Searching the tries

    private func searchContext() -> SearchContext {
        SearchContext(
            table: self, groups: maxGroups,
            caseInsensitivePaths: options.caseInsensitivePaths,
            strictTrailingSlash: options.strictTrailingSlash, hasTailTwins: hasTailTwins)
    }

    /// The winner among the tries `selected` for `view`, which was split from `source`.
    private func searchBest(_ view: SegmentView, tries selected: SIMD4<Int32>, source: String) -> Winner {
        searchBest(view, tries: selected) { best, own, context, limitHits in
            .examined(
                best.map { match(for: $0, view: own, source: source, context: context) }, limitHits: limitHits
            )
        }
    }

    /// The best hit among the tries `selected` for `view`, given to `finish` with the view it
    /// was found in (the host's or the path's), the search's context and the limit hits.
    @inline(__always)
    private func searchBest<Result>(
        _ view: SegmentView, tries selected: SIMD4<Int32>,
        _ finish: (TrieHit?, SegmentView, SearchContext, Int) -> Result
    ) -> Result {
        // Most tables have routes in one of the URL's tries only (path routes without a
        // scheme, say): search it without ordering the others. The scheme-less path trie
        // alone (no host routes, no scheme routes) is told without reading a trie.
        if selected[1] < 0 && selected[2] < 0 && selected[3] < 0 { return searchOne(0, view, finish) }
        var only = -1
        var live = 0
        for slot in 0..<4 where selected[slot] >= 0 && tries[Int(selected[slot])].earliestOrder != .max {
            only = Int(selected[slot])
            live &+= 1
        }
        if live == 0 { return finish(nil, view, searchContext(), 0) }
        if live == 1 { return searchOne(only, view, finish) }
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
        let best = collector.best
        return finish(best, best?.isHost ?? false ? view : pathView, context, collector.limitHits)
    }

    /// ``searchBest(_:tries:_:)`` of trie `index` alone (what a bare path, or a URL when only
    /// one of its tries holds routes, is searched in): the same search without the loop that
    /// orders several tries, which cost about 140 instructions a lookup.
    @inline(__always)
    private func searchOne<Result>(
        _ index: Int, _ view: SegmentView, _ finish: (TrieHit?, SegmentView, SearchContext, Int) -> Result
    ) -> Result {
        let context = searchContext()
        let own = tries[index].isHost ? view : view.droppingFirst
        var collector = BestHitCollector(budget: LookupBudget(options.regexBudget))
        search(index, own, context: context, into: &collector)
        return finish(collector.best, own, context, collector.limitHits)
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
}

extension RouteTable {
    /// Runs `regex` on `subject` under the table's limits, with the captures in the
    /// lookup's match data: the regex run of `explain` (the WaypointExplain product), which
    /// walks each route on its own.
    package func run(
        _ regex: RouteRegex, on subject: UnsafeBufferPointer<UInt8>, context: SearchContext
    ) -> RegexOutcome {
        regex.regex.match(subject, limits: limits, into: context.matchData)
    }
}
