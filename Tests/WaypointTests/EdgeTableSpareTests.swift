import Foundation
import Testing

@testable import Waypoint
@testable import WaypointNavigation

/// Registering routes one at a time under a node with many literal children: the node's
/// edge table is not copied for each route (which made n registrations O(n²) in time and
/// memory) but kept with spare copies that older tables read (``CopyRing``), one of which
/// is brought up to date and written once no live table reads it. Work is counted in stored elements, never by time; the tables that
/// result must answer as bulk registration does, and tables still held must not change.
@Suite("Large edge tables, one route at a time", .serialized)
struct EdgeTableSpareTests {
    static let options = RouterOptions()

    /// A builder with the routes `/r/<i>/:id` for i in `range`, published after each one
    /// (as `Router.register(_:handler:)` does) unless `bulk`; `keep` sees each table.
    static func builder(
        _ range: Range<Int>, into builder: RouteTable.Builder? = nil, bulk: Bool = false,
        keep: (Int, RouteTable) -> Void = { _, _ in }
    ) throws -> RouteTable.Builder {
        var builder = builder ?? RouteTable.Builder(options: options, limits: RegexLimits(options: options))
        for index in range {
            _ = builder.add(try CompiledRoute("/r/\(index)/:id", options: options))
            if !bulk { keep(index, builder.publish()) }
        }
        return builder
    }

    /// The route `table` answers for `/r/<index>/7`, if any.
    static func route(_ table: RouteTable, _ index: Int) -> String? {
        guard case .examined(let winner, _) = table.winner("s://h/r/\(index)/7") else { return nil }
        return winner?.route
    }

