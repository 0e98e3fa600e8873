import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointPaylisher

/// Processing one URL and delivery order (spec §6.1, §6.2, §6.4).
@Suite("Delivery")
@MainActor
struct DeliveryTests {
    typealias Delivery = ManagerHarness.Delivery

    /// A transport that answers after `delay` on `clock` with `body`.
    static func slowTransport(clock: TestClock, delay: Duration, body: String) -> FakeTransport {
        FakeTransport { _ in
            try await clock.sleep(until: clock.now.advanced(by: delay))
            return (200, Data(body.utf8))
        }
    }

    @Test("a bridge page goes to openBridgeURL only")
    func bridge() {
        let opened = Locked<[URL]>([])
        let harness = ManagerHarness(
            config: PaylisherDeepLinkConfig(openBridgeURL: { url in opened.withLock { $0.append(url) } }))
        #expect(harness.handle("https://link.paylisher.com/AbC/bridge") == .bridge)
        #expect(harness.handle("https://link.paylisher.com/AbC/bridge") == .bridge)
        #expect(
            opened.withLock { $0.map(\.absoluteString) }
                == Array(repeating: "https://link.paylisher.com/AbC/bridge", count: 2))
        #expect(harness.deliveries.isEmpty)
        #expect(harness.sink.events.isEmpty)
        #expect(harness.transport.requests.isEmpty)
        #expect(harness.manager.lastDeepLink == nil)
        let withoutOpener = ManagerHarness()
        #expect(withoutOpener.handle("https://LINK.paylisher.com/bridge") == .bridge)
        #expect(withoutOpener.deliveries.isEmpty && withoutOpener.sink.events.isEmpty)
    }

    @Test("a parse failure sends Deep Link Failed and calls onDeepLinkFailed")
    func parseFailure() {
        let harness = ManagerHarness()
        #expect(harness.handle("yourapp:products") == .failed(.emptyDestination))
        #expect(harness.handle("yourapp:products") == .failed(.emptyDestination))
        #expect(harness.handle("products/42") == .failed(.notAbsolute))
        #expect(harness.failures.map(\.error) == [.emptyDestination, .emptyDestination, .notAbsolute])
        #expect(
            harness.failures.map(\.url.absoluteString) == [
                "yourapp:products", "yourapp:products", "products/42",
            ])
        #expect(harness.sink.names == Array(repeating: PaylisherEvent.failed, count: 3))
        #expect(harness.deliveries.isEmpty)
        #expect(harness.manager.lastDeepLink == nil)
    }

    @Test("duplicates within the window are dropped, measured from the accepted link")
    func duplicates() {
        let harness = ManagerHarness()
        let url = "yourapp://home?x=1"
        #expect(harness.handle(url) == .accepted)
        harness.clock.advance(by: .milliseconds(600))
        #expect(harness.handle(url) == .duplicate)
        harness.clock.advance(by: .milliseconds(399))
        #expect(harness.handle(url) == .duplicate)
        harness.clock.advance(by: .milliseconds(1))
        #expect(harness.handle(url) == .accepted)
        #expect(harness.handle("yourapp://home?x=2") == .accepted)
        #expect(harness.handle(url) == .accepted)
        #expect(harness.deliveries.map(\.url) == [url, url, "yourapp://home?x=2", url])
        #expect(harness.sink.names == Array(repeating: PaylisherEvent.opened, count: 4))
    }

    @Test("duplicateWindow 0 turns de-duplication off; keyed duplicates make no request")
    func duplicateWindow() async {
        let off = ManagerHarness(config: PaylisherDeepLinkConfig(duplicateWindow: .zero))
        #expect(off.handle("yourapp://home") == .accepted)
        #expect(off.handle("yourapp://home") == .accepted)
        #expect(off.deliveries.count == 2)
        let on = ManagerHarness()
        #expect(on.handle("yourapp://promo?keyName=K") == .accepted)
        #expect(on.handle("yourapp://promo?keyName=K") == .duplicate)
        await on.manager.waitForResolutions()
        #expect(on.transport.requests.count == 1)
        #expect(on.sink.names == [PaylisherEvent.opened])
    }

    @Test("a waiting link counts for duplicates")
    func duplicateOfWaitingLink() {
        let harness = ManagerHarness(registerHandler: false)
        #expect(harness.handle("yourapp://home") == .waitingForHandler)
        #expect(harness.handle("yourapp://home") == .duplicate)
    }

    @Test("links before onDeepLink wait in one slot and are delivered on registration")
    func handlerSlot() {
        let harness = ManagerHarness(registerHandler: false)
        #expect(harness.handle("yourapp://first") == .waitingForHandler)
        #expect(harness.handle("yourapp://second") == .waitingForHandler)
        #expect(harness.sink.events.isEmpty)
        #expect(harness.manager.lastDeepLink?.url.absoluteString == "yourapp://second")
        harness.registerHandler()
        #expect(harness.deliveries == [Delivery(url: "yourapp://second", requiresAuth: false)])
        #expect(harness.sink.names == [PaylisherEvent.opened])
        harness.registerHandler()
        #expect(harness.deliveries.count == 1)
    }

    @Test("a short link with a key is resolved before delivery; later links wait for it")
    func shortLinkOrder() async {
        let clock = TestClock()
        let body = #"{"scheme":"diyetim://wallet","jid":"PJ"}"#
        let harness = ManagerHarness(
            transport: Self.slowTransport(clock: clock, delay: .seconds(1), body: body))
        // The harness's own clock drives the manager; the transport waits on a second one.
        #expect(harness.handle("https://link.paylisher.com/AbC") == .accepted)
        #expect(harness.handle("yourapp://home") == .accepted)
        #expect(harness.handle("yourapp://promo?keyName=K2") == .accepted)
        #expect(harness.deliveries.isEmpty)
        #expect(harness.sink.events.isEmpty)
        await harness.waitUntil { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        await harness.waitUntil { harness.deliveries.count == 3 }
        #expect(
            harness.deliveries.map(\.url) == [
                "https://link.paylisher.com/AbC", "yourapp://home", "yourapp://promo?keyName=K2",
            ])
        #expect(harness.deliveredLinks.first?.campaignData?.scheme == "diyetim://wallet")
        #expect(harness.deliveredLinks.first?.resolvedDestination == "wallet")
        #expect(harness.resolvedLinks.isEmpty)
        #expect(
            harness.transport.requests.map(\.absoluteString).first == "https://link.paylisher.com/resolve/AbC"
        )
        await harness.waitUntil { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        await harness.manager.waitForResolutions()
        #expect(harness.resolvedLinks.map(\.url.absoluteString) == ["yourapp://promo?keyName=K2"])
        #expect(
            harness.sink.events.map { $0.properties["full_url"] } == [
                "https://link.paylisher.com/AbC", "yourapp://home", "yourapp://promo?keyName=K2",
            ])
        #expect(harness.sink.events.map { $0.properties["campaign_resolved"] } == [true, false, true])
    }

    @Test("a short link's resolution waits at most resolveTimeout on the manager's clock")
    func shortLinkTimeout() async {
        let slow = FakeTransport { _ in try await FakeTransport.hangUntilCancelled() }
        let harness = ManagerHarness(
            config: PaylisherDeepLinkConfig(resolveTimeout: .seconds(10)), transport: slow)
        harness.handle("https://link.paylisher.com/AbC")
        harness.handle("yourapp://home")
        await harness.waitUntil { harness.clock.sleeperCount == 1 }
        harness.clock.advance(by: .milliseconds(9999))
        for _ in 0..<50 { await Task.yield() }
        #expect(harness.deliveries.isEmpty)
        harness.clock.advance(by: .milliseconds(1))
        await harness.waitUntil { harness.deliveries.count == 2 }
        #expect(harness.deliveredLinks.first?.campaignData == nil)
        #expect(harness.sink.events.map { $0.properties["campaign_resolved"] } == [false, false])
    }

    @Test("no link waits longer than resolveTimeout after its own arrival, behind 10 hanging short links")
    func headOfLine() async {
        let hanging = FakeTransport { _ in try await FakeTransport.hangUntilCancelled() }
        let timeout = Duration.seconds(10)
        let harness = ManagerHarness(
            config: PaylisherDeepLinkConfig(resolveTimeout: timeout), transport: hanging,
            registerHandler: false)
        var delivered: [(url: String, at: Duration)] = []
        harness.manager.onDeepLink { [clock = harness.clock] link, _ in
            delivered.append((link.url.absoluteString, clock.now.offset))
            TestSignal.changed()
        }
        // Ten short links one second apart, then a plain link with the last of them.
        var arrivals: [(url: String, at: Duration)] = []
        for index in 0..<10 {
            if index > 0 { harness.clock.advance(by: .seconds(1)) }
            let url = "https://link.paylisher.com/S\(index)"
            #expect(harness.handle(url) == .accepted)
            arrivals.append((url, harness.clock.now.offset))
        }
        #expect(harness.handle("yourapp://home") == .accepted)
        arrivals.append(("yourapp://home", harness.clock.now.offset))
        #expect(delivered.isEmpty)
        // Second by second: the short link that arrived at t is delivered, unresolved, at
        // t + 10 s; the plain link goes with the last of them.
        for second in 10...19 {
            harness.clock.advance(by: .seconds(1))
            let due = arrivals.filter { $0.at + timeout <= .seconds(second) }.count
            guard await harness.waitUntil({ delivered.count == due }) else { break }
        }
        #expect(delivered.map(\.url) == arrivals.map(\.url))
        let delays = zip(arrivals, delivered).map { $1.at - $0.at }
        let worst = delays.max() ?? .zero
        #expect(worst <= timeout, "worst delay \(worst)")
        #expect(delays.last == .seconds(10), "the plain link waited \(delays.last ?? .zero)")
        #expect(
            harness.sink.events.map { $0.properties["campaign_resolved"] }
                == Array(repeating: false, count: 11))
        print("head-of-line: worst delay \(worst) with 10 hanging short links, resolveTimeout \(timeout)")
    }

    @Test("a later short link that resolves first waits for the earlier one, at most until its wait ends")
    func laterShortLinkResolvesFirst() async {
        // S0 hangs; S1 answers at once. S1 is ready first but is delivered after S0, when
        // S0's wait ends, 10 s after S0 arrived, with its own campaign.
        let transport = FakeTransport { url in
            if url.lastPathComponent == "S0" { try await FakeTransport.hangUntilCancelled() }
            return (200, Data(#"{"title":"T"}"#.utf8))
        }
        let harness = ManagerHarness(
            config: PaylisherDeepLinkConfig(resolveTimeout: .seconds(10)), transport: transport)
        harness.handle("https://link.paylisher.com/S0")
        harness.clock.advance(by: .seconds(4))
        harness.handle("https://link.paylisher.com/S1")
        await harness.waitUntil { harness.transport.requests.count == 2 }
        for _ in 0..<50 { await Task.yield() }
        #expect(harness.deliveries.isEmpty)
        harness.clock.advance(by: .seconds(6))
        await harness.waitUntil { harness.deliveries.count == 2 }
        #expect(
            harness.deliveries.map(\.url) == [
                "https://link.paylisher.com/S0", "https://link.paylisher.com/S1",
            ])
        #expect(harness.deliveredLinks.map { $0.campaignData?.title } == [nil, "T"])
    }

    @Test("another link with a key is delivered now, resolved in the background")
    func backgroundResolution() async {
        let transport = FakeTransport(status: 200, body: #"{"title":"T","scheme":"x://profile"}"#)
        let harness = ManagerHarness(transport: transport)
        harness.handle("yourapp://promo?keyName=K")
        #expect(harness.deliveries == [Delivery(url: "yourapp://promo?keyName=K", requiresAuth: false)])
        #expect(harness.deliveredLinks.first?.campaignData == nil)
        #expect(harness.sink.events.isEmpty)
        await harness.manager.waitForResolutions()
        #expect(harness.resolvedLinks.count == 1)
        #expect(harness.resolvedLinks.first?.campaignData?.title == "T")
        #expect(harness.resolvedLinks.first?.resolvedDestination == "profile")
        #expect(harness.manager.lastDeepLink?.campaignData?.title == "T")
        #expect(harness.sink.names == [PaylisherEvent.opened])
        #expect(transport.requests.map(\.absoluteString) == ["https://api.paylisher.com/campaign/resolve/K"])
    }

    @Test("a link without a key makes no request")
    func noKeyNoRequest() async {
        let harness = ManagerHarness(transport: FakeTransport(status: 200, body: #"{"title":"T"}"#))
        harness.handle("https://example.com/wallet")
        harness.handle("yourapp://wallet/history")
        await harness.manager.waitForResolutions()
        #expect(harness.transport.requests.isEmpty)
        #expect(harness.deliveries.count == 2)
    }

    @Test("a handler that handles another URL keeps arrival order")
    func reentrantHandle() {
        let harness = ManagerHarness(registerHandler: false)
        var order: [String] = []
        harness.manager.onDeepLink { [manager = harness.manager] link, _ in
            order.append(link.destination)
            if link.destination == "first" { manager.handle(URL(string: "yourapp://nested")!) }
            order.append("end " + link.destination)
        }
        harness.handle("yourapp://first")
        #expect(order == ["first", "end first", "nested", "end nested"])
    }

    @Test("requiresAuth: the raw destination list, or auth=required (§6.2)")
    func requiresAuth() {
        let config = PaylisherDeepLinkConfig(authRequiredDestinations: ["wallet"])
        let harness = ManagerHarness(config: config)
        harness.registerStashingAuthCallback()
        harness.handle("https://link.paylisher.com/wallet/history")
        harness.handle("yourapp://Wallet")
        harness.handle("yourapp://wallet/history")
        #expect(
            harness.deliveries == [
                Delivery(url: "https://link.paylisher.com/wallet/history", requiresAuth: false),
                Delivery(url: "yourapp://Wallet", requiresAuth: false),
                Delivery(url: "yourapp://wallet/history", requiresAuth: true),
            ])
        harness.handle("https://link.paylisher.com/wallet/history?auth=required")
        #expect(
            harness.deliveries.last
                == Delivery(
                    url: "https://link.paylisher.com/wallet/history?auth=required", requiresAuth: true))
        #expect(harness.offers.count == 2)
    }

    @Test("with autoHandleDeepLinks off the handler alone sees requiresAuth")
    func gateOff() {
        let harness = ManagerHarness(config: PaylisherDeepLinkConfig(autoHandleDeepLinks: false))
        harness.registerStashingAuthCallback()
        harness.handle("yourapp://wallet?auth=required")
        #expect(harness.deliveries == [Delivery(url: "yourapp://wallet?auth=required", requiresAuth: true)])
        #expect(harness.offers.isEmpty)
        #expect(!harness.manager.hasPendingDeepLink)
        #expect(!harness.manager.completePendingDeepLink())
        #expect(harness.deliveries.count == 1)
        #expect(harness.sink.events.first?.properties["auth_required"] == true)
    }

    @Test("user activities: web browsing with a web URL only")
    func userActivity() {
        let harness = ManagerHarness()
        let web = UserActivity.browsingWeb
        #expect(
            harness.manager.handle(
                userActivity: UserActivity(
                    activityType: web, webpageURL: URL(string: "https://example.com/profile"))) == .accepted)
        #expect(
            harness.manager.handle(
                userActivity: UserActivity(
                    activityType: web, webpageURL: URL(string: "HTTP://example.com/wallet"))) == .accepted)
        #expect(
            harness.manager.handle(
                userActivity: UserActivity(activityType: web, webpageURL: URL(string: "yourapp://home")))
                == nil)
        #expect(harness.manager.handle(userActivity: UserActivity(activityType: web, webpageURL: nil)) == nil)
        #expect(
            harness.manager.handle(
                userActivity: UserActivity(
                    activityType: "com.example.view", webpageURL: URL(string: "https://example.com/x")))
                == nil)
        #expect(
            harness.manager.handle(
                userActivity: UserActivity(activityType: web, webpageURL: URL(string: "https://example.com/"))
            ) == .failed(.emptyDestination))
        #expect(
            harness.deliveries.map(\.url) == ["https://example.com/profile", "HTTP://example.com/wallet"])
    }
}
