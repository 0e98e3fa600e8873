import Foundation
import Testing
import Waypoint
import WaypointNavigation

/// Pushed stacks (Documentation/spec/routing.md §12): the stack receiver, held links replayed
/// as stacks, a condition anywhere in the stack, and asynchronous builders in it.
@Suite("Navigation stacks pushed to the app")
@MainActor
struct StackPushTests {
    typealias Screen = StackTests.Screen

    static func url(_ text: String) -> URL { URL(string: text)! }

    @Test("onStack gets the whole stack; onDestination, set instead, only its top")
    func receivers() throws {
        let screens = try StackTests.shop()
        var stacks: [[Screen]] = []
        screens.onStack { stacks.append($0) }
        #expect(screens.handle("app:///orders/42/items/7").isHandled)
        #expect(screens.handle("app:///cart").isHandled)
        #expect(stacks == [[.orders, .order(42), .item(order: 42, item: 7)], [.cart]])
        var tops: [Screen] = []
        screens.onDestination { tops.append($0) }
        #expect(screens.handle("app:///orders/42/items/7").isHandled)
        #expect(tops == [.item(order: 42, item: 7)])
        #expect(stacks.count == 2, "one receiver: setting onDestination replaced onStack")
        screens.onStack(nil)
        #expect(screens.handle("app:///cart").failure == .handlerHasNoTarget)
    }

    @Test(
        "the gate refuses a pushed stack; a lookup, like destination(for:), applies neither the gate nor the hold"
    )
    func gateAndHold() throws {
        let screens = try StackTests.shop()
        var stacks: [[Screen]] = []
        screens.onStack { stacks.append($0) }
        screens.gate = { $0.host != "blocked" }
        #expect(screens.handle("app://blocked/orders/4").failure == .refusedByGate)
        #expect(stacks.isEmpty)
        #expect(screens.stack(for: "app://blocked/orders/4") == [.orders, .order(4)])
        screens.delivery.hold()
        #expect(screens.stack(for: "app:///orders/5") == [.orders, .order(5)])
        #expect(stacks.isEmpty)
    }

    @Test("a cold start: links held until the app is ready are replayed as stacks, in order")
    func coldStart() throws {
        let screens = try StackTests.shop()
        var path: [Screen] = []
        screens.onStack { path = $0 }
        let reports = Locked<[Bool]>([])
        screens.delivery.onDeferredResult { report in reports.withLock { $0.append(report.result.isHandled) }
        }
        screens.delivery.hold()
        guard case .held? = screens.handle("app:///orders/42/items/7").pending else {
            Issue.record("the link is held")
            return
        }
        #expect(path.isEmpty)
        #expect(screens.delivery.release() == 1)
        #expect(path == [.orders, .order(42), .item(order: 42, item: 7)])
        #expect(reports.withLock { $0 } == [true])
    }

    @Test("a condition on any route of the stack holds the whole stack until it is granted")
    func conditionOnAParent() throws {
        let screens = try StackTests.shop()
        var path: [Screen] = []
        screens.onStack { path = $0 }
        #expect(screens.delivery.require("signedIn", for: "/orders"))
        guard case .awaitingApproval("signedIn")? = screens.handle("app:///orders/42/items/7").pending else {
            Issue.record("the link waits for the condition its stack's root requires")
            return
        }
        #expect(screens.handle("app:///cart").isHandled, "a stack without the condition runs")
        #expect(path == [.cart])
        #expect(screens.delivery.waitingLink(for: "signedIn")?.absoluteString == "app:///orders/42/items/7")
        screens.delivery.grant("signedIn")
        #expect(path == [.orders, .order(42), .item(order: 42, item: 7)])
    }

    @Test("a stack that requires two conditions waits for each once: approvals are kept, not asked again")
    func twoConditions() throws {
        let screens = try StackTests.shop()
        var path: [Screen] = []
        screens.onStack { path = $0 }
        screens.delivery.require("signedIn", for: "/orders")
        screens.delivery.require("verified", for: "/orders/:id/items/:item")
        guard case .awaitingApproval("signedIn")? = screens.handle("app:///orders/1/items/2").pending else {
            Issue.record("the root's condition first")
            return
        }
        #expect(screens.delivery.approveWaiting("signedIn"))
        #expect(path.isEmpty)
        #expect(screens.delivery.waitingLink(for: "verified")?.absoluteString == "app:///orders/1/items/2")
        #expect(screens.delivery.approveWaiting("verified"))
        #expect(path == [.orders, .order(1), .item(order: 1, item: 2)], "not back to waiting for signedIn")
        #expect(screens.delivery.waitingLink(for: "signedIn") == nil)
    }