    @Test("the store grows by a bounded number of elements per route", arguments: [1_000, 4_000])
    func storePerRoute(_ count: Int) throws {
        let builder = try Self.builder(0..<count)
        // A copy of the edge table of `/r` per route stored about 0.75 n² slots (750,000
        // at 1,000 routes); with its spares, a route adds its own two nodes and its edge,
        // copies the root and its small table (garbage: five elements) and `/r`'s node (one),
        // and replays one or two writes on a spare. The tables `/r` outgrows, and their
        // spares, are garbage too: about four slots a route.
        #expect(builder.store.size <= 24 * count, "\(builder.store.size)")
        #expect(builder.store.garbage <= 16 * count, "\(builder.store.garbage)")
        let table = RouteTable(builder)
        for index in [0, 1, count / 2, count - 1] { #expect(Self.route(table, index) == "/r/\(index)/:id") }
        #expect(Self.route(table, count) == nil)
    }

    @Test("tables held while routes are added keep their answers, and the latest has every route")
    func heldTables() throws {
        var held: [(count: Int, table: RouteTable)] = []
        var builder = try Self.builder(0..<300) { index, table in
            if index % 37 == 0 { held.append((index + 1, table)) }
        }
        // Let some go, so that the spares they read can be reused, and keep adding.
        held.removeAll { $0.count % 2 == 0 }
        builder = try Self.builder(300..<600, into: builder) { index, table in
            if index % 53 == 0 { held.append((index + 1, table)) }
            // The latest table has the route just added and every one before it.
            if Self.route(table, index) != "/r/\(index)/:id"
                || Self.route(table, index / 3) != "/r/\(index / 3)/:id"
            {
                Issue.record("after /r/\(index)/:id the latest table misses a route")
            }
        }
        for (count, table) in held {
            for index in stride(from: 0, to: 600, by: 7) {
                let expected = index < count ? "/r/\(index)/:id" : nil
                #expect(Self.route(table, index) == expected, "a table of \(count) routes, /r/\(index)/7")
            }
        }
        let latest = builder.publish()
        for index in 0..<600 { #expect(Self.route(latest, index) == "/r/\(index)/:id") }
    }

    @Test(
        "a bulk registration between single ones rewrites most of a large table, whose spare is then copied whole"
    )
    func bulkBetweenSingles() throws {
        // Single registrations give `/r`'s table its spares.
        var builder = try Self.builder(0..<200)
        _ = builder.publish()
        // One route below each of `/r`'s children, in one batch: every child is copied, and
        // with it every edge of `/r`'s table is rewritten, more than a quarter of its
        // slots, so the spares fall too far behind to replay.
        let options = Self.options
        for index in 0..<200 { _ = builder.add(try CompiledRoute("/r/\(index)/x/:id", options: options)) }
        let middle = builder.publish()
        // The next single registrations bring a spare up to date by copying it whole.
        builder = try Self.builder(200..<220, into: builder)
        let after = builder.publish()
        for index in 0..<220 {
            let url = "s://h/r/\(index)/x/7"
            guard case .examined(let mid, _) = middle.winner(url),
                case .examined(let new, _) = after.winner(url)
            else {
                Issue.record("refused")
                continue
            }
            #expect(mid?.route == (index < 200 ? "/r/\(index)/x/:id" : nil))
            #expect(new?.route == (index < 200 ? "/r/\(index)/x/:id" : nil))
            #expect(Self.route(after, index) == "/r/\(index)/:id")
            #expect(Self.route(middle, index) == (index < 200 ? "/r/\(index)/:id" : nil))
        }
    }

    @Test(
        "random registrations, removals and held snapshots under one large node answer as bulk registration does",
        arguments: [UInt64(7), 8])
    func randomEdits(_ seed: UInt64) async throws {
        let failures = try await IncrementalRegistrationTests.onOwnThread {
            var failures: [String] = []
            var random = SplitMix64(seed: seed)
            let pool = (0..<400).map { "/r/\($0)" + ($0 % 3 == 0 ? "/:id" : "/x") }
            let router = Router()
            var model: [String] = []
            var held: [(routes: [String], table: RouteTable)] = []
            for step in 0..<1_500 {
                let route = pool[Int(random.next() % UInt64(pool.count))]
                if let index = model.firstIndex(of: route), random.next() % 4 == 0 {
                    if !router.remove(RouteName(route)) {
                        failures.append("step \(step): \(route) was not removed")
                    }
                    model.remove(at: index)
                } else {
                    try router.register(RouteName(route)) { _ in }
                    if !model.contains(route) { model.append(route) }
                }
                // Hold a table now and then for a while, as a dispatch in flight does.
                if random.next() % 40 == 0 { held.append((model, router.snapshot.table)) }
                if !held.isEmpty && random.next() % 30 == 0 {
                    let (routes, table) = held.remove(at: Int(random.next() % UInt64(held.count)))
                    failures += Self.differences(table, from: routes, pool: pool, at: "step \(step), held")
                }
                if step % 100 == 0 {
                    failures += Self.differences(
                        router.snapshot.table, from: model, pool: pool, at: "step \(step)")
                }
            }
            for (routes, table) in held {
                failures += Self.differences(table, from: routes, pool: pool, at: "end")
            }
            failures += Self.differences(router.snapshot.table, from: model, pool: pool, at: "end")
            return failures
        }
        #expect(failures.isEmpty)
    }

    /// Where `table` answers the URLs of `pool` otherwise than a table of `routes` in bulk.
    static func differences(
        _ table: RouteTable, from routes: [String], pool: [String], at place: String
    ) -> [String] {
        let bulk = RouteTable(
            routes: routes.map { try! CompiledRoute($0, options: options) }, options: options,
            limits: RegexLimits(options: options))
        var differences: [String] = []
        for route in pool {
            let url = "s://h" + route.replacingOccurrences(of: ":id", with: "7")
            let (got, expected) = (
                IncrementalRegistrationTests.winner(table.winner(url)),
                IncrementalRegistrationTests.winner(bulk.winner(url))
            )
            if got?.route != expected?.route || got?.priority != expected?.priority {
                differences.append(
                    "\(place): \(url) gives \(String(describing: got?.route)), not \(String(describing: expected?.route))"
                )
            }
        }
        return differences
    }

    @Test("readers match, and hold tables, while routes are registered one at a time under one node")
    func concurrentReaders() async throws {
        let router = Router()
        let registered = Counter()
        let count = 1_500
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            group.addTask {
                try await IncrementalRegistrationTests.onOwnThread {
                    for index in 0..<count {
                        try router.register("/r/\(index)/:id") { _ in }
                        registered.increment()
                    }
                    return []
                }
            }
            for reader in 0..<2 {
                group.addTask {
                    try await IncrementalRegistrationTests.onOwnThread {
                        var failures: [String] = []
                        var random = SplitMix64(seed: UInt64(reader))
                        var held: (count: Int, table: RouteTable)?
                        while registered.value < count {
                            let known = registered.value
                            guard known > 0 else { continue }
                            let index = Int(random.next() % UInt64(known))
                            // A route registered before the lookup began is found.
                            if router.match("s://h/r/\(index)/7")?.route != "/r/\(index)/:id" {
                                failures.append("/r/\(index)/7 missed with \(known) registered")
                            }
                            // A table held across registrations keeps its own routes.
                            if let (heldCount, table) = held,
                                Self.route(table, heldCount - 1) != "/r/\(heldCount - 1)/:id"
                            {
                                failures.append("a held table of \(heldCount) routes lost its last")
                            }
                            if random.next() % 50 == 0 { held = (known, router.snapshot.table) }
                        }
                        return failures
                    }
                }
            }
            var failures: [String] = []
            for try await found in group { failures += found }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(router.routes.count == count)
    }

    @Test("100,000 routes registered one at a time under one node are all found (10× the target table)")
    func tenTimes() async throws {
        let count = 100_000
        let (routes, misses) = try await IncrementalRegistrationTests.onOwnThread {
            let router = Router()
            for index in 0..<count { try router.register("/r/\(index)/:id") { _ in } }
            var misses: [Int] = []
            for index in stride(from: 0, to: count, by: 97) + [count - 1]
            where router.match("s://h/r/\(index)/7")?.route != "/r/\(index)/:id" {
                misses.append(index)
            }
            return (router.routes.count, misses)
        }
        #expect(routes == count)
        #expect(misses.isEmpty, "\(misses.prefix(5))")
    }

    @Test("destination routes with printers, one at a time under one node: each builds and prints")
    func destinations() async throws {
        let count = 10_000
        let failures = try await IncrementalRegistrationTests.onOwnThread {
            let router = DestinationRouter<Int>()
            for index in 0..<count {
                try router.register("/r/\(index)/:id") { _ in
                    index
                } link: {
                    $0 == index ? ["id": "7"] : nil
                }
            }
            var failures: [String] = []
            for index in stride(from: 0, to: count, by: 211) + [count - 1] {
                if router.destination(for: "app://h/r/\(index)/7") != index {
                    failures.append("destination \(index)")
                }
                if (try? router.url(for: index, scheme: "app", host: "h"))?.absoluteString
                    != "app://h/r/\(index)/7"
                {
                    failures.append("url(for: \(index))")
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
