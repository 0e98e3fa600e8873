import Foundation
import Testing
import Waypoint
import WaypointNavigation
import WaypointReverseRouting

/// Navigation stacks (Documentation/spec/routing.md §12): parents named at registration, the
/// stack a link opens, a stack printed as one link, query items, and stacks saved as links.
@Suite("Navigation stacks: registration, lookup and printing")
struct StackTests {
    enum Screen: Hashable, Sendable {
        case orders, order(Int), item(order: Int, item: Int), product(id: Int, color: String?), cart
        case account, invoice(Int)
    }

    /// `/orders` → `/orders/:id` → `/orders/:id/items/:item`, `/products/:id` (with a
    /// query item) and `/cart`, each printing its screen.
    static func shop() throws -> DestinationRouter<Screen> {
        let screens = DestinationRouter<Screen>()
        try screens.register("/orders") { _ in
            .orders
        } link: {
            $0 == .orders ? [:] : nil
        }
        try screens.register("/orders/:id", parent: "/orders") { link in
            .order(try link.parameters.require("id", as: Int.self))
        } link: { screen in
            guard case .order(let id) = screen else { return nil }
            return ["id": String(id)]
        }
        try screens.register("/orders/:id/items/:item", parent: "/orders/:id") { link in
            .item(
                order: try link.parameters.require("id", as: Int.self),
                item: try link.parameters.require("item", as: Int.self))
        } link: { screen in
            guard case .item(let order, let item) = screen else { return nil }
            return ["id": String(order), "item": String(item)]
        }
        try screens.register("/products/:id") { link in
            .product(id: try link.parameters.require("id", as: Int.self), color: link.parameters["color"])
        } link: { screen in
            guard case .product(let id, let color) = screen else { return nil }
            return PrintedLink(["id": String(id)], query: ["color": color])
        }
        try screens.register("/cart") { _ in
            .cart
        } link: {
            $0 == .cart ? [:] : nil
        }
        return screens
    }

    // MARK: Registration