    @Test("an asynchronous builder in the stack: the stack is fetched, then delivered whole")
    func asynchronousParent() async throws {
        let screens = DestinationRouter<Screen>()
        try screens.register("/account") { _ in
            await Task.yield()
            return .account
        }
        try screens.register("/account/invoices/:n", parent: "/account") { link in
            .invoice(try link.parameters.require("n", as: Int.self))
        }
        var path: [Screen] = []
        screens.onStack { path = $0 }
        let result = await screens.dispatch(Self.url("app:///account/invoices/4"))
        #expect(result.isHandled && result.route == "/account/invoices/:n")
        #expect(path == [.account, .invoice(4)])
        // The top's builder throws: the route took the link, and the push fails with its error.
        let failed = await screens.dispatch(Self.url("app:///account/invoices/x"))
        #expect(failed.failure == .handlerFailed && failed.error is ParameterError)
        #expect(path == [.account, .invoice(4)])
        // With a destination receiver the top alone is delivered, at once.
        var tops: [Screen] = []
        screens.onDestination { tops.append($0) }
        #expect(screens.handle("app:///account/invoices/5").isHandled)
        #expect(tops == [.invoice(5)])
    }

    @Test("a parent whose asynchronous builder throws is left out of the pushed stack")
    func failingAsynchronousParent() async throws {
        struct Offline: Error {}
        let screens = DestinationRouter<Screen>()
        try screens.register("/orders") { _ in .orders }
        try screens.register("/orders/:id", parent: "/orders") { _ in
            await Task.yield()
            throw Offline()
        }
        try screens.register("/orders/:id/items/:item", parent: "/orders/:id") { link in
            .item(order: 0, item: try link.parameters.require("item", as: Int.self))
        }
        var path: [Screen] = []
        screens.onStack { path = $0 }
        #expect(await screens.dispatch(Self.url("app:///orders/1/items/2")).isHandled)
        #expect(path == [.orders, .item(order: 0, item: 2)])
    }

    @Test("a pushed stack leaves out a parent whose synchronous builder returns nil or throws")
    func decliningParentsPushed() throws {
        let screens = try StackTests.decliningOrders()
        var stacks: [[Screen]] = []
        screens.onStack { stacks.append($0) }
        #expect(screens.handle("app:///orders/0/items/1").isHandled)
        #expect(screens.handle("app:///orders/-1/items/2").isHandled)
        #expect(screens.handle("app:///orders/3/items/3").isHandled)
        #expect(
            stacks == [
                [.orders, .item(order: 0, item: 1)], [.orders, .item(order: 0, item: 2)],
                [.orders, .order(3), .item(order: 0, item: 3)],
            ])
    }

    @Test("an asynchronous top under synchronous parents: the stack is fetched and delivered whole")
    func asynchronousTop() async throws {
        let screens = DestinationRouter<Screen>()
        try screens.register("/account") { _ in .account }
        try screens.register("/account/invoices/:n", parent: "/account") { link in
            await Task.yield()
            return .invoice(try link.parameters.require("n", as: Int.self))
        }
        var path: [Screen] = []
        screens.onStack { path = $0 }
        let result = await screens.dispatch(Self.url("app:///account/invoices/8"))
        #expect(result.isHandled && result.route == "/account/invoices/:n")
        #expect(path == [.account, .invoice(8)])
        #expect(screens.stack(for: "app:///account/invoices/8") == nil, "a lookup cannot wait for it")
    }

    @Test(
        "a synchronous top that returns nil while its stack is fetched fails the push: its route took the link"
    )
    func decliningTopOfAFetchedStack() async throws {
        let screens = DestinationRouter<Screen>()
        try screens.register("/account") { _ in
            await Task.yield()
            return .account
        }
        try screens.register("/account/invoices/:n", parent: "/account") { link in
            let n = try link.parameters.require("n", as: Int.self)
            return n == 0 ? nil : .invoice(n)
        }
        try screens.register("/account/invoices/:slug") { _ in .cart }
        var path: [Screen] = []
        screens.onStack { path = $0 }
        let result = await screens.dispatch(Self.url("app:///account/invoices/0"))
        #expect(result.failure == .routeNotFound)
        #expect(path.isEmpty, "the next matching route is not tried")
        #expect(await screens.dispatch(Self.url("app:///account/invoices/2")).isHandled)
        #expect(path == [.account, .invoice(2)])
    }

    @Test("a newer link supersedes a stack still fetching")
    func superseding() async throws {
        let screens = DestinationRouter<Screen>()
        let fetching = Latch()
        let finish = Latch()
        try screens.register("/account") { _ in
            fetching.open()
            await finish.wait()
            return .account
        }
        try screens.register("/account/invoices/:n", parent: "/account") { link in
            .invoice(try link.parameters.require("n", as: Int.self))
        }
        try screens.register("/cart") { _ in .cart }
        var path: [Screen] = []
        screens.onStack { path = $0 }
        let first = Task { await screens.dispatch(Self.url("app:///account/invoices/1")) }
        await fetching.wait()
        #expect(screens.handle("app:///cart").isHandled)
        finish.open()
        #expect(await first.value.failure == .superseded)
        #expect(path == [.cart], "the superseded stack is not delivered")
    }
}
