import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointPaylisher

/// Campaign and journey attribution (spec §7.2).
@Suite("Attribution")
@MainActor
struct AttributionTests {
    /// A session id the test can change.
    final class Session: Sendable {
        let current = Locked("session-1")
        var provider: @Sendable () -> String { { self.current.withLock { $0 } } }
    }

    /// `journey_age_hours`; dates are `Double`s, so an age is exact only to rounding.
    static func ageHours(_ manager: PaylisherDeepLinkManager) -> Double {
        manager.attributionProperties()["journey_age_hours"]?.numberValue ?? -1
    }

    @Test("a link with a key records the campaign; a link without one clears it")
    func campaign() {
        let harness = ManagerHarness()
        #expect(harness.manager.attributionProperties().isEmpty)
        harness.handle("yourapp://promo?keyName=K&source=tiktok")
        #expect(
            harness.manager.attributionProperties() == [
                "campaign_key": "K", "deeplink_key": "K", "campaign_source": "tiktok",
            ])
        harness.handle("yourapp://home")
        #expect(harness.manager.attributionProperties().isEmpty)
    }

    @Test("autoRegisterCampaignKeys off records no campaign")
    func campaignOff() {
        let harness = ManagerHarness(config: PaylisherDeepLinkConfig(autoRegisterCampaignKeys: false))
        harness.handle("yourapp://promo?keyName=K&jid=J")
        #expect(
            harness.manager.attributionProperties() == [
                "jid": "J", "journey_source": "deeplink", "journey_age_hours": 0,
            ])
    }

    @Test("attribution contributes only within the session it was recorded in")
    func session() {
        let session = Session()
        let harness = ManagerHarness(sessionID: session.provider)
        harness.handle("yourapp://promo?keyName=K&jid=J")
        #expect(harness.manager.attributionProperties().count == 6)
        session.current.withLock { $0 = "session-2" }
        #expect(harness.manager.attributionProperties().isEmpty)
        harness.handle("yourapp://home?x=1")
        session.current.withLock { $0 = "session-1" }
        #expect(
            harness.manager.attributionProperties() == [
                "jid": "J", "journey_source": "deeplink", "journey_age_hours": 0,
            ])
    }

    @Test("the journey ages on the manager's clock and expires after seven days")
    func journeyAge() {
        let harness = ManagerHarness()
        harness.handle("yourapp://home?jid=J")
        harness.clock.advance(by: .seconds(2 * 3600))
        #expect(abs(Self.ageHours(harness.manager) - 2) < 1e-9)
        harness.clock.advance(by: .seconds(7 * 24 * 3600 - 2 * 3600 - 1))
        #expect(harness.manager.attributionProperties()["jid"] == "J")
        harness.clock.advance(by: .seconds(1))
        #expect(harness.manager.attributionProperties().isEmpty)
        #expect(harness.journeyStore.loadJourney() == nil)
    }

    @Test("an empty jid is ignored; a new jid replaces the journey; resetJourney forgets it")
    func journeyUpdates() {
        let harness = ManagerHarness()
        harness.handle("yourapp://home?jid=J1")
        harness.clock.advance(by: .seconds(3600))
        harness.handle("yourapp://home?jid=")
        #expect(harness.manager.attributionProperties()["jid"] == "J1")
        #expect(abs(Self.ageHours(harness.manager) - 1) < 1e-9)
        harness.handle("yourapp://home?jid=J2")
        #expect(harness.manager.attributionProperties()["jid"] == "J2")
        #expect(harness.manager.attributionProperties()["journey_age_hours"] == 0)
        harness.manager.resetJourney()
        #expect(harness.manager.attributionProperties().isEmpty)
    }

    @Test("a resolved campaign's jid becomes the journey id")
    func journeyFromCampaign() async {
        let harness = ManagerHarness(transport: FakeTransport(status: 200, body: #"{"jid":"PJ"}"#))
        harness.handle("yourapp://promo?keyName=K")
        await harness.manager.waitForResolutions()
        #expect(harness.manager.attributionProperties()["jid"] == "PJ")
        #expect(harness.manager.attributionProperties()["journey_source"] == "campaign_resolution")
        let empty = ManagerHarness(transport: FakeTransport(status: 200, body: #"{"jid":"","title":"t"}"#))
        empty.handle("yourapp://promo?keyName=K&jid=J")
        await empty.manager.waitForResolutions()
        #expect(empty.manager.attributionProperties()["jid"] == "J")
    }

    @Test("the journey lives in the injected store")
    func journeyStore() {
        let store = PaylisherInMemoryJourneyStore()
        let recordedAt = Date().addingTimeInterval(-1800)
        store.saveJourney(
            PaylisherJourney(jid: "OLD", source: .deeplink, recordedAt: recordedAt, sessionID: "s"))
        let manager = PaylisherDeepLinkManager(journeyStore: store, sessionID: { "s" }, clock: TestClock())
        let properties = manager.attributionProperties()
        #expect(properties["jid"] == "OLD")
        let hours = properties["journey_age_hours"]?.numberValue ?? -1
        #expect(hours > 0.49 && hours < 0.6)
        manager.onDeepLink { _, _ in }
        manager.handle(URL(string: "yourapp://home?jid=NEW")!)
        #expect(store.loadJourney()?.jid == "NEW")
        #expect(store.loadJourney()?.source == .deeplink)
        #expect(store.loadJourney()?.sessionID == "s")
    }
}