    struct Refusal: CustomTestStringConvertible, Sendable {
        let name: String
        let routes: [(route: String, parent: String?)]
        let error: RouteError
        let message: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(
            name: "unknown parent", routes: [("/orders/:id", "/orders")],
            error: .unknownParent(route: "/orders/:id", parent: "/orders"),
            message: #"unknown parent of route "/orders/:id": its parent "/orders" is not registered"#),
        Refusal(
            name: "its own parent", routes: [("/a", nil), ("/a", "/a")],
            error: .parentCycle(route: "/a", parent: "/a"),
            message:
                #"parent cycle of route "/a": its parent "/a" is the route itself or one of its descendants"#),
        Refusal(
            name: "a cycle through a re-registration",
            routes: [("/a", nil), ("/b", "/a"), ("/c", "/b"), ("/a", "/c")],
            error: .parentCycle(route: "/a", parent: "/c"),
            message:
                #"parent cycle of route "/a": its parent "/c" is the route itself or one of its descendants"#),
        Refusal(
            name: "a parameter the child lacks",
            routes: [("/orders/:id", nil), ("/items/:item", "/orders/:id")],
            error: .parentParameter(route: "/items/:item", parent: "/orders/:id", name: "id"),
            message:
                #"parent parameter of route "/items/:item": its parent "/orders/:id" captures "id", which the route does not always capture"#
        ),
        Refusal(
            name: "a parameter the child captures only sometimes",
            routes: [("/orders/:id", nil), ("/orders/x/:id?", "/orders/:id")],
            error: .parentParameter(route: "/orders/x/:id?", parent: "/orders/:id", name: "id"),
            message:
                #"parent parameter of route "/orders/x/:id?": its parent "/orders/:id" captures "id", which the route does not always capture"#
        ),
        Refusal(
            name: "a glob the child lacks", routes: [("/docs/**", nil), ("/docs/x/:page", "/docs/**")],
            error: .parentParameter(route: "/docs/x/:page", parent: "/docs/**", name: "**"),
            message:
                #"parent parameter of route "/docs/x/:page": its parent "/docs/**" captures "**", which the route does not always capture"#
        ),
    ]

    @Test(
        "a parent that is unknown, a cycle, or a parameter the child lacks is refused, naming both routes",
        arguments: refusals)
    func refused(_ refusal: Refusal) throws {
        let screens = DestinationRouter<Screen>()
        var thrown: RouteError?
        for (route, parent) in refusal.routes {
            do {
                try screens.register(RouteName(route), parent: parent.map { RouteName($0) }) { _ in .cart }
            } catch {
                thrown = error
            }
        }
        #expect(thrown == refusal.error)
        #expect(thrown?.description == refusal.message)
        #expect(thrown?.column == 1)
    }

    @Test(
        "an optional parameter of the parent, a host route's parameters and the route's own extra parameters are fine"
    )
    func accepted() throws {
        let screens = DestinationRouter<Screen>()
        try screens.register("/o/:id?") { link in
            link.parameters["id"].flatMap(Int.init).map(Screen.order) ?? .orders
        }
        try screens.register("/o/:id/invoice", parent: "/o/:id?") { _ in .invoice(1) }
        try screens.register(":shop/home") { _ in .account }
        try screens.register(":shop/orders/:id", parent: ":shop/home") { _ in .order(1) }
        #expect(screens.stack(for: "app:///o/3/invoice") == [.order(3), .invoice(1)])
        #expect(screens.stack(for: "app://s/orders/5") == [.account, .order(1)])
    }

    @Test(
        "a bulk registration takes parents earlier in it, refuses one later in it, and registers nothing then"
    )
    func bulk() throws {
        let screens = DestinationRouter<Screen>()
        try screens.register([
            .init("/orders") { _ in .orders },
            .init("/orders/:id", parent: "/orders") { link in
                .order(try link.parameters.require("id", as: Int.self))
            },
        ])
        #expect(screens.stack(for: "app:///orders/4") == [.orders, .order(4)])
        #expect(throws: RouteError.unknownParent(route: "/account/:n", parent: "/account")) {
            try screens.register([
                .init("/account/:n", parent: "/account") { _ in .invoice(1) },
                .init("/account") { _ in .account },
            ])
        }
        #expect(screens.routes == ["/orders", "/orders/:id"], "nothing of the failed batch is registered")
    }

    @Test("removing a parent unlinks its children; registering a route again replaces its parent")
    func removalAndReplacement() throws {
        let screens = try Self.shop()
        #expect(screens.remove("/orders/:id"))
        #expect(screens.stack(for: "app:///orders/42/items/7") == [.item(order: 42, item: 7)])
        try screens.register("/orders/:id", parent: "/orders") { link in
            .order(try link.parameters.require("id", as: Int.self))
        }
        #expect(
            screens.stack(for: "app:///orders/42/items/7") == [.item(order: 42, item: 7)],
            "the child was unlinked: adding the parent again does not link it")
        try screens.register("/orders/:id/items/:item", parent: "/orders/:id") { link in
            .item(
                order: try link.parameters.require("id", as: Int.self),
                item: try link.parameters.require("item", as: Int.self))
        }
        #expect(
            screens.stack(for: "app:///orders/42/items/7") == [
                .orders, .order(42), .item(order: 42, item: 7),
            ])
        try screens.register("/orders/:id") { link in .order(try link.parameters.require("id", as: Int.self))
        }
        #expect(
            screens.stack(for: "app:///orders/42/items/7") == [.order(42), .item(order: 42, item: 7)],
            "registered again without a parent, the route is a root")
    }

    // MARK: Lookup

    @Test("a link opens its stack: each parent built from the same link, root first")
    func stackOfALink() throws {
        let screens = try Self.shop()
        #expect(
            screens.stack(for: "myapp:///orders/42/items/7") == [
                .orders, .order(42), .item(order: 42, item: 7),
            ])
        #expect(screens.stack(for: URL(string: "myapp:///orders/42")!) == [.orders, .order(42)])
        #expect(screens.stack(for: "myapp:///cart") == [.cart])
        #expect(screens.stack(for: "myapp:///nothing") == nil)
        #expect(screens.stack(for: "not a url") == nil)
        #expect(screens.stack(for: "myapp:///orders/x/items/7") == nil, "the top's builder throws: no stack")
    }

    @Test("a parent's builder gets the link itself: its parameters among the link's, the URL and the query")
    func parentLinks() throws {
        let seen = Locked<[String]>([])
        let screens = DestinationRouter<Screen>()
        try screens.register("/orders/:id") { link in
            seen.withLock {
                $0.append("\(link.routeParameters) \(link.queryItems) \(link.url.absoluteString)")
            }
            return .order(1)
        }
        try screens.register("/orders/:id/items/:item", parent: "/orders/:id") { _ in .item(order: 1, item: 2)
        }
        _ = screens.stack(for: "app:///orders/4/items/5?via=mail")
        #expect(
            seen.withLock { $0 } == [#"["id": "4", "item": "5"] [via=mail] app:///orders/4/items/5?via=mail"#]
        )
    }

    /// `/orders` → `/orders/:id` → `/orders/:id/items/:item`, where the order's builder
    /// returns nil for order 0 and throws for a negative order.
    static func decliningOrders() throws -> DestinationRouter<Screen> {
        struct Offline: Error {}
        let screens = DestinationRouter<Screen>()
        try screens.register("/orders") { _ in .orders }
        try screens.register("/orders/:id", parent: "/orders") { link in
            let id = try link.parameters.require("id", as: Int.self)
            if id == 0 { return nil }
            if id < 0 { throw Offline() }
            return .order(id)
        }
        try screens.register("/orders/:id/items/:item", parent: "/orders/:id") { link in
            .item(order: 0, item: try link.parameters.require("item", as: Int.self))
        }
        return screens
    }

    @Test("a parent whose builder returns nil or throws is left out; the rest of the stack stays")
    func decliningParents() throws {
        let screens = try Self.decliningOrders()
        #expect(screens.stack(for: "app:///orders/0/items/1") == [.orders, .item(order: 0, item: 1)])
        #expect(screens.stack(for: "app:///orders/-1/items/1") == [.orders, .item(order: 0, item: 1)])
        #expect(
            screens.stack(for: "app:///orders/3/items/1") == [.orders, .order(3), .item(order: 0, item: 1)])
    }

    @Test("a route whose builder passes the link on gives way to the next matching route and its stack")
    func passingTop() throws {
        let screens = try Self.shop()
        try screens.register("/orders/:slug/items/:n") { _ in .cart }
        #expect(screens.stack(for: "app:///orders/x/items/7") == [.cart])
    }

    @Test("a lookup cannot wait: an asynchronous builder anywhere in the stack gives no stack")
    func asynchronousInTheStack() throws {
        let screens = DestinationRouter<Screen>()
        try screens.register("/account") { _ in
            await Task.yield()
            return .account
        }
        try screens.register("/account/invoices/:n", parent: "/account") { link in
            .invoice(try link.parameters.require("n", as: Int.self))
        }
        #expect(screens.destination(for: "app:///account/invoices/2") == .invoice(2))
        #expect(screens.stack(for: "app:///account/invoices/2") == nil)
        #expect(screens.stack(for: "app:///account") == nil)
    }

    @Test("an adapter's link opens its stack too")
    func adapterLink() throws {
        struct Link: RoutableLink {
            var routeURL: String { "app:/orders/9/items/1" }
            var receivedURL: URL { URL(string: "https://shop.example/o/9/1")! }
        }
        #expect(try Self.shop().stack(for: Link()) == [.orders, .order(9), .item(order: 9, item: 1)])
    }

    // MARK: Printing

    @Test("a stack that is its top's own stack prints as the top's link, which reads back as the stack")
    func printsAStack() throws {
        let screens = try Self.shop()
        let stack: [Screen] = [.orders, .order(42), .item(order: 42, item: 7)]
        let url = try screens.url(forStack: stack, scheme: "https", host: "shop.example")
        #expect(url.absoluteString == "https://shop.example/orders/42/items/7")
        #expect(screens.stack(for: url) == stack)
        #expect(try screens.url(forStack: [.cart], scheme: "app").absoluteString == "app:///cart")
    }

    struct StackRefusal: CustomTestStringConvertible, Sendable {
        let name: String
        let stack: [Screen]
        let error: DestinationStackError
        let message: String
        var testDescription: String { name }
    }

    static let stackRefusals: [StackRefusal] = [
        StackRefusal(
            name: "empty", stack: [], error: .emptyStack, message: "an empty stack has no link"),
        StackRefusal(
            name: "another screen at the bottom", stack: [.cart, .order(42), .item(order: 42, item: 7)],
            error: .otherStack(url: "app:///orders/42/items/7", index: 0, screen: "cart", opened: "orders"),
            message:
                #""app:///orders/42/items/7", the link of the stack's top, opens another stack: screen 0 is cart, where the link opens orders"#
        ),
        StackRefusal(
            name: "a screen short", stack: [.order(42), .item(order: 42, item: 7)],
            error: .otherStack(
                url: "app:///orders/42/items/7", index: 0, screen: "order(42)", opened: "orders"),
            message:
                #""app:///orders/42/items/7", the link of the stack's top, opens another stack: screen 0 is order(42), where the link opens orders"#
        ),
        StackRefusal(
            name: "a screen more", stack: [.orders, .cart],
            error: .otherStack(url: "app:///cart", index: 0, screen: "orders", opened: "cart"),
            message:
                #""app:///cart", the link of the stack's top, opens another stack: screen 0 is orders, where the link opens cart"#
        ),
        StackRefusal(
            name: "a longer stack under the same top", stack: [.cart, .orders],
            error: .otherStack(url: "app:///orders", index: 0, screen: "cart", opened: "orders"),
            message:
                #""app:///orders", the link of the stack's top, opens another stack: screen 0 is cart, where the link opens orders"#
        ),
        StackRefusal(
            name: "the top has no link", stack: [.orders, .account],
            error: .screen(index: 1, .noRoute(destination: "account")),
            message: "screen 1 of the stack has no link: no route prints the destination account"),
    ]

    @Test(
        "a stack that is not its top's own stack has no link, and the error names the screen",
        arguments: stackRefusals)
    func refusesAStack(_ refusal: StackRefusal) throws {
        let screens = try Self.shop()
        #expect(throws: refusal.error) { try screens.url(forStack: refusal.stack, scheme: "app") }
        #expect(refusal.error.description == refusal.message)
    }

    @Test("the link opens more screens than the stack has, or fewer: the error says which")
    func lengthDifferences() throws {
        // A parent that builds the same screen as its child: `/a/b` opens [cart, cart].
        let screens = DestinationRouter<Screen>()
        try screens.register("/a") { _ in .cart }
        try screens.register("/a/b", parent: "/a") { _ in
            .cart
        } link: {
            $0 == .cart ? [:] : nil
        }
        let more = DestinationStackError.otherStack(url: "app:///a/b", index: 1, screen: nil, opened: "cart")
        #expect(throws: more) { try screens.url(forStack: [.cart], scheme: "app") }
        #expect(
            more.description
                == #""app:///a/b", the link of the stack's top, opens another stack: the link opens cart as screen 1, which the stack does not have"#
        )
        let fewer = DestinationStackError.otherStack(url: "app:///a/b", index: 2, screen: "cart", opened: nil)
        #expect(throws: fewer) { try screens.url(forStack: [.cart, .cart, .cart], scheme: "app") }
        #expect(
            fewer.description
                == #""app:///a/b", the link of the stack's top, opens another stack: the link opens no screen 2, where the stack has cart"#
        )
        #expect(try screens.url(forStack: [.cart, .cart], scheme: "app").absoluteString == "app:///a/b")
    }

    @Test(
        "a printer writes query items: .product(id: 42, color: \"red\") prints …/products/42?color=red and reads back"
    )
    func queryItems() throws {
        let screens = try Self.shop()
        let url = try screens.url(for: .product(id: 42, color: "red"), scheme: "https", host: "shop.example")
        #expect(url.absoluteString == "https://shop.example/products/42?color=red")
        #expect(screens.destination(for: url) == .product(id: 42, color: "red"))
        #expect(
            try screens.url(for: .product(id: 42, color: nil), scheme: "app").absoluteString
                == "app:///products/42")
    }

    @Test(
        "query values that are hostile to a query survive the round trip",
        arguments: ["a&b=c", "x+y", "50%", "#top", "?q", "", "a b", "🧭/é", "%2F", "=", "a=b&c"])
    func hostileQueryValues(_ color: String) throws {
        let screens = try Self.shop()
        let url = try screens.url(for: .product(id: 1, color: color), scheme: "app")
        #expect(screens.destination(for: url) == .product(id: 1, color: color), "\(url)")
        #expect(screens.stack(for: url) == [.product(id: 1, color: color)])
    }

    @Test("a printed query item named as one of the route's parameters is an error")
    func queryItemNamesAParameter() throws {
        let screens = DestinationRouter<Screen>()
        try screens.register("/products/:id") { link in
            .product(id: try link.parameters.require("id", as: Int.self), color: nil)
        } link: { screen in
            guard case .product(let id, _) = screen else { return nil }
            return PrintedLink(["id": String(id)], query: [DeepLinkQueryItem(name: "id", value: "7")])
        }
        let error = DestinationLinkError.queryItemNamesParameter(route: "/products/:id", name: "id")
        #expect(throws: error) { try screens.url(for: .product(id: 1, color: nil), scheme: "app") }
        #expect(
            error.description
                == #"route "/products/:id" printed the query item "id", which is one of its parameters"#)
    }

    @Test("a destination that is not Equatable reads back by route, parameters and query items")
    func opaqueQueryItems() throws {
        struct Opaque: Sendable { let id: String, tab: String }
        let reading = DestinationRouter<Opaque>()
        try reading.register("/o/:id") { link in
            Opaque(id: link.parameters["id"] ?? "", tab: link.parameters["tab"] ?? "")
        } link: {
            PrintedLink(["id": $0.id], query: ["tab": $0.tab])
        }
        let url = try reading.url(for: Opaque(id: "1", tab: "a&b"), scheme: "app")
        #expect(url.absoluteString == "app:///o/1?tab=a%26b")
        // A query item the builder never reads still reads back as written.
        let ignoring = DestinationRouter<Opaque>()
        try ignoring.register("/o/:id") { link in
            Opaque(id: link.parameters["id"] ?? "", tab: "")
        } link: {
            PrintedLink(["id": $0.id], query: ["tab": $0.tab, "tab": "again"])
        }
        #expect(
            try ignoring.url(for: Opaque(id: "1", tab: "x"), scheme: "app").absoluteString
                == "app:///o/1?tab=x&tab=again")
    }

    @Test("Handoff's link is the top's https link")
    func webpageURL() throws {
        let screens = try Self.shop()
        #expect(
            try screens.webpageURL(forTopOf: [.orders, .order(3)], host: "shop.example").absoluteString
                == "https://shop.example/orders/3")
        #expect(throws: DestinationStackError.emptyStack) { try screens.webpageURL(forTopOf: [], host: "x") }
        #expect(throws: DestinationStackError.screen(index: 0, .noRoute(destination: "account"))) {
            try screens.webpageURL(forTopOf: [.account], host: "x")
        }
    }

    // MARK: Hostile input

    @Test("a query that takes the link past the router's URL limit is that error, naming the length")
    func overLongQuery() throws {
        let screens = try Self.shop()
        let color = String(repeating: "a", count: 9_000)
        let error = DestinationLinkError.route(
            .urlTooLong(route: "/products/:id", length: 9_026, limit: 8_192))
        #expect(throws: error) { try screens.url(for: .product(id: 1, color: color), scheme: "myapp") }
        #expect(throws: DestinationStackError.screen(index: 1, error)) {
            try screens.save([.cart, .product(id: 1, color: color)], scheme: "myapp")
        }
        #expect(
            error.description == #"the URL for route "/products/:id" is 9026 UTF-8 bytes, the limit is 8192"#)
        // A link just within the limit prints and reads back.
        let longest = String(repeating: "a", count: 8_192 - 26)
        let url = try screens.url(for: .product(id: 1, color: longest), scheme: "myapp")
        #expect(url.absoluteString.utf8.count == 8_192)
        #expect(screens.stack(for: url) == [.product(id: 1, color: longest)])
    }

    @Test(
        "query item names hostile to a query read back; one named as a * or ** parameter is an error",
        arguments: ["", "&", "=", "#", "%", "%FF", "+", "a b", "Id", "🧭", "\u{0}", "a\nb"])
    func hostileQueryNames(_ name: String) throws {
        struct Item: Hashable, Sendable { let id: String, query: [DeepLinkQueryItem] }
        let items = DestinationRouter<Item>()
        try items.register("/p/:id") { link in
            Item(id: link.parameters["id"] ?? "", query: link.queryItems)
        } link: {
            PrintedLink(["id": $0.id], query: $0.query)
        }
        let item = Item(id: "1", query: [DeepLinkQueryItem(name: name, value: "v%FF&=#")])
        let url = try items.url(for: item, scheme: "app")
        #expect(items.destination(for: url) == item, "\(url)")
        let globs = DestinationRouter<Item>()
        try globs.register("/d/*/**") { _ in
            item
        } link: { _ in
            PrintedLink(["*": "a", "**": "b/c"], query: ["**": "x"])
        }
        #expect(throws: DestinationLinkError.queryItemNamesParameter(route: "/d/*/**", name: "**")) {
            try globs.url(for: item, scheme: "app")
        }
    }

    @Test(
        "a chain of parents 1,000 deep opens, prints and splits without exhausting the call stack; 50 deep (ten times an ordinary 5) too",
        arguments: [50, 1_000])
    func deepChain(_ depth: Int) throws {
        let screens = DestinationRouter<Int>()
        try screens.register("/d0") { _ in
            0
        } link: {
            $0 == 0 ? [:] : nil
        }
        for level in 1..<depth {
            try screens.register("/d\(level)", parent: "/d\(level - 1)") { _ in
                level
            } link: {
                $0 == level ? [:] : nil
            }
        }
        let top = "app:///d\(depth - 1)"
        #expect(screens.stack(for: top) == Array(0..<depth))
        #expect(try screens.url(forStack: Array(0..<depth), scheme: "app").absoluteString == top)
        // Closing a cycle at the bottom is refused after walking the whole chain.
        #expect(throws: RouteError.parentCycle(route: "/d0", parent: "/d\(depth - 1)")) {
            try screens.register("/d0", parent: "/d\(depth - 1)") { _ in 0 }
        }
        #expect(screens.remove("/d\(depth / 2)"))
        #expect(screens.stack(for: top) == Array(depth / 2 + 1..<depth))
        #expect(screens.stack(for: "app:///d\(depth / 2 - 1)") == Array(0..<depth / 2))
    }

    @Test("lookups while other tasks relink, remove and add parents see one published state each")
    func concurrentRelinking() async throws {
        let screens = DestinationRouter<Int>()
        try screens.register("/a") { _ in 1 }
        try screens.register("/a/b", parent: "/a") { _ in 2 }
        try screens.register("/a/b/c", parent: "/a/b") { _ in 3 }
        let seen = Locked<Set<[Int]>>([])
        let failures = Locked<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for round in 0..<1_000 {
                    do {
                        try screens.register("/a/b", parent: round.isMultiple(of: 2) ? nil : "/a") { _ in 2 }
                        try screens.register("/x\(round)", parent: "/a") { _ in 9 }
                        _ = screens.remove("/x\(round)")
                        if round.isMultiple(of: 7) {
                            _ = screens.remove("/a")
                            try screens.register("/a") { _ in 1 }
                        }
                    } catch {
                        failures.withLock { $0.append("round \(round): \(error)") }
                    }
                }
            }
            for _ in 0..<2 {
                group.addTask {
                    for _ in 0..<2_000 {
                        let stack = screens.stack(for: "app:///a/b/c") ?? []
                        seen.withLock { _ = $0.insert(stack) }
                    }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(seen.withLock { $0 }.isSubset(of: [[1, 2, 3], [2, 3]]))
        #expect(screens.stack(for: "app:///a/b/c") == [1, 2, 3])
        #expect(screens.routes == ["/a/b", "/a/b/c", "/a"])
    }

    @Test("a route removed while it is registered again is checked as a new route: its parent must exist")
    func removedWhileRegistering() async throws {
        let screens = DestinationRouter<Int>()
        let accepted = await withTaskGroup(of: Int.self) { group in
            group.addTask {
                for _ in 0..<20_000 {
                    try? screens.register("/x") { _ in 0 }
                    _ = screens.remove("/x")
                }
                return 0
            }
            group.addTask {
                // Whether "/x" is registered or not, "/nope" is no route: each must throw.
                (0..<20_000).count { _ in (try? screens.register("/x", parent: "/nope") { _ in 1 }) != nil }
            }
            return await group.reduce(0, +)
        }
        #expect(accepted == 0, "registrations that took an unknown parent")
    }
}
