/// What a search needs besides the trie and the URL.
package struct SearchContext {
    /// The table being searched. Unowned and unretained: a context lives only inside a
    /// lookup, while the caller holds the table, and a retain and release per lookup of
    /// each array it reads would cost more than the rest of the setup.
    unowned(unsafe) let table: RouteTable
    /// The most capture groups a tail of the table needs.
    let groups: Int
    /// Whether path literals fold case.
    let caseInsensitivePaths: Bool
    /// Whether the trailing slash is significant.
    let strictTrailingSlash: Bool

    /// The calling thread's match data, large enough for every tail in the table. Fetched
    /// when a regex runs, so a lookup that runs none never touches thread-local storage.
    var matchData: MatchData { MatchData.forCurrentThread(groups: groups) }

    /// Whether two routes of the table have the same tail pattern at the same trie node
    /// (``RouteTable/tailClass(ofOrder:)``), so that a search remembers what each tail
    /// pattern did at a node and runs it once.
    let hasTailTwins: Bool

    /// The tries' storage.
    var arena: TrieArena { table.arena }
    /// The limits every regex match runs under.
    var limits: RegexLimits { table.limits }

    /// A context for a search, or for a walk outside the tries (`explain`, the
    /// WaypointExplain product).
    package init(
        table: RouteTable, groups: Int, caseInsensitivePaths: Bool, strictTrailingSlash: Bool,
        hasTailTwins: Bool
    ) {
        self.table = table
        self.groups = groups
        self.caseInsensitivePaths = caseInsensitivePaths
        self.strictTrailingSlash = strictTrailingSlash
        self.hasTailTwins = hasTailTwins
    }
}

extension Trie {
    /// Finds the routes of this trie that match `view`, reporting each to `collector`.
    ///
    /// Every node sits at a fixed depth, so a node is visited at most once per search;
    /// a node whose subtree holds no route below `collector.bound` is skipped. Literal and
    /// parameter routes therefore cost hash lookups proportional to the URL's segments,
    /// whatever the number of routes; regex tails run only where their literal prefix
    /// matched, and only while they could still beat the best route found.
    func search<Collector: TrieHitCollector>(
        _ view: SegmentView, context: SearchContext, into collector: inout Collector
    ) {
        let count = view.count
        let virtualDepth = Int32(count + 1)
        // A visit goes on to one child and pushes at most one, so the stack never exceeds
        // one entry per level.
        let arena = context.arena
        let nodes = arena.nodes
        // Whether the literals at depth 0 and below it fold case, read once rather than at
        // each node.
        let foldPaths = context.caseInsensitivePaths
        let foldFirst = isHost || foldPaths
        var memo = TailMemo()
        defer { memo.deallocate() }
        withUnsafeTemporaryAllocation(of: (node: Int32, depth: Int32).self, capacity: count + 2) { stack in
            do {
                var top = 0
                var index: Int32 = root
                var depth: Int32 = 0
                while true {
                    let node = nodes[Int(index)]
                    var next: (node: Int32, depth: Int32) = (-1, 0)
                    if node.minOrder < collector.bound {
                        let atEnd = Int(depth) >= count
                        if node.endsOneRoute {
                            if atEnd && node.terminals < collector.bound {
                                collector.record(
                                    TrieHit(
                                        order: node.terminals, kind: .end, depth: depth,
                                        withTrailingSlash: false,
                                        isHost: isHost))
                            }
                        } else if node.terminals >= 0 {
                            report(
                                arena.terminals[Int(node.terminals)], atEnd: atEnd, depth: depth,
                                virtualDepth: virtualDepth, view: view, context: context, memo: &memo,
                                into: &collector)
                        }
                        var literal: (node: Int32, depth: Int32) = (-1, 0)
                        var any: (node: Int32, depth: Int32) = (-1, 0)
                        if !atEnd {
                            let segment = view.segment(Int(depth))
                            if node.hasLiteralChildren {
                                // Depths are bounded by the URL's length bound, so `&+` cannot
                                // wrap, and the overflow checks it saves sat on every edge.
                                let fold = depth == 0 ? foldFirst : foldPaths
                                literal = (arena.child(of: node, key: segment, foldCase: fold), depth &+ 1)
                            }
                            if !segment.isEmpty && node.anyChild >= 0 { any = (node.anyChild, depth &+ 1) }
                        } else if depth == Int32(count) && !context.strictTrailingSlash
                            && node.hasLiteralChildren
                        {
                            // The trailing slash the router ignores: an empty last segment.
                            let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                            literal = (arena.child(of: node, key: empty, foldCase: false), virtualDepth)
                        }
                        // Visit the child holding the earlier route next, and keep the other.
                        if literal.node >= 0 && any.node >= 0 {
                            let literalFirst =
                                nodes[Int(literal.node)].minOrder < nodes[Int(any.node)].minOrder
                            next = literalFirst ? literal : any
                            stack[top] = literalFirst ? any : literal
                            top &+= 1
                        } else {
                            next = literal.node >= 0 ? literal : any
                        }
                    }
                    if next.node < 0 {
                        guard top > 0 else { break }
                        top &-= 1
                        next = stack[top]
                    }
                    (index, depth) = next
                }
            }
        }
    }

