import Waypoint

/// The earlier routes that could shadow a route, found without comparing it with every one.
///
/// A route is read as a word of steps, one per URL segment: the host (any host for a path
/// route), then the path segments. An earlier route whose step at some position is a
/// non-empty literal can only match every URL of a later route if the later route has the
/// same literal there: any other step (a parameter, a wildcard, a different literal, a
/// regex) takes segments the literal does not. So routes are kept in a trie keyed by their
/// leading steps (literal key, or "not a literal"), down to the first step that is not one
/// segment (`:name?`, `**`, a regex tail, an empty literal); a later route collects the
/// routes stored on its paths through that trie. Only those are then compared exactly
/// (``RouteLanguage/shadows(_:_:strictTrailingSlash:)``), so a table without regex costs
/// about one trie walk per route instead of one comparison per earlier route. Routes with
/// an opaque regex tail are kept by tail signature (``Key/opaqueTail``): as the earlier
/// route one can only shadow a later route with the same tail, so ten thousand
/// `/p/:id([0-9]+)/v<i>` are not compared with each other.
struct ShadowIndex {
    /// A route's leading one-segment steps, and whether it goes on after them.
    struct Key {
        /// Each leading step: its literal key (folded as the router folds it), or nil for
        /// any other one-segment step.
        let steps: [String?]
        /// Whether the route goes on after its steps (`:name?`, `**`, a regex tail or an
        /// empty literal), so that routes stored deeper can still cover it: a path route's
        /// any-host step covers a host glob, and a parameter after a prefix covers a tail
        /// that cannot match `/`.
        let goesOn: Bool
        /// The signature of the route's regex tail when lint models it as opaque
        /// (``RouteLanguage``: every tail but a single `.*` or `.+` segment). As the
        /// earlier route, such a route matches only the rests of tails with the same
        /// signature, so it can shadow no later route with another tail, or none.
        let opaqueTail: TailSignature?

        init(_ pattern: RoutePattern, options: RouterOptions) {
            var steps: [String?] = pattern.kind == .path ? [nil] : []
            var goesOn = false
            var opaqueTail: TailSignature?
            scan: for (index, segment) in pattern.segments.enumerated() {
                let folds = (pattern.kind == .host && index == 0) || options.caseInsensitivePaths
                switch segment.form {
                case .literal where segment.text.isEmpty:
                    goesOn = true
                    break scan
                case .literal where folds && !segment.text.utf8.allSatisfy({ $0 < 0x80 }):
                    steps.append(nil)
                case .literal:
                    steps.append(folds ? RouteLanguage.asciiLowercased(segment.text) : segment.text)
                case .parameter, .wildcard:
                    steps.append(nil)
                case .pattern(_, isRegex: false) where pattern.kind == .host && index == 0:
                    steps.append(nil)
                case .pattern(let pieces, let isRegex):
                    goesOn = true
                    let regex = RouteLanguage.regex(pieces, isRegex: isRegex)
                    let single = index == pattern.segments.count - 1
                    if !(single
                        && (RegexFacts.matchesEverything(regex) || RegexFacts.matchesEveryNonEmpty(regex)))
                    {
                        opaqueTail = TailSignature(pattern, from: index)
                    }
                    break scan
                case .optionalParameter, .glob:
                    goesOn = true
                    break scan
                }
            }
            self.steps = steps
            self.goesOn = goesOn
            self.opaqueTail = opaqueTail
        }
    }

    private struct Node {
        var literals: [String: Int] = [:]
        var other: Int?
        /// Routes whose key ends here, in registration order, but those with an opaque tail.
        var routes: [Int] = []
        /// Routes whose key ends here with an opaque tail, by tail signature, in order.
        var opaque: [TailSignature: [Int]] = [:]

        /// The routes stored here that could shadow a route whose opaque tail, if any, is
        /// `tail`.
        func candidates(tail: TailSignature?) -> [Int] {
            guard let tail, let same = opaque[tail] else { return routes }
            return routes + same
        }
    }

    private var nodes = [Node()]

    /// Stores `route` (its position in registration order) under `key`.
    mutating func insert(_ key: Key, route: Int) {
        var node = 0
        for step in key.steps {
            let next: Int?
            if let literal = step { next = nodes[node].literals[literal] } else { next = nodes[node].other }
            if let next {
                node = next
                continue
            }
            nodes.append(Node())
            let created = nodes.count - 1
            if let literal = step {
                nodes[node].literals[literal] = created
            } else {
                nodes[node].other = created
            }
            node = created
        }
        if let tail = key.opaqueTail {
            nodes[node].opaque[tail, default: []].append(route)
        } else {
            nodes[node].routes.append(route)
        }
    }

    /// The stored routes that could shadow a route with `key`, in registration order.
    func candidates(for key: Key) -> [Int] {
        var found: [Int] = []
        // Walk every path the key's steps allow: a literal step may meet the same literal or
        // a non-literal step; a non-literal step only a non-literal one.
        var frontier = [0]
        for step in key.steps {
            var next: [Int] = []
            for node in frontier {
                found += nodes[node].candidates(tail: key.opaqueTail)
                if let literal = step, let child = nodes[node].literals[literal] { next.append(child) }
                if let child = nodes[node].other { next.append(child) }
            }
            frontier = next
        }
        for node in frontier { found += nodes[node].candidates(tail: key.opaqueTail) }
        if key.goesOn {
            var stack = frontier.flatMap { children(of: $0) }
            while let node = stack.popLast() {
                found += nodes[node].candidates(tail: key.opaqueTail)
                stack += children(of: node)
            }
        }
        // A route that ends after its steps is covered only by routes stored on its paths:
        // one more step would need one more segment (the trailing slash the router ignores
        // stands for an empty literal, where keys stop).
        return found.sorted()
    }

    private func children(of node: Int) -> [Int] {
        Array(nodes[node].literals.values) + (nodes[node].other.map { [$0] } ?? [])
    }
}
