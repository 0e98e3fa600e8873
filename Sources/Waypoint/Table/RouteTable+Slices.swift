extension RouteTable {
    /// The parameter names of every match of `route` in which each group takes part, in the
    /// order ``parameters(of:hit:view:context:)`` gives them: the `:name` captures and the
    /// groups of the segment checks by depth, then the `**` or the tail's groups. Nil for a
    /// route whose matches differ in their names by more than absent groups: one with a
    /// `:name?`, which names its segment only when it is present.
    static func sliceNames(of route: CompiledRoute) -> [String]? {
        if case .optional = route.terminal { return nil }
        var names: [String] = []
        var checks = route.checks[...]
        for (depth, name) in route.captures {
            while let check = checks.first, check.depth < depth {
                names += check.regex.parameters.map(\.name)
                checks.removeFirst()
            }
            names.append(name)
        }
        for check in checks { names += check.regex.parameters.map(\.name) }
        switch route.terminal {
        case .glob: names.append("**")
        case .tail: names += route.tail?.parameters.map(\.name) ?? []
        case .end, .optional: break
        }
        return names
    }

    /// The parameters of `hit` as ranges of `source`, with no `String` made and nothing
    /// allocated: what ``parameters(of:hit:view:context:)`` would give, for a route whose
    /// names are ``sliceNames(of:)`` (held by `summary`, at most
    /// ``RouteParameters/sliceCapacity``). Regex groups are read again from the regex that
    /// matched, as ``parameters(of:hit:view:context:)`` reads them.
    ///
    /// - Returns: nil when the values cannot all be ranges of `source`: a value was
    ///   percent-decoded, or lies across a part of the URL that is not in `source` as the
    ///   matcher read it (the trailing slash it ignores, a port between host and path), or
    ///   a group did not take part in the match, so that the names differ. The caller then
    ///   makes the parameters as strings.
    @inline(__always)
    func sliceParameters(
        of summary: RouteSummary, route: CompiledRoute, hit: TrieHit, view: SegmentView, source: String,
        context: SearchContext
    ) -> RouteParameters? {
        guard !summary.storage.sliceNames.isEmpty else {
            // No names: nothing to read, and nothing to check, since a hit already passed
            // every regex of the route.
            return RouteParameters(shared: summary.storage)
        }
        var bounds = RouteParameters.SliceBounds()
        var position = 0
        var checks = route.checks[...]
        for (depth, _) in route.captures {
            while let check = checks.first, check.depth < depth {
                guard addCheck(check, view: view, context: context, to: &bounds, at: &position) else {
                    return nil
                }
                checks.removeFirst()
            }
            guard let range = view.sourceBounds(ofSegment: depth) else { return nil }
            bounds[position] = (Int(range.start), Int(range.end))
            position &+= 1
        }
        for check in checks {
            guard addCheck(check, view: view, context: context, to: &bounds, at: &position) else {
                return nil
            }
        }
        let depth = Int(hit.depth)
        switch hit.kind {
        case .end:
            break
        case .optionalPresent:
            return nil
        case .glob:
            let rest = view.rest(from: depth)
            guard let start = view.sourceStart(ofRestFrom: depth) else { return nil }
            bounds[position] = (start, start + rest.count)
            position &+= 1
        case .tail:
            guard let tail = route.tail else { return nil }
            if !tail.parameters.isEmpty {
                let subject =
                    hit.withTrailingSlash ? view.restWithTrailingSlash(from: depth) : view.rest(from: depth)
                // The part of the subject that is in the source: all of it but the trailing
                // slash the router ignores.
                let inSource = hit.withTrailingSlash && !subject.isEmpty ? subject.count - 1 : subject.count
                guard let start = view.sourceStart(ofRestFrom: depth) else { return nil }
                let data = context.matchData
                // The captures are still the match's when no regex ran since (an engine
                // that keeps a generation); else the regex runs again, as it matched before.
                if hit.captureGeneration == 0 || data.generation != hit.captureGeneration {
                    guard tail.regex.match(subject, limits: context.limits, into: data) == .matched else {
                        return nil
                    }
                }
                for (group, isGlob) in tail.groups {
                    guard position < RouteParameters.sliceCapacity else { return nil }
                    if let range = data.range(ofGroup: group) {
                        // An empty value is the empty string wherever it is.
                        guard range.isEmpty || range.upperBound <= inSource else { return nil }
                        let lower = range.isEmpty ? 0 : start + range.lowerBound
                        bounds[position] = (lower, range.isEmpty ? 0 : start + range.upperBound)
                    } else if isGlob {
                        // An absent `**` group is the empty string.
                        bounds[position] = (start, start)
                    } else {
                        return nil
                    }
                    position &+= 1
                }
            }
        }
        guard position == summary.storage.sliceNames.count else { return nil }
        return RouteParameters(shared: summary.storage, source: source, bounds: bounds)
    }

    /// Adds the ranges of `check`'s groups in its segment to `bounds` from `position`, as
    /// ``parameters(of:hit:view:context:)`` appends them; false when one is not a range of
    /// the source or did not take part.
    @inline(__always)
    private func addCheck(
        _ check: CompiledRoute.SegmentCheck, view: SegmentView, context: SearchContext,
        to bounds: inout RouteParameters.SliceBounds, at position: inout Int
    ) -> Bool {
        guard !check.regex.parameters.isEmpty else { return true }
        guard check.depth < view.count, let segmentStart = view.sourceBounds(ofSegment: check.depth) else {
            return false
        }
        let segment = view.segment(check.depth)
        let data = context.matchData
        guard check.regex.regex.match(segment, limits: context.limits, into: data) == .matched else {
            return false
        }
        let start = Int(segmentStart.start)
        for (group, _) in check.regex.groups {
            guard position < RouteParameters.sliceCapacity, let range = data.range(ofGroup: group) else {
                return false
            }
            bounds[position] = (start + range.lowerBound, start + range.upperBound)
            position &+= 1
        }
        return true
    }
}