    /// Reports the routes that end at a node reached at `depth`: those that end there when
    /// the URL has no segment left, and globs and regex tails, which take the rest.
    @inline(__always)
    private func report<Collector: TrieHitCollector>(
        _ terminals: Terminals, atEnd: Bool, depth: Int32, virtualDepth: Int32, view: SegmentView,
        context: SearchContext, memo: inout TailMemo, into collector: inout Collector
    ) {
        let orders = context.arena.orders
        do {
            if atEnd {
                for slot in terminals.ends {
                    let order = orders[Int(slot)]
                    if order >= collector.bound { break }
                    collector.record(
                        TrieHit(
                            order: order, kind: .end, depth: depth, withTrailingSlash: false, isHost: isHost))
                }
                for slot in terminals.optionalEnds {
                    let order = orders[Int(slot)]
                    if order >= collector.bound { break }
                    collector.record(
                        TrieHit(
                            order: order, kind: .optionalPresent, depth: depth, withTrailingSlash: false,
                            isHost: isHost))
                }
            }
            for slot in terminals.globs {
                let order = orders[Int(slot)]
                if order >= collector.bound { break }
                collector.record(
                    TrieHit(order: order, kind: .glob, depth: depth, withTrailingSlash: false, isHost: isHost)
                )
            }
            if !terminals.tails.isEmpty && depth < virtualDepth {
                for slot in terminals.tails {
                    let order = orders[Int(slot)]
                    if order >= collector.bound { break }
                    if context.hasTailTwins {
                        runTwinTail(
                            order: order, depth: depth, view: view, context: context, memo: &memo,
                            into: &collector)
                    } else {
                        runTail(order: order, depth: depth, view: view, context: context, into: &collector)
                    }
                }
            }
        }
    }

    /// ``runTail(order:depth:view:context:into:)`` in a table where routes at one node can
    /// share a tail pattern: the first route of a pattern at the node runs it, and the
    /// others take what it did from `memo` (Documentation/spec/routing.md §4: one lookup runs each distinct
    /// tail
    /// pattern at most once per node, so a thousand copies of a pattern cost one run).
    private func runTwinTail<Collector: TrieHitCollector>(
        order: Int32, depth: Int32, view: SegmentView, context: SearchContext, memo: inout TailMemo,
        into collector: inout Collector
    ) {
        let tailClass = context.table.tailClass(ofOrder: order)
        // The first route of a class (the class is its order) finds nothing remembered.
        if tailClass != order, let outcome = memo[tailClass] {
            switch outcome {
            case .matched(let withTrailingSlash, let generation):
                // The run the outcome is from was on the same subject with the same pattern,
                // so its groups are this route's too.
                collector.record(
                    TrieHit(
                        order: order, kind: .tail, depth: depth, withTrailingSlash: withTrailingSlash,
                        isHost: isHost, captureGeneration: generation))
            case .limitExceeded(let kind):
                collector.recordLimit(order: order, kind: kind)
            case .budgetSpent:
                collector.recordBudgetSpent(order: order)
            case .noMatch:
                break
            }
            return
        }
        let outcome = runTail(order: order, depth: depth, view: view, context: context, into: &collector)
        memo.remember(outcome, for: tailClass)
    }

