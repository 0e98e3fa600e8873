/// Passes on to `inner` only the hits whose route's segment checks pass
/// (``CompiledRoute/checks``).
///
/// The trie reaches a checked segment through its `.any` edge, shared with `:name` and
/// `*`, so a hit there is only a candidate until the segment's own regex has matched. The
/// check runs before the hit is recorded, so a failed candidate never lowers the
/// collector's bound and hides a later route that does match.
struct CheckingCollector<Inner: TrieHitCollector>: TrieHitCollector {
    /// The collector that receives the hits that pass.
    var inner: Inner
    /// The view the trie searches (with the host for host tries, without it otherwise).
    let view: SegmentView
    let context: SearchContext

    var bound: Int32 { inner.bound }
    var budget: LookupBudget {
        get { inner.budget }
        set { inner.budget = newValue }
    }

    mutating func record(_ hit: TrieHit) {
        let route = context.table.route(order: RouteTable.RegistrationOrder(hit.order))
        if route.checks.isEmpty {
            inner.record(hit)
            return
        }
        switch route.passesChecks(
            view, limits: context.limits, data: context.matchData, budget: &inner.budget)
        {
        case .matched:
            inner.record(hit)
        case .limitExceeded(let kind):
            inner.recordLimit(order: hit.order, kind: kind)
        case .budgetSpent:
            inner.recordBudgetSpent(order: hit.order)
        case .noMatch, .failed:
            break
        }
    }

    mutating func recordLimit(order: Int32, kind: RegexLimitKind) {
        inner.recordLimit(order: order, kind: kind)
    }

    mutating func recordBudgetSpent(order: Int32) {
        inner.recordBudgetSpent(order: order)
    }
}
