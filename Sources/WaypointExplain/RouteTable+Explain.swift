import Waypoint

extension RouteTable {
    /// For every route, in registration order, whether it matches `url` or where it stopped.
    ///
    /// This walks each route on its own, segment by segment, independently of the tries:
    /// it is the slow, transparent counterpart of the core's `winner(_:pathRoutesOnly:)`,
    /// and tests check that the two agree. Which routes the lookup's regex budget reached is
    /// taken from the search of `all(_:pathRoutesOnly:)` (`budgetTrace(_:)`): the walk runs
    /// no regex of a route that search did not pay for, and reports it as
    /// ``RouteStop/regexBudgetSpent(at:)``.
    ///
    /// Explain ships, as the `WaypointExplain` product, and says why, with the router's own
    /// budget and compiled routes; the test oracle `ReferenceMatcher` (the
    /// `WaypointReference` target) is a second implementation that only says whether, and
    /// ships nowhere.
    package func explain(_ url: String) -> [RouteExplanation] {
        let notReached = Set(budgetTrace(url)?.notReached ?? [])
        let orders = liveOrders
        var explanations: [RouteExplanation] = []
        func refused(_ failure: RoutingFailure) {
            explanations =
                failure == .urlTooLong
                ? stopAll(.urlTooLong(length: url.utf8.count, limit: options.urlLengthBound))
                : stopAll(.invalidURL)
        }
        withColdLookup(url, pathRoutesOnly: false, refused: refused) { input in
            let context = SearchContext(
                table: self,
                groups: orders.reduce(0) { max($0, route(order: $1).groupCount) },
                caseInsensitivePaths: options.caseInsensitivePaths,
                strictTrailingSlash: options.strictTrailingSlash, hasTailTwins: false)
            var tails = TailOutcomes()
            explanations = orders.enumerated().map { priority, order in
                let route = route(order: order)
                let outcome = explain(
                    route, order: order, scheme: input.scheme, view: input.view, context: context,
                    reached: !notReached.contains(order), tails: &tails)
                return RouteExplanation(route: route.pattern.route, priority: priority, outcome: outcome)
            }
        }
        return explanations
    }

    private func stopAll(_ stop: RouteStop) -> [RouteExplanation] {
        routes.enumerated().map {
            RouteExplanation(route: $1.pattern.route, priority: $0, outcome: .stopped(stop))
        }
    }

    /// What each tail class's regex did on the rest of the URL from the class's node, with
    /// and without the trailing slash, so that routes of one class
    /// (`tailClass(ofOrder:)`) cost one run, as they do in a search.
    private struct TailOutcomes {
        var outcomes: [TailRun: RegexOutcome] = [:]

        struct TailRun: Hashable {
            let tailClass: Int32
            let withTrailingSlash: Bool
        }
    }