    /// Runs the tail of route `order` from `depth`: on the rest of the path, then, when the
    /// router ignores trailing slashes, on the rest with a trailing slash.
    ///
    /// - Returns: what the runs came to, as reported to `collector`.
    @inline(__always)
    @discardableResult
    private func runTail<Collector: TrieHitCollector>(
        order: Int32, depth: Int32, view: SegmentView, context: SearchContext, into collector: inout Collector
    ) -> TailMemo.Outcome {
        // The table, which the caller holds for the whole lookup, holds the route: the run
        // borrows it rather than taking a reference.
        Unmanaged.passUnretained(context.table.route(order: RouteTable.RegistrationOrder(order)))
            ._withUnsafeGuaranteedRef { route in
                runTail(route, order: order, depth: depth, view: view, context: context, into: &collector)
            }
    }

    /// ``runTail(order:depth:view:context:into:)`` with the route borrowed.
    @inline(__always)
    private func runTail<Collector: TrieHitCollector>(
        _ route: CompiledRoute, order: Int32, depth: Int32, view: SegmentView, context: SearchContext,
        into collector: inout Collector
    ) -> TailMemo.Outcome {
        // Once the budget is exhausted, a tail that can backtrack exponentially is not run:
        // on a subject that made earlier tails spend the budget, thousands of distinct ones
        // would each do their base allowance's work (on ICU, up to its first progress report,
        // 10,000 states) for nothing (decisions.md, "Fuzzing throughput, the exhausted regex
        // budget, JSON members"). The budget is tested first, and only the route's flag is
        // read, so an ordinary lookup pays one test of a Boolean and a skipped tail a few
        // loads.
        if collector.budget.isExhausted, route.tailRepeatsRepeatingGroup {
            collector.recordBudgetSpent(order: order)
            return .budgetSpent
        }
        guard let regex = route.tail?.regex else { return .noMatch }
        let limits = context.limits
        let data = context.matchData
        let start = Int(depth)
        if start < view.count {
            switch regex.match(view.rest(from: start), limits: limits, into: data, budget: &collector.budget)
            {
            case .matched:
                let generation = data.generation
                collector.record(
                    TrieHit(
                        order: order, kind: .tail, depth: depth, withTrailingSlash: false, isHost: isHost,
                        captureGeneration: generation))
                return .matched(withTrailingSlash: false, generation: generation)
            case .limitExceeded(let kind):
                collector.recordLimit(order: order, kind: kind)
                return .limitExceeded(kind)
            case .budgetSpent:
                collector.recordBudgetSpent(order: order)
                return .budgetSpent
            case .noMatch, .failed:
                break
            }
        }
        guard !context.strictTrailingSlash, start <= view.count else { return .noMatch }
        switch regex.match(
            view.restWithTrailingSlash(from: start), limits: limits, into: data, budget: &collector.budget)
        {
        case .matched:
            let generation = data.generation
            collector.record(
                TrieHit(
                    order: order, kind: .tail, depth: depth, withTrailingSlash: true, isHost: isHost,
                    captureGeneration: generation))
            return .matched(withTrailingSlash: true, generation: generation)
        case .limitExceeded(let kind):
            collector.recordLimit(order: order, kind: kind)
            return .limitExceeded(kind)
        case .budgetSpent:
            collector.recordBudgetSpent(order: order)
            return .budgetSpent
        case .noMatch, .failed:
            return .noMatch
        }
    }
}

