import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointPaylisher

/// The auth gate, row by row of spec §6.3.
@Suite("Auth gate")
@MainActor
struct AuthGateTests {
    typealias Delivery = ManagerHarness.Delivery

    nonisolated static let linkL = "yourapp://wallet?auth=required&n=L"
    nonisolated static let linkM = "yourapp://wallet?auth=required&n=M"

    @Test("Empty + gated L: timer, (L, true), then the auth callback with a completion bound to L")
    func gatedLinkEntersSlot() async throws {
        let harness = ManagerHarness()
        var order: [String] = []
        harness.manager.onDeepLink { link, requiresAuth in order.append("handler \(requiresAuth)") }
        harness.manager.onDeepLinkRequiresAuth { link, completion in
            order.append("auth \(link.parameters["n"] ?? "")")
            #expect(completion.deepLink == link)
        }
        harness.handle(Self.linkL)
        #expect(order == ["handler true", "auth L"])
        #expect(harness.manager.hasPendingDeepLink)
        #expect(harness.manager.pendingDeepLink?.url.absoluteString == Self.linkL)
        #expect(harness.manager.pendingDeepLinkDestination == "wallet")
        await harness.waitUntil { harness.clock.sleeperCount == 1 }
    }

    @Test("Pending(L) + gated M: L cancelled as replaced, M pending, L's completion stale")
    func replacement() throws {
        let harness = ManagerHarness()
        harness.registerStashingAuthCallback()
        harness.handle(Self.linkL)
        harness.handle(Self.linkM)
        #expect(
            harness.sink.names == [PaylisherEvent.opened, PaylisherEvent.opened, PaylisherEvent.cancelled])
        #expect(harness.sink.events.last?.properties["cancel_reason"] == "replaced")
        #expect(harness.sink.events.last?.properties["full_url"] == .string(Self.linkL))
        #expect(harness.manager.pendingDeepLink?.url.absoluteString == Self.linkM)
        let staleL = try #require(harness.offers.first)
        staleL(true)
        #expect(harness.manager.pendingDeepLink?.url.absoluteString == Self.linkM)
        #expect(
            harness.deliveries == [
                Delivery(url: Self.linkL, requiresAuth: true), Delivery(url: Self.linkM, requiresAuth: true),
            ])
        let completion = try #require(harness.offers.last)
        completion(true)
        #expect(harness.deliveries.last == Delivery(url: Self.linkM, requiresAuth: false))
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test("completion(true): Deep Link Completed, then (L, false); it acts once")
    func approve() throws {
        let harness = ManagerHarness()
        harness.registerStashingAuthCallback()
        harness.handle(Self.linkL)
        let completion = try #require(harness.offers.first)
        harness.sink.clear()
        completion(true)
        completion(true)
        #expect(harness.sink.names == [PaylisherEvent.completed])
        #expect(
            harness.deliveries == [
                Delivery(url: Self.linkL, requiresAuth: true), Delivery(url: Self.linkL, requiresAuth: false),
            ])
        #expect(!harness.manager.hasPendingDeepLink)
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test("completion(false) and clearPendingDeepLink(): dropped without an event")
    func deny() throws {
        let harness = ManagerHarness()
        harness.registerStashingAuthCallback()
        harness.handle(Self.linkL)
        harness.sink.clear()
        let completion = try #require(harness.offers.first)
        completion(false)
        #expect(!harness.manager.hasPendingDeepLink)
        #expect(harness.sink.events.isEmpty)
        completion(true)
        #expect(harness.deliveries == [Delivery(url: Self.linkL, requiresAuth: true)])
        harness.handle(Self.linkM)
        harness.sink.clear()
        #expect(harness.manager.clearPendingDeepLink())
        #expect(!harness.manager.clearPendingDeepLink())
        #expect(harness.sink.events.isEmpty)
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test("completePendingDeepLink() approves; cancelPendingDeepLink() cancels with reason app")
    func appCalls() throws {
        let harness = ManagerHarness()
        harness.handle(Self.linkL)
        #expect(harness.manager.completePendingDeepLink())
        #expect(!harness.manager.completePendingDeepLink())
        #expect(harness.deliveries.last == Delivery(url: Self.linkL, requiresAuth: false))
        harness.handle(Self.linkM)
        harness.sink.clear()
        #expect(harness.manager.cancelPendingDeepLink())
        #expect(!harness.manager.cancelPendingDeepLink())
        #expect(harness.sink.names == [PaylisherEvent.cancelled])
        #expect(harness.sink.events.first?.properties["cancel_reason"] == "app")
        #expect(harness.deliveries.last == Delivery(url: Self.linkM, requiresAuth: true))
    }

    @Test("the timer fires after pendingDeepLinkTimeout: Deep Link Timeout, completion stale")
    func timeout() async throws {
        let harness = ManagerHarness()
        harness.registerStashingAuthCallback()
        harness.handle(Self.linkL)
        harness.sink.clear()
        harness.clock.advance(by: .milliseconds(299_999))
        for _ in 0..<20 { await Task.yield() }
        #expect(harness.manager.hasPendingDeepLink)
        #expect(harness.sink.events.isEmpty)
        harness.clock.advance(by: .milliseconds(1))
        await harness.waitUntil { !harness.sink.events.isEmpty }
        #expect(harness.sink.names == [PaylisherEvent.timeout])
        #expect(!harness.manager.hasPendingDeepLink)
        let completion = try #require(harness.offers.first)
        completion(true)
        #expect(harness.deliveries == [Delivery(url: Self.linkL, requiresAuth: true)])
        #expect(harness.sink.names == [PaylisherEvent.timeout])
    }

    @Test("past the deadline the link is gone even before the timer task runs")
    func deadlineBeatsTimerTask() throws {
        let harness = ManagerHarness()
        harness.registerStashingAuthCallback()
        harness.handle(Self.linkL)
        harness.sink.clear()
        harness.clock.advance(by: .seconds(301))
        // No suspension point: the timer task cannot have run on the main actor yet.
        #expect(!harness.manager.hasPendingDeepLink)
        #expect(harness.manager.pendingDeepLink == nil)
        let completion = try #require(harness.offers.first)
        completion(true)
        #expect(harness.sink.names == [PaylisherEvent.timeout])
        #expect(harness.sink.events.first?.properties["waited_seconds"] == 301)
        #expect(harness.deliveries == [Delivery(url: Self.linkL, requiresAuth: true)])
    }

    @Test("a timeout of zero or less disables the timer", arguments: [Duration.zero, .seconds(-5)])
    func timerDisabled(_ timeout: Duration) async {
        let harness = ManagerHarness(config: PaylisherDeepLinkConfig(pendingDeepLinkTimeout: timeout))
        harness.handle(Self.linkL)
        #expect(harness.clock.sleeperCount == 0)
        harness.clock.advance(by: .seconds(86_400 * 30))
        for _ in 0..<20 { await Task.yield() }
        #expect(harness.manager.hasPendingDeepLink)
        #expect(harness.manager.completePendingDeepLink())
    }

    @Test("no auth callback: nothing is approved automatically; a late callback is offered the link once")
    func lateAuthCallback() throws {
        let harness = ManagerHarness()
        harness.handle(Self.linkL)
        #expect(harness.deliveries == [Delivery(url: Self.linkL, requiresAuth: true)])
        #expect(harness.manager.hasPendingDeepLink)
        harness.registerStashingAuthCallback()
        #expect(harness.offers.map(\.deepLink.url.absoluteString) == [Self.linkL])
        harness.registerStashingAuthCallback()
        #expect(harness.offers.count == 1)
        let completion = try #require(harness.offers.first)
        completion(true)
        #expect(harness.deliveries.last == Delivery(url: Self.linkL, requiresAuth: false))
    }

    @Test("(L, true) reaches the handler before (L, false) when the callback approves synchronously")
    func synchronousApproval() {
        let harness = ManagerHarness()
        harness.manager.onDeepLinkRequiresAuth { _, completion in completion(true) }
        harness.handle(Self.linkL)
        #expect(
            harness.deliveries == [
                Delivery(url: Self.linkL, requiresAuth: true), Delivery(url: Self.linkL, requiresAuth: false),
            ])
        #expect(harness.sink.names == [PaylisherEvent.opened, PaylisherEvent.completed])
        #expect(!harness.manager.hasPendingDeepLink)
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test("the handler may complete the link inside (L, true)")
    func completeInsideHandler() {
        let harness = ManagerHarness(registerHandler: false)
        var calls: [Bool] = []
        harness.manager.onDeepLink { [manager = harness.manager] _, requiresAuth in
            calls.append(requiresAuth)
            if requiresAuth { manager.completePendingDeepLink() }
        }
        harness.registerStashingAuthCallback()
        harness.handle(Self.linkL)
        #expect(calls == [true, false])
        #expect(harness.offers.isEmpty)
    }

    @Test("Pending(L) + non-gated M: (M, false), L still pending")
    func nonGatedWhilePending() {
        let harness = ManagerHarness()
        harness.handle(Self.linkL)
        harness.handle("yourapp://home")
        #expect(
            harness.deliveries == [
                Delivery(url: Self.linkL, requiresAuth: true),
                Delivery(url: "yourapp://home", requiresAuth: false),
            ])
        #expect(harness.manager.pendingDeepLink?.url.absoluteString == Self.linkL)
    }

    @Test("Empty: complete, cancel and clear return false and send nothing")
    func emptySlot() {
        let harness = ManagerHarness()
        #expect(!harness.manager.completePendingDeepLink())
        #expect(!harness.manager.cancelPendingDeepLink())
        #expect(!harness.manager.clearPendingDeepLink())
        #expect(harness.sink.events.isEmpty)
        #expect(harness.manager.pendingDeepLinkDestination == nil)
    }

    @Test("a completion called off the main actor acts shortly after, on the main actor")
    func completionFromAnyContext() async throws {
        let harness = ManagerHarness()
        harness.registerStashingAuthCallback()
        harness.handle(Self.linkL)
        let completion = try #require(harness.offers.first)
        await Task.detached { completion(true) }.value
        await harness.waitUntil { harness.deliveries.count == 2 }
        #expect(harness.deliveries.last == Delivery(url: Self.linkL, requiresAuth: false))
        await Task.detached { completion(true) }.value
        for _ in 0..<20 { await Task.yield() }
        #expect(harness.deliveries.count == 2)
    }

    @Test("a completion does not keep the manager alive")
    func completionDoesNotRetainManager() throws {
        var offeredCompletion: PaylisherAuthCompletion?
        weak var weakManager: PaylisherDeepLinkManager?
        do {
            let manager = PaylisherDeepLinkManager(
                config: PaylisherDeepLinkConfig(pendingDeepLinkTimeout: .zero), clock: TestClock())
            weakManager = manager
            manager.onDeepLink { _, _ in }
            manager.onDeepLinkRequiresAuth { _, offered in offeredCompletion = offered }
            manager.handle(URL(string: Self.linkL)!)
        }
        #expect(weakManager == nil)
        let completion = try #require(offeredCompletion)
        completion(true)
    }

    @Test("campaign data resolved in the background reaches the pending link")
    func pendingLinkGetsCampaign() async {
        let harness = ManagerHarness(transport: FakeTransport(status: 200, body: #"{"title":"T"}"#))
        harness.registerStashingAuthCallback()
        harness.handle("yourapp://wallet?auth=required&keyName=K")
        #expect(harness.deliveredLinks.first?.campaignData == nil)
        await harness.manager.waitForResolutions()
        #expect(harness.manager.pendingDeepLink?.campaignData?.title == "T")
        #expect(harness.offers.first?.deepLink.campaignData == nil)
        harness.offers.first?(true)
        #expect(harness.deliveredLinks.last?.campaignData?.title == "T")
    }
}
