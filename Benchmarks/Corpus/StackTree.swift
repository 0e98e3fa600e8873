/// The parent routes the stack contenders register (``WaypointStackContender``): each
/// route's parent is the route without its last segment, when that is a route registered
/// before it, as an app's REST-shaped screens nest (`/v1/orders` → `/v1/orders/:id` →
/// `/v1/orders/:id/refund`).
enum StackTree {
    /// The depth of the stacks the contenders are measured on: a route with two parents.
    static let measuredDepth = 3

    /// The index of each route's parent in `routes`; nil for a root.
    static func parents(of routes: [String]) -> [Int?] {
        var index: [String: Int] = [:]
        var parents: [Int?] = []
        parents.reserveCapacity(routes.count)
        for (position, route) in routes.enumerated() {
            let parent = route.lastIndex(of: "/").flatMap { index[String(route[..<$0])] }
            parents.append(parent)
            if index[route] == nil { index[route] = position }
        }
        return parents
    }

    /// The depth of each route's stack: 1 for a root.
    static func depths(of parents: [Int?]) -> [Int] {
        var depths: [Int] = []
        depths.reserveCapacity(parents.count)
        // A parent comes before its child, so its depth is known.
        for parent in parents { depths.append(parent.map { depths[$0] + 1 } ?? 1) }
        return depths
    }

    /// The hits of `corpus` whose winning route's stack is ``measuredDepth`` deep.
    static func hits(of corpus: Corpus) -> [Lookup] {
        let depths = depths(of: parents(of: corpus.routes))
        return corpus.hits.filter { lookup in
            lookup.expected.map { depths[$0.priority] == measuredDepth } ?? false
        }
    }
}
