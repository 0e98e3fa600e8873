import Foundation
import Testing
import Waypoint

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
}

/// Issue 21 §5: a route listed in `routes` has its builder, whichever table a lookup reads.
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
