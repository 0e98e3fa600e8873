import Testing

@testable import Waypoint

/// Removing routes one at a time: a removal no longer reads the whole edge table of every
/// node on the route's path to bring its subtree minimum up to date (40,000 removals under
/// `/` took 10 s). Work is counted in slots read, never by time; the tables that result
/// must answer as bulk registration does.
@Suite("Removing routes one at a time")
struct RemovalScalingTests {
    static let options = RouterOptions()

    /// A builder with the routes `/r<i>/:id` for i in `0..<count`, all under the root's
    /// edge table.
    static func builder(_ count: Int) throws -> (RouteTable.Builder, [RouteTable.RegistrationOrder]) {
        var builder = RouteTable.Builder(options: options, limits: RegexLimits(options: options))
        var orders: [RouteTable.RegistrationOrder] = []
        for index in 0..<count {
            orders.append(builder.add(try CompiledRoute("/r\(index)/:id", options: options)))
        }
        _ = builder.publish()
        return (builder, orders)
    }

    @Test(
        "removing every route, oldest first, reads a bounded number of edge slots per removal",
        arguments: [400, 4_000])
    func minimumWork(_ count: Int) throws {
        let built = try Self.builder(count)
        var builder = built.0
        let orders = built.1
        let before = builder.store.minimumReads
        for order in orders {
            builder.remove(order: order)
            _ = builder.publish()
        }
        // Recomputing the root's minimum on every removal read its whole table each time:
        // about 2 n² slots (32 million at 4,000). Its bound is now recomputed after an
        // eighth of its size in removals: at most 8 slots a removal for the root, and a
        // route's own small nodes.
        let reads = builder.store.minimumReads - before
        #expect(reads <= 24 * count, "\(reads) slots read for \(count) removals")
        let table = builder.publish()
        #expect(table.routes.isEmpty)
        guard case .examined(let winner, _) = table.winner("s://h/r0/7") else {
            Issue.record("refused")
            return
        }
        #expect(winner == nil)
    }

    @Test("a large root table with removals answers as bulk registration does")
    func answersAfterRemovals() throws {
        // 1,000 literal children of `/` (the stale bound applies past 64 slots) beside
        // parameter routes that compete with them for the same URLs.
        var routes = (0..<1_000).map { "/r\($0)/:id" }
        routes.insert("/:any/1", at: 500)
        routes.append("/:any/:id")
        let router = Router()
        for route in routes { try router.register(RouteName(route)) { _ in } }
        var random = SplitMix64(seed: 11)
        var live = routes
        let urls = ["/r0/1", "/r0/2", "/r499/1", "/r500/1", "/r999/2", "/zz/1", "/zz/2", "/r1000/3"]
        for step in 0..<900 {
            let index = Int(random.next() % UInt64(live.count))
            #expect(router.remove(RouteName(live[index])))
            live.remove(at: index)
            guard step % 100 == 0 || step == 899 else { continue }
            let bulk = Router()
            try bulk.register(live.map { (RouteName($0), RouteHandler.closure { _ in }) })
            for url in urls {
                #expect(router.match(path: url) == bulk.match(path: url), "step \(step): \(url)")
            }
        }
    }
}