    private func explain(
        _ route: CompiledRoute, order: RegistrationOrder, scheme: UnsafeBufferPointer<UInt8>,
        view fullView: SegmentView, context: SearchContext, reached: Bool, tails: inout TailOutcomes
    ) -> RouteExplanation.Outcome {
        if let key = route.schemeKey,
            !(key.count == scheme.count && zip(key, scheme).allSatisfy { $0 == $1.asciiLowercased })
        {
            return .stopped(
                .schemeDiffers(expected: route.pattern.scheme ?? "", actual: SegmentView.string(scheme)))
        }
        let isHost = route.pattern.kind == .host
        let view = isHost ? fullView : fullView.droppingFirst
        func position(_ depth: Int) -> SegmentPosition {
            isHost ? (depth == 0 ? .host : .path(depth)) : .path(depth + 1)
        }
        func hit(_ kind: TrieHit.Kind, depth: Int, slash: Bool = false) -> RouteExplanation.Outcome {
            let hit = TrieHit(
                order: order.rawValue, kind: kind, depth: Int32(depth), withTrailingSlash: slash,
                isHost: isHost)
            return .matched(
                RouteParameters(elements: parameters(of: route, hit: hit, view: view, context: context)))
        }
        let strict = options.strictTrailingSlash
        var depth = 0
        for (index, step) in route.steps.enumerated() {
            if index >= view.count {
                // The trailing slash the router ignores may stand for a final empty literal.
                if !strict && index == view.count && step == .literal([]) {
                    depth = view.count + 1
                    continue
                }
                return .stopped(.segmentMissing(at: position(index)))
            }
            let segment = view.segment(index)
            switch step {
            case .literal(let key):
                let fold = (isHost && index == 0) || options.caseInsensitivePaths
                let equal =
                    key.count == segment.count
                    && zip(key, segment).allSatisfy { fold ? $0 == $1.asciiLowercased : $0 == $1 }
                if !equal {
                    return .stopped(
                        .literalDiffers(
                            at: position(index), expected: route.pattern.segments[index].text,
                            actual: SegmentView.string(segment)))
                }
            case .any:
                if segment.isEmpty { return .stopped(.emptySegment(at: position(index))) }
                if let check = route.checks.first(where: { $0.depth == index }) {
                    guard reached else { return .stopped(.regexBudgetSpent(at: position(index))) }
                    switch run(check.regex, on: segment, context: context) {
                    case .matched:
                        break
                    case .limitExceeded(let kind):
                        return .stopped(.limitHit(at: position(index), limit: kind))
                    case .budgetSpent:
                        return .stopped(.regexBudgetSpent(at: position(index)))
                    case .noMatch, .failed:
                        if check.isLiteral {
                            return .stopped(
                                .literalDiffers(
                                    at: position(index), expected: route.pattern.segments[index].text,
                                    actual: SegmentView.string(segment)))
                        }
                        return .stopped(.regexFailed(at: position(index)))
                    }
                }
            }
            depth = index + 1
        }
        switch route.terminal {
        case .end:
            return depth >= view.count
                ? hit(.end, depth: depth) : .stopped(.extraSegments(at: position(depth)))
        case .optional:
            if depth >= view.count { return hit(.end, depth: depth) }
            if depth == view.count - 1 {
                return view.segment(depth).isEmpty
                    ? .stopped(.emptySegment(at: position(depth))) : hit(.optionalPresent, depth: depth + 1)
            }
            return .stopped(.extraSegments(at: position(depth + 1)))
        case .glob:
            return hit(.glob, depth: depth)
        case .tail:
            guard let tail = route.tail, depth <= view.count, depth < view.count || !strict else {
                return .stopped(.segmentMissing(at: position(depth)))
            }
            guard reached else { return .stopped(.regexBudgetSpent(at: position(depth))) }
            let tailClass = tailClass(ofOrder: order.rawValue)
            func run(_ subject: UnsafeBufferPointer<UInt8>, withTrailingSlash: Bool) -> RegexOutcome {
                let key = TailOutcomes.TailRun(tailClass: tailClass, withTrailingSlash: withTrailingSlash)
                if let known = tails.outcomes[key] {
                    // The parameters of a match are read from this route's own run.
                    if known != .matched { return known }
                }
                let outcome = self.run(tail, on: subject, context: context)
                tails.outcomes[key] = outcome
                return outcome
            }
            if depth < view.count {
                switch run(view.rest(from: depth), withTrailingSlash: false) {
                case .matched: return hit(.tail, depth: depth)
                case .limitExceeded(let kind): return .stopped(.limitHit(at: position(depth), limit: kind))
                case .budgetSpent: return .stopped(.regexBudgetSpent(at: position(depth)))
                case .noMatch, .failed: break
                }
            }
            if !strict {
                switch run(view.restWithTrailingSlash(from: depth), withTrailingSlash: true) {
                case .matched: return hit(.tail, depth: depth, slash: true)
                case .limitExceeded(let kind): return .stopped(.limitHit(at: position(depth), limit: kind))
                case .budgetSpent: return .stopped(.regexBudgetSpent(at: position(depth)))
                case .noMatch, .failed: break
                }
            }
            return .stopped(.regexFailed(at: position(depth)))
        }
    }
}
