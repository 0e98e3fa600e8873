import Foundation
import Testing
import Waypoint
import WaypointNavigation

/// `DestinationRouter`: links to the app's own values, first registered first, falling
/// through when a builder gives nil or throws.
@Suite("Destination router")
struct DestinationRouterTests {
    enum Screen: Equatable, Sendable { case product(Int), slug(String), cart, fallback }

    @Test("priority, fall-through on nil and on a thrown error, and no match")
    func destinations() throws {
        let screens = DestinationRouter<Screen>()
        try screens.register("/products/:id") { link in
            .product(try link.parameters.require("id", as: Int.self))
        }
        try screens.register("/products/:slug") { link in
            link.parameters["slug"] == "none" ? nil : .slug(link.parameters["slug"] ?? "")
        }
        try screens.register("/cart") { _ in .cart }
        try screens.register("/products/**") { _ in .fallback }
        #expect(screens.destination(for: URL(string: "s://h/products/42")!) == .product(42))
        #expect(screens.destination(for: "s://h/products/shoes") == .slug("shoes"), "thrown: next route")
        #expect(screens.destination(for: "s://h/products/none") == .fallback, "nil: next route")
        #expect(screens.destination(for: "s://h/cart?x=1") == .cart)
        #expect(screens.destination(for: "s://h/elsewhere") == nil)
        #expect(screens.routes == ["/products/:id", "/products/:slug", "/cart", "/products/**"])
        #expect(throws: RouteError.self) { try screens.register("/x/:id([0-9]+") { _ in .cart } }
    }

    /// The winner's builder is tried first, from the lookup that finds the
    /// winner; the other matching routes are found, and their builders run, only when it
    /// passes.
    @Test("winner first: later builders run only when the winner's passes, in order")
    func winnerFirst() throws {
        let calls = Locked<[String]>([])
        let screens = DestinationRouter<Screen>()
        try screens.register("/p/:id") { link in
            calls.withLock { $0.append("id") }
            return Int(link.parameters["id"] ?? "").map(Screen.product)
        }
        try screens.register("/p/**") { _ in
            calls.withLock { $0.append("glob") }
            return .fallback
        }
        try screens.register("/p/:slug") { link in
            calls.withLock { $0.append("slug") }
            return .slug(link.parameters["slug"] ?? "")
        }
        #expect(screens.destination(for: "s://h/p/7") == .product(7))
        #expect(calls.withLock { $0 } == ["id"])
        calls.withLock { $0 = [] }
        #expect(screens.destination(for: "s://h/p/shoes") == .fallback)
        #expect(calls.withLock { $0 } == ["id", "glob"])
        // Replacing the winner's builder keeps its place; removing it hands the link on.
        calls.withLock { $0 = [] }
        try screens.register("/p/:id") { _ in nil }
        #expect(screens.routes == ["/p/:id", "/p/**", "/p/:slug"])
        #expect(screens.destination(for: "s://h/p/7") == .fallback)
        #expect(screens.remove("/p/**"))
        #expect(screens.destination(for: "s://h/p/7") == .slug("7"))
        #expect(calls.withLock { $0 } == ["glob", "slug"])
    }

    @Test("a builder reads the query of the link it is given, also after the winner passes")
    func builderReadsQuery() throws {
        let screens = DestinationRouter<Screen>()
        try screens.register("/q/:id") { link in
            link.queryParameters["first"] == nil ? nil : .product(0)
        }
        try screens.register("/q/*") { link in
            link.queryParameters["ref"]?.stringValue.map { .slug($0) }
        }
        #expect(screens.destination(for: "s://h/q/1?first=1") == .product(0))
        #expect(screens.destination(for: "s://h/q/1?ref=mail#top") == .slug("mail"))
        #expect(screens.destination(for: "s://h/q/1") == nil)
    }

    @Test("a refused URL has no destination and runs no builder")
    func refusedURL() throws {
        let screens = DestinationRouter<Screen>(options: RouterOptions(maxURLLength: 64))
        try screens.register("/**") { _ in .fallback }
        #expect(screens.destination(for: "s://h/" + String(repeating: "a", count: 64)) == nil)
        #expect(screens.destination(for: "s://h/" + String(repeating: "a", count: 8)) == .fallback)
    }
}

/// A route listed in `routes` has its builder, whichever table a lookup reads.
@Suite("Destination router under concurrent registration")
struct DestinationRouterConcurrencyTests {
    /// Registers routes on a thread of its own while the test reads: every route `routes`
    /// lists must give its destination. Before the route and its builder were published
    /// together, about 2.6% of such lookups returned nil.
    @Test("a listed route always has its builder")
    func listedRouteHasBuilder() async throws {
        let screens = DestinationRouter<Int>()
        let total = 2_000
        let finished = Locked(false)
        let failure = Locked<String?>(nil)
        let writer = Thread {
            for index in 0..<total {
                do {
                    try screens.register("/d/\(index)") { _ in index }
                } catch {
                    failure.withLock { $0 = "\(error)" }
                }
            }
            finished.withLock { $0 = true }
        }
        writer.start()
        var checks = 0
        var missing: [Int] = []
        while !finished.withLock({ $0 }) || checks < 100 {
            let listed = screens.routes.count
            if listed > 0 {
                let newest = listed - 1
                if screens.destination(for: "s://h/d/\(newest)") != newest { missing.append(newest) }
                checks += 1
            }
            if checks % 64 == 0 { await Task.yield() }
        }
        #expect(failure.withLock { $0 } == nil)
        #expect(
            missing.isEmpty, "\(missing.count) of \(checks) lookups of a listed route gave no destination")
        #expect(screens.routes.count == total)
    }
}
