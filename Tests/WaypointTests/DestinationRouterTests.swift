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
