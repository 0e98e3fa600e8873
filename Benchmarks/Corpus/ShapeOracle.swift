/// The winner of a path among routes made only of literal and `:name` segments, computed
/// with dictionaries and no regex and no trie: an answer key independent of Waypoint.
///
/// A route's *shape* is its segments with every parameter written `:`. A path can match
/// a route only if they have the same number of segments and, at each position, the route
/// has the path's segment as a literal or has a parameter there. A segment that is no
/// route's literal can only meet a parameter; a literal can meet a literal or a parameter
/// where some route of that length has one. So the routes a path can match are found by
/// looking up each shape the path can take, and the winner is the earliest of them.
struct ShapeOracle {
    private struct Route {
        /// The literal text of each segment, or nil for a parameter.
        let segments: [String?]
        /// Parameter names, at their positions.
        let names: [Int: String]
    }

    private var routes: [Route] = []
    /// The earliest route of each shape.
    private var firstByShape: [[String]: Int] = [:]
    /// Every literal segment of every route.
    private var literals: Set<String> = []
    /// For each segment count, the positions where some route has a parameter.
    private var parameterPositions: [Int: Set<Int>] = [:]

    /// An oracle for `routes`, which must be path routes of literal and `:name` segments
    /// without regex metacharacters or percent signs.
    init(routes: [String]) {
        for (index, route) in routes.enumerated() {
            precondition(route.hasPrefix("/"), "not a path route: \(route)")
            var segments: [String?] = []
            var names: [Int: String] = [:]
            for (position, segment) in route.dropFirst().split(separator: "/").enumerated() {
                precondition(
                    !segment.contains(where: { "\\^$*+?()[]{}|%".contains($0) }),
                    "the oracle takes literal and :name segments only: \(route)")
                if segment.hasPrefix(":") {
                    segments.append(nil)
                    names[position] = String(segment.dropFirst())
                } else {
                    segments.append(String(segment))
                    literals.insert(String(segment))
                }
            }
            parameterPositions[segments.count, default: []].formUnion(names.keys)
            let shape = segments.map { $0 ?? ":" }
            if firstByShape[shape] == nil { firstByShape[shape] = index }
            self.routes.append(Route(segments: segments, names: names))
        }
    }

    /// The earliest route matching `path` and the parameters it captures, or nil.
    func winner(of path: String) -> Answer? {
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(
            String.init)
        guard path.hasPrefix("/"), !segments.contains(where: \.isEmpty) else { return nil }
        let positions = parameterPositions[segments.count] ?? []
        // A segment no route has as a literal can only be a parameter.
        var base = segments.map { literals.contains($0) ? $0 : ":" }
        let flexible = base.indices.filter { base[$0] != ":" && positions.contains($0) }
        var best: Int?
        for mask in 0..<(1 << flexible.count) {
            for (bit, position) in flexible.enumerated() {
                base[position] = mask & (1 << bit) != 0 ? ":" : segments[position]
            }
            if let index = firstByShape[base], best.map({ index < $0 }) ?? true { best = index }
        }
        guard let best else { return nil }
        var parameters: [String: String] = [:]
        for (position, name) in routes[best].names { parameters[name] = segments[position] }
        return Answer(priority: best, parameters: parameters)
    }
}