/// What each tail pattern did at the node being searched, by tail class
/// (``RouteTable/tailClass(ofOrder:)``); the class names a node as well as a pattern, so the
/// entries of one node never answer for another.
///
/// The first ``inlineCapacity`` outcomes are kept inline, so a lookup that runs up to that
/// many distinct tails allocates nothing; more go to a dictionary, which the search frees
/// with ``deallocate()``. The dictionary is held through a pointer, so that a memo is a
/// trivial value: a search that never spills (every ordinary lookup) pays no release of
/// an absent dictionary when the memo goes.
struct TailMemo {
    /// What a tail's runs came to; a match keeps its captures' generation
    /// (``RegexCaptures/generation``), which the routes of its class share.
    enum Outcome {
        case matched(withTrailingSlash: Bool, generation: UInt32)
        case noMatch
        case limitExceeded(RegexLimitKind)
        case budgetSpent
    }

    /// The outcomes kept inline.
    static let inlineCapacity = 16

    /// The number of outcomes kept inline.
    private var count = 0
    /// The classes of the inline outcomes.
    private var classes = SIMD16<Int32>(repeating: -1)
    /// The inline outcomes: their kind (``encode(_:)``) and, for matches, the generation.
    private var kinds = SIMD16<UInt8>(repeating: 0)
    private var generations = SIMD16<UInt32>(repeating: 0)
    /// Outcomes past the inline ones; nil until there are some.
    private var overflow: UnsafeMutablePointer<[Int32: Outcome]>?

    /// The outcome remembered for `tailClass`, if any.
    subscript(tailClass: Int32) -> Outcome? {
        for slot in 0..<count where classes[slot] == tailClass {
            return Self.decode(kinds[slot], generation: generations[slot])
        }
        return overflow?.pointee[tailClass]
    }

    /// Frees the outcomes past the inline ones; the memo is empty afterwards.
    mutating func deallocate() {
        guard let overflow else { return }
        overflow.deinitialize(count: 1)
        overflow.deallocate()
        self.overflow = nil
        count = 0
    }

    /// Remembers what the tail of `tailClass` did (once per class: later routes of the class
    /// read it rather than run).
    mutating func remember(_ outcome: Outcome, for tailClass: Int32) {
        guard count < Self.inlineCapacity else {
            if overflow == nil {
                let dictionary = UnsafeMutablePointer<[Int32: Outcome]>.allocate(capacity: 1)
                dictionary.initialize(to: [:])
                overflow = dictionary
            }
            overflow?.pointee[tailClass] = outcome
            return
        }
        classes[count] = tailClass
        let (kind, generation) = Self.encode(outcome)
        kinds[count] = kind
        generations[count] = generation
        count += 1
    }

    /// An outcome as a kind and a generation.
    private static func encode(_ outcome: Outcome) -> (UInt8, UInt32) {
        switch outcome {
        case .noMatch: (0, 0)
        case .matched(let withTrailingSlash, let generation): (withTrailingSlash ? 2 : 1, generation)
        case .limitExceeded(.match): (3, 0)
        case .limitExceeded(.depth): (4, 0)
        case .limitExceeded(.stack): (5, 0)
        case .budgetSpent: (6, 0)
        }
    }

    /// The outcome ``encode(_:)`` made `kind` and `generation` of.
    private static func decode(_ kind: UInt8, generation: UInt32) -> Outcome {
        switch kind {
        case 1: .matched(withTrailingSlash: false, generation: generation)
        case 2: .matched(withTrailingSlash: true, generation: generation)
        case 3: .limitExceeded(.match)
        case 4: .limitExceeded(.depth)
        case 5: .limitExceeded(.stack)
        case 6: .budgetSpent
        default: .noMatch
        }
    }
}
