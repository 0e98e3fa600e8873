/// A route a trie search found matching, and how, so its parameters can be read afterwards.
package struct TrieHit: Sendable, Hashable {
    /// How the route matched.
    package enum Kind: Sendable, Hashable {
        /// Its prefix consumed every segment.
        case end
        /// Its prefix consumed every segment but the last, which is its `:name?`.
        case optionalPresent
        /// Its `**` took the segments from `depth` on.
        case glob
        /// Its regex tail matched the rest of the path from `depth`.
        case tail
    }

    /// The route's registration order (its index in the table).
    var order: Int32
    /// How it matched.
    var kind: Kind
    /// The depth of the terminal (for globs and tails, where the rest starts).
    var depth: Int32
    /// For tails: whether the match needed the trailing slash the router ignores
    /// (Documentation/spec/routing.md §4: `/docs` matches `/docs/:rest(.*)` as `/docs/` would).
    var withTrailingSlash: Bool
    /// Whether the route is a host route (its depths count the host as segment 0).
    var isHost = false
    /// For tails: the thread's ``RegexCaptures/generation`` right after the match, so that
    /// the match's groups are read from the captures while they are still its own; 0 when
    /// they must be made again.
    var captureGeneration: UInt32 = 0
}

extension TrieHit {
    /// A hit found outside the tries (`explain`, the WaypointExplain product), whose
    /// captures are made again.
    package init(order: Int32, kind: Kind, depth: Int32, withTrailingSlash: Bool, isHost: Bool) {
        self.order = order
        self.kind = kind
        self.depth = depth
        self.withTrailingSlash = withTrailingSlash
        self.isHost = isHost
    }
}

/// Receives the hits of a trie search. `bound` prunes: the search skips routes whose order
/// is not below it.
protocol TrieHitCollector {
    /// Routes at or above this order are not wanted.
    var bound: Int32 { get }
    /// A route matched.
    mutating func record(_ hit: TrieHit)
    /// A regex tail hit a PCRE2 limit (a non-match for that route).
    mutating func recordLimit(order: Int32, kind: RegexLimitKind)
    /// The lookup's regex work left (``RouterOptions/regexBudget``); the search's regex runs
    /// are paid from it.
    var budget: LookupBudget { get set }
    /// The budget could not pay for route `order`'s regex (a non-match for that route).
    mutating func recordBudgetSpent(order: Int32)
}

/// Keeps the earliest-registered hit: the winner (Documentation/spec/routing.md §5).
struct BestHitCollector: TrieHitCollector {
    /// The best hit so far.
    private(set) var best: TrieHit?
    /// Limit hits seen on the way, for diagnostics.
    var limitHits = 0
    var budget: LookupBudget
    /// The best hit's order, `Int32.max` before one: kept as a plain value beside `best`,
    /// because the search reads it at every node it visits, and reading it from the
    /// optional cost a test of the optional's tag each time (about 40 instructions a
    /// GitHub API hit).
    private(set) var bound: Int32 = .max

    init(budget: LookupBudget) {
        self.budget = budget
    }

    mutating func record(_ hit: TrieHit) {
        if hit.order < bound {
            best = hit
            bound = hit.order
        }
    }

    mutating func recordLimit(order: Int32, kind: RegexLimitKind) {
        limitHits += 1
    }

    mutating func recordBudgetSpent(order: Int32) {}
}

/// Keeps every hit.
struct AllHitsCollector: TrieHitCollector {
    /// Every hit, in search order.
    var hits: [TrieHit] = []
    /// Routes whose tail hit a limit.
    var limits: [(order: Int32, kind: RegexLimitKind)] = []
    var budget: LookupBudget
    /// Routes whose regex the budget could not pay for, in search order.
    var budgetSpent: [Int32] = []

    var bound: Int32 { .max }

    mutating func record(_ hit: TrieHit) {
        hits.append(hit)
    }

    mutating func recordLimit(order: Int32, kind: RegexLimitKind) {
        limits.append((order, kind))
    }

    mutating func recordBudgetSpent(order: Int32) {
        budgetSpent.append(order)
    }
}
