import Foundation
import Testing

@testable import Waypoint

/// Registering and removing routes one at a time edits the published table in place of
/// rebuilding it: every table that results must answer exactly as a router
/// given the same routes in bulk, tables already published must not change, and the
/// garbage the edits leave must be reclaimed.
@Suite("Registration one route at a time", .serialized)
struct IncrementalRegistrationTests {
    /// `router`'s answers for `urls`, and its route list.
    static func answers(_ router: Router, _ urls: [String]) -> [RouteMatch?] {
        urls.map { router.match($0) }
    }

    @Test(
        "random registrations, removals and re-registrations answer as bulk registration does",
        arguments: [UInt64(1)])
    func randomEdits(_ seed: UInt64) async throws {
        let failures = try await Self.onOwnThread {
            var failures: [String] = []
            var generator = RouteGenerator(seed: seed)
            var random = SplitMix64(seed: seed)
            let pool = (0..<60).map { _ in generator.route() }
            let urls = (0..<80).map { _ in generator.url() }
            let router = Router()
            var model: [String] = []
            // Enough edits for the garbage to be reclaimed (a rebuild) at least once.
            for step in 0..<700 {
                let route = pool[Int(random.next() % UInt64(pool.count))]
                if let index = model.firstIndex(of: route), random.next() % 3 != 0 {
                    if !router.remove(RouteName(route)) {
                        failures.append("step \(step): \(route) was not removed")
                    }
                    model.remove(at: index)
                } else {
                    // A route registered again keeps its place (its handler is replaced).
                    guard (try? router.register(RouteName(route)) { _ in }) != nil else { continue }
                    if !model.contains(route) { model.append(route) }
                }
                guard step % 50 == 0 else { continue }
                if router.routes != model { failures.append("step \(step): routes \(router.routes)") }
                let bulk = Router()
                try bulk.register(model.map { (RouteName($0), RouteHandler.closure { _ in }) })
                for url in urls where router.match(url) != bulk.match(url) {
                    failures.append("step \(step): \(url) answers \(String(describing: router.match(url)))")
                }
            }
            return failures
        }
        #expect(failures.isEmpty)
    }

    /// Runs CPU-bound work on a thread of its own, off Swift concurrency's cooperative pool,
    /// so that other suites' timers are not kept waiting on a two-core machine.
    static func onOwnThread<Result: Sendable>(
        _ work: @escaping @Sendable () throws -> Result
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Swift.Result { try work() }) }.start()
        }
    }

    @Test("a table already published keeps its answers while routes are added and removed")
    func publishedTablesStay() throws {
        let router = Router()
        for route in ["/a/:x", "/a/b", "/c/**", "host.example/p/:y", "app://h/q"] {
            try router.register(RouteName(route)) { _ in }
        }
        let urls = [
            "https://h/a/b", "https://h/a/z", "https://h/c/d/e", "https://host.example/p/1", "app://h/q",
        ]
        let table = router.snapshot.table
        let before = urls.map { table.winner($0) }.map(Self.winner)
        for route in ["/a/:x", "/c/**", "app://h/q"] { router.remove(RouteName(route)) }
        for index in 0..<300 { try router.register("/a/b/\(index)") { _ in } }
        try router.register("/a/:x") { _ in }
        #expect(urls.map { table.winner($0) }.map(Self.winner) == before)
        #expect(before.map { $0?.route } == ["/a/:x", "/a/:x", "/c/**", "host.example/p/:y", "app://h/q"])
        #expect(router.match("https://h/a/z")?.priority == 302)
    }

    static func winner(_ lookup: RouteTable.Winner) -> RouteMatch? {
        guard case .examined(let winner, _) = lookup else { return nil }
        return winner
    }

    @Test("priorities count only the routes still registered, also across removals")
    func priorities() throws {
        let router = Router()
        for index in 0..<10 { try router.register("/r/\(index)") { _ in } }
        router.remove("/r/2")
        router.remove("/r/5")
        #expect(router.match("https://h/r/9")?.priority == 7)
        #expect(router.match("https://h/r/3")?.priority == 2)
        try router.register("/r/2") { _ in }
        #expect(router.match("https://h/r/2")?.priority == 8)
        #expect(router.routes == ["/r/0", "/r/1", "/r/3", "/r/4", "/r/6", "/r/7", "/r/8", "/r/9", "/r/2"])
    }

    @Test("storage stays proportional to the routes, one by one and through register/remove cycles")
    func storageIsBounded() async throws {
        let (bulkSize, sizes, routesKept) = try await Self.onOwnThread {
            let routes = (0..<500).map { "/v\($0 % 16)/items\($0 / 16)/:id/part\($0 % 7)" }
            let bulk = Router()
            try bulk.register(routes.map { (RouteName($0), RouteHandler.closure { _ in }) })
            let single = Router()
            for route in routes { try single.register(RouteName(route)) { _ in } }
            var sizes = [single.snapshot.table.logs.size]
            for index in 0..<1_500 {
                try single.register("/cycle/\(index % 10)/:id") { _ in }
                _ = single.remove("/cycle/\(index % 10)/:id")
            }
            sizes.append(single.snapshot.table.logs.size)
            return (bulk.snapshot.table.logs.size, sizes, single.routes == routes)
        }
        for size in sizes { #expect(size <= 9 * bulkSize + 16_384) }
        #expect(routesKept)
    }

    @Test("registering and removing distinct routes forever keeps the table bounded")
    func distinctRemovalsAreReclaimed() throws {
        // 100 live routes, ten times a typical app's table, keep their answers and their
        // order through the rebuilds.
        let kept = (0..<100).map { "/keep\($0)/:id" }
        let router = Router()
        for route in kept { try router.register(RouteName(route)) { _ in } }
        // Each cycle leaves one removed route; past 16,384 of them, eight times the live
        // routes, the table is rebuilt from the live ones, so the log stays bounded.
        var largest = 0
        for index in 0..<40_000 {
            let name = RouteName("/cycle/\(index)/:id")
            try router.register(name) { _ in }
            _ = router.remove(name)
            largest = max(largest, router.snapshot.table.routeLog.count)
        }
        #expect(largest <= 16_385 + kept.count)
        #expect(router.snapshot.table.routeLog.count < 16_385 + kept.count)
        #expect(router.routes == kept)
        for (priority, route) in kept.enumerated() {
            let match = router.match("https://h/keep\(priority)/7")
            #expect(match?.route == route)
            #expect(match?.priority == priority)
            #expect(match?.routeParameters["id"] == "7")
        }
        #expect(router.match("https://h/cycle/3/x") == nil)
        #expect(router.match("https://h/cycle/39999/x") == nil)
    }
}
