import Foundation
import Testing
import Waypoint
import WaypointExplain
import WaypointNavigation
import WaypointReverseRouting

/// The README's router snippets, copied verbatim between the markers, so they do what the
/// README says. That every Swift block of the README and of the DocC articles compiles, as
/// it is, is checked by `./dev compile-checks` (Scripts/compile-checks.sh), which extracts
/// and builds each one.
@Suite("README")
struct ReadmeTests {
    @Test("the five-minute tour")
    func tour() throws {
        // README snippet begins
        let router = Router()
        try router.register("/products/:id") { link in
            print("product", link.routeParameters["id"] ?? "")
        }
        try router.register("shop.example/campaigns/:code([A-Z0-9]{6})") { link in
            let source = link.queryParameters["utm_source"]?.stringValue ?? "direct"
            print("campaign", link.routeParameters["code"] ?? "", "from", source)
        }
        try router.register(".*") { link in
            print("fallback", link.url)
        }

        router.handle(URL(string: "myapp://open/products/42")!)  // product 42
        router.handle(URL(string: "https://shop.example/campaigns/SPRING")!)  // campaign SPRING from direct
        router.handle(URL(string: "myapp://somewhere/else")!)  // fallback myapp://somewhere/else
        // README snippet ends
        #expect(router.handle(URL(string: "myapp://open/products/42")!).route == "/products/:id")
        #expect(
            router.handle(URL(string: "https://shop.example/campaigns/SPRING")!).deepLink?["code"] == "SPRING"
        )
        #expect(router.handle(URL(string: "myapp://somewhere/else")!).route == ".*")

        var printed = ""
        // README snippet begins
        do {
            try router.register("/items/:id([0-9]+") { _ in }
        } catch {
            print(error)  // unbalanced bracket in route "/items/:id([0-9]+" at column 11: "(" is never closed
        }
        // README snippet ends
        do {
            try router.register("/items/:id([0-9]+") { _ in }
        } catch {
            printed = "\(error)"
        }
        #expect(
            printed == #"unbalanced bracket in route "/items/:id([0-9]+" at column 11: "(" is never closed"#)

        // README snippet begins
        struct AccountHandler: DeepLinkHandler {
            let isLoggedIn: @Sendable () -> Bool
            func handle(_ deepLink: DeepLink) -> DeepLinkHandling { isLoggedIn() ? .handled : .declined }
        }
        try router.register("/account/:section?", handler: AccountHandler(isLoggedIn: { false }))
        // README snippet ends
        #expect(
            router.handle(URL(string: "myapp://x/account/orders")!).route == ".*", "declined, so the fallback"
        )

        // README snippet begins
        let url = URL(string: "myapp://x/products/7")!
        let parameters = router.match(url)?.routeParameters  // ["id": "7"]
        let winners = router.matches(url).map(\.route)  // ["/products/:id", ".*"]
        for line in router.explain(URL(string: "https://shop.example/campaigns/spring")!) {
            print(line)
        }
        // /products/:id: stopped: literal differs at path segment 1: expected "products", got "campaigns"
        // shop.example/campaigns/:code([A-Z0-9]{6}): stopped: regex failed from path segment 2
        // .*: matched
        // /account/:section?: stopped: literal differs at path segment 1: expected "account", got "campaigns"
        // README snippet ends
        #expect(parameters == ["id": "7"])
        #expect(winners == ["/products/:id", ".*"])
        #expect(
            router.explain(URL(string: "https://shop.example/campaigns/spring")!).map(\.description) == [
                #"/products/:id: stopped: literal differs at path segment 1: expected "products", got "campaigns""#,
                "shop.example/campaigns/:code([A-Z0-9]{6}): stopped: regex failed from path segment 2",
                ".*: matched",
                #"/account/:section?: stopped: literal differs at path segment 1: expected "account", got "campaigns""#,
            ])
    }

    @Test("typed destinations, typed parameters and reverse routing")
    func destinations() throws {
        // README snippet begins
        enum Screen: Equatable {
            case product(id: Int, color: String?)
            case order(UUID)
        }

        let screens = DestinationRouter<Screen>()
        try screens.register("/products/:id") { link in
            let id = try link.parameters.require("id", as: Int.self)
            return .product(id: id, color: link.parameters.get("color", as: String.self))
        }
        try screens.register("/orders/:order") { link in
            .order(try link.parameters.require("order", as: UUID.self))
        }

        // .product(id: 42, color: "red")
        let shown = screens.destination(for: "myapp://x/products/42?color=red")
        let passed = screens.destination(for: "myapp://x/products/forty-two")  // nil: not an Int
        // README snippet ends
        #expect(shown == .product(id: 42, color: "red"))
        #expect(passed == nil)
        let order = UUID()
        #expect(screens.destination(for: "myapp://x/orders/\(order.uuidString)") == .order(order))

        // README snippet begins
        let links = Router()
        try links.register("/products/:id") { _ in }
        let share = try links.url(
            for: "/products/:id", parameters: ["id": "42"], scheme: "https", host: "shop.example")
        print(share)  // https://shop.example/products/42
        do {
            _ = try links.url(for: "/products/:id", parameters: [:], scheme: "https", host: "shop.example")
        } catch {
            print(error)  // route "/products/:id" needs the parameter "id"
        }
        // README snippet ends
        #expect(share.absoluteString == "https://shop.example/products/42")
        #expect(links.match(share)?.routeParameters == ["id": "42"])
        #expect(throws: ReverseRoutingError.missingParameter(route: "/products/:id", name: "id")) {
            try links.url(for: "/products/:id", parameters: [:], scheme: "https", host: "shop.example")
        }
        let message = "\(ReverseRoutingError.missingParameter(route: "/products/:id", name: "id"))"
        #expect(message == #"route "/products/:id" needs the parameter "id""#)
    }

    @Test("the install snippet")
    func install() throws {
        // README snippet begins
        let router = Router()
        try router.register("/products/:id") { link in
            print("product", link.routeParameters["id"] ?? "")
        }
        router.handle(URL(string: "myapp://open/products/42")!)
        // README snippet ends
        #expect(router.handle(URL(string: "myapp://open/products/42")!).deepLink?["id"] == "42")
    }
}
