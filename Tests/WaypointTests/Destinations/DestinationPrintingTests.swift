import Foundation
import Testing

@testable import Waypoint
@testable import WaypointNavigation
@testable import WaypointReverseRouting

/// One registration parses a link into a destination and prints the
/// destination back; `url(for:)` returns a URL only when it reads back as the destination.
@Suite("Destination router: destinations print their own links")
struct DestinationPrintingTests {
    enum Screen: Hashable, Sendable {
        case item(Int), slug(String), cart, basket, product(Int), unprinted
    }

    /// A destination that is not `Equatable`: round trips are judged by route and parameters.
    struct Opaque: Sendable { let id: String }

    @Test("a destination's URL opens it again, through the first route that prints it")
    func printsAndReadsBack() throws {
        let screens = DestinationRouter<Screen>()
        // Only numbers are products on the strict route; the second prints the others.
        try screens.register("/p/:id([0-9]+)") { link in
            .product(try link.parameters.require("id", as: Int.self))
        } link: { screen in
            guard case .product(let id) = screen else { return nil }
            return ["id": String(id)]
        }
        try screens.register("/product/:id") { link in
            .product(try link.parameters.require("id", as: Int.self))
        } link: { screen in
            guard case .product(let id) = screen else { return nil }
            return ["id": String(id)]
        }
        try screens.register(":shop/cart") { _ in
            .cart
        } link: {
            $0 == .cart ? ["shop": "Main Shop"] : nil
        }
        #expect(try screens.url(for: .product(42), scheme: "app").absoluteString == "app:///p/42")
        #expect(try screens.url(for: .product(-1), scheme: "app").absoluteString == "app:///product/-1")
        #expect(
            try screens.url(for: .product(7), scheme: "https", host: "ex.com").absoluteString
                == "https://ex.com/p/7")
        // A host route writes its own host.
        #expect(
            try screens.url(for: .cart, scheme: "app", host: "ignored").absoluteString
                == "app://Main%20Shop/cart")
        #expect(screens.destination(for: "app://Main%20Shop/cart") == .cart)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let name: String
        let destination: Screen
        let error: DestinationLinkError
        var testDescription: String { name }
    }

    /// A table where each refusal has its cause.
    static func refusingTable() throws -> DestinationRouter<Screen> {
        let screens = DestinationRouter<Screen>()
        // Takes every `/items/…` link that is not a number, and passes numbers on.
        try screens.register("/items/:slug") { link in
            let slug = link.parameters["slug"] ?? ""
            return Int(slug) == nil ? .slug(slug) : nil
        } link: { screen in
            guard case .slug(let slug) = screen else { return nil }
            return ["slug": slug]
        }
        try screens.register("/items/:id") { link in
            .item(try link.parameters.require("id", as: Int.self))
        } link: { screen in
            guard case .item(let id) = screen else { return nil }
            return ["id": String(id)]
        }
        // Prints `.basket` on a route whose builder gives `.cart`: builder and printer disagree.
        try screens.register("/cart") { _ in
            .cart
        } link: {
            $0 == .cart || $0 == .basket ? [:] : nil
        }
        // Prints a value its pattern rejects.
        try screens.register("/p/:id([0-9]+)") { _ in
            nil
        } link: {
            $0 == .product(0) ? ["id": "zero"] : nil
        }
        // Prints an empty value where a segment is required.
        try screens.register("/late/:n") { _ in
            nil
        } link: {
            $0 == .product(1) ? ["n": ""] : nil
        }
        return screens
    }

    @Test(
        "refusals say why",
        arguments: [
            Refusal(name: "no printer", destination: .unprinted, error: .noRoute(destination: "unprinted")),
            Refusal(
                name: "a value its pattern rejects", destination: .product(0),
                error: .route(.valueRejected(route: "/p/:id([0-9]+)", name: "id", value: "zero"))),
            Refusal(
                name: "an empty segment", destination: .product(1),
                error: .route(.emptyValue(route: "/late/:n", name: "n"))),
            Refusal(
                name: "builder and printer disagree", destination: .basket,
                error: .otherDestination(
                    route: "/cart", url: "app:///cart", winner: "/cart", destination: "cart")),
        ])
    func refusals(_ test: Refusal) throws {
        let screens = try Self.refusingTable()
        #expect(throws: test.error) { try screens.url(for: test.destination, scheme: "app") }
    }

    @Test("an earlier route wins only when its builder takes the link")
    func shadowingFollowsBuilders() throws {
        let screens = try Self.refusingTable()
        // `/items/:slug` passes numbers on: `/items/5` opens `.item(5)`, though the router
        // alone would call the route shadowed.
        #expect(try screens.url(for: .item(5), scheme: "app").absoluteString == "app:///items/5")
        // A route registered after `/items/:slug` that prints a slug's link.
        try screens.register("/items/:other") { _ in
            .cart
        } link: {
            $0 == .slug("late") ? ["other": "late"] : nil
        }
        // `.slug("late")` prints through `/items/:slug` first and round-trips there.
        #expect(try screens.url(for: .slug("late"), scheme: "app").absoluteString == "app:///items/late")
        let other = DestinationRouter<Screen>()
        try other.register("/items/:slug") { link in .slug(link.parameters["slug"] ?? "") }
        try other.register("/items/:id") { link in
            .item(try link.parameters.require("id", as: Int.self))
        } link: { screen in
            guard case .item(let id) = screen else { return nil }
            return ["id": String(id)]
        }
        #expect(
            throws: DestinationLinkError.route(
                .shadowed(route: "/items/:id", url: "app:///items/5", winner: "/items/:slug"))
        ) {
            try other.url(for: .item(5), scheme: "app")
        }
    }

    @Test("a destination that is not Equatable round-trips by route and parameters")
    func notEquatable() throws {
        let opaque = DestinationRouter<Opaque>()
        try opaque.register("/o/:id") { link in
            Opaque(id: link.parameters["id"] ?? "")
        } link: {
            ["id": $0.id]
        }
        #expect(
            try opaque.url(for: Opaque(id: "a b/c"), scheme: "app").absoluteString == "app:///o/a%20b%2Fc")
        #expect(opaque.destination(for: "app:///o/a%20b%2Fc")?.id == "a b/c")
    }

    /// 2,000 routes that all print the same URL, which reads back as nothing
    /// (every builder passes it on), made one `url(for:)` take seconds: each route read the
    /// URL back again, calling every builder. The URL is read back once now.
    @Test("routes that print the same URL share its read back: builder calls linear in routes")
    func sharedReadBack() throws {
        let routes = 200
        let calls = Locked(0)
        let screens = DestinationRouter<Screen>()
        for index in 0..<routes {
            try screens.register("/r/:p\(index)") { _ in
                calls.withLock { $0 += 1 }
                return nil
            } link: { _ in
                ["p\(index)": "x"]
            }
        }
        try screens.register("/cart") { _ in
            .cart
        } link: {
            $0 == .cart ? [:] : nil
        }
        #expect(try screens.url(for: .cart, scheme: "app").absoluteString == "app:///cart")
        // One read back of `app:///r/x` calls each of its routes' builders once; a read back
        // per route called them 200 × 200 times.
        #expect(calls.withLock { $0 } == routes)
        calls.withLock { $0 = 0 }
        #expect(throws: DestinationLinkError.self) { try screens.url(for: .basket, scheme: "app") }
        #expect(calls.withLock { $0 } == routes)
    }

    /// A destination that counts how often it is described: a refusal that names the
    /// destination a URL reads back as describes it.
    struct Described: Hashable, Sendable, CustomStringConvertible {
        let id: Int
        let descriptions: Locked<Int>

        var description: String {
            descriptions.withLock { $0 += 1 }
            return "described \(id)"
        }

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// Only the first route's refusal is thrown, so only it is diagnosed: diagnosing each
    /// route matched its URL again against the whole table.
    @Test("only the first refusal is diagnosed")
    func firstRefusalOnly() throws {
        let descriptions = Locked(0)
        let routes = 200
        let screens = DestinationRouter<Described>()
        for index in 0..<routes {
            // Each route reads its own URL back as another destination.
            try screens.register("/r/\(index)") { _ in
                Described(id: -1, descriptions: descriptions)
            } link: { _ in
                [:]
            }
        }
        #expect(
            throws: DestinationLinkError.otherDestination(
                route: "/r/0", url: "app:///r/0", winner: "/r/0", destination: "described -1")
        ) {
            try screens.url(for: Described(id: 1, descriptions: descriptions), scheme: "app")
        }
        // The thrown error's description, and the expectation's comparison of it.
        #expect(descriptions.withLock { $0 } <= 2)
    }

    @Test("route names: written once, taken by register and url(for:)")
    func routeNames() throws {
        let screens = DestinationRouter<Screen>()
        try screens.register(.item) { link in .item(try link.parameters.require("id", as: Int.self)) }
        #expect(
            try screens.url(for: .item, parameters: ["id": "3"], scheme: "app").absoluteString
                == "app:///items/3")
        let router = Router()
        try router.register(.item) { _ in }
        #expect(
            try router.url(for: .item, parameters: ["id": "3"], scheme: "app").absoluteString
                == "app:///items/3")
        #expect(router.remove(.item) && router.routes.isEmpty)
    }
}

extension RouteName {
    fileprivate static let item = RouteName("/items/:id([0-9]+)")
}
