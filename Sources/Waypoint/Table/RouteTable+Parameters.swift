/// The parameters a hit reads: from the flat capture logs when a route has only `:name`
/// captures, else from the route, its segment checks and its regex tail.
extension RouteTable {
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
        // The table, which the caller holds for the whole lookup, holds the route: the match
        // borrows it while it is made rather than taking a reference.
        let parameters = Unmanaged.passUnretained(route(order: RegistrationOrder(hit.order)))
            ._withUnsafeGuaranteedRef { route in
                if summary.isSliced,
                    let parameters = sliceParameters(
                        of: summary, route: route, hit: hit, view: view, source: source, context: context)
                {
                    return parameters
                }
                return RouteParameters(
                    route: route.pattern.route,
                    elements: self.parameters(of: route, hit: hit, view: view, context: context))
            }
        return RouteMatch(matched: parameters, priority: priority(of: RegistrationOrder(hit.order)))
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
        if let bounds = captureBounds(of: summary, view: view) {
            return RouteParameters(shared: summary.storage, source: source, bounds: bounds)
        }
        var parameters: [RouteParameters.Element] = []
        parameters.reserveCapacity(count)
        for index in start..<(start + count) {
            let capture = captures[index]
            parameters.append((capture.name, SegmentView.string(view.segment(Int(capture.depth)))))
        }
        return RouteParameters(route: summary.storage.route, elements: parameters)
    }

    /// The UTF-8 ranges in the looked-up string of the `:name` captures of the route of
    /// `summary`, which has between 1 and ``RouteParameters/sliceCapacity``; nil when it has
    /// more, or when one was percent-decoded (its value is not the bytes as written).
    @inline(__always)
    func captureBounds(of summary: RouteSummary, view: SegmentView) -> RouteParameters.SliceBounds? {
        let start = Int(summary.captureStart)
        let count = Int(summary.captureEnd) - start
        guard count <= RouteParameters.sliceCapacity else { return nil }
        var bounds = RouteParameters.SliceBounds()
        for index in 0..<count {
            guard let range = view.sourceBounds(ofSegment: Int(captures[start + index].depth)) else {
                return nil
            }
            bounds[index] = (Int(range.start), Int(range.end))
        }
        return bounds
    }

    /// Reads the parameters of `route` for `hit` from `view`.
    package func parameters(
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
