import Foundation
import TestHTTPServer
import Testing

@testable import WaypointDetour

/// Mounting, bodies and drops of analytics (Documentation/spec/detour.md §8), through the controller behind
/// `DetourAnalytics`.
@Suite("Detour analytics lifecycle and bodies")
struct AnalyticsControllerTests {
    static func isLowercaseUUIDv4(_ text: String) -> Bool {
        text.range(
            of: "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
            options: .regularExpression)
            != nil
    }

    @Test("event and retention bodies have the exact shape, built at log time")
    func bodies() async throws {
        let harness = try QueueHarness()
        let analytics = DetourAnalyticsController(environment: harness.environment)
        analytics.mount(config: harness.config())
        analytics.logEvent(DetourEventName.purchase.rawValue, data: ["value": 9.99, "currency": "PLN"])
        analytics.logEvent("Custom Event/ü", data: nil)
        analytics.logRetention("day_1")
        #expect(await analytics.flush().delivered == 4)
        let requests = harness.analyticsRequests
        #expect(
            requests.map(\.path) == [
                "/api/analytics/retention", "/api/analytics/event", "/api/analytics/event",
                "/api/analytics/retention",
            ])
        let bodies = requests.compactMap(\.jsonBody)
        #expect(
            bodies.map { $0["event_name"] as? String } == ["app_open", "purchase", "Custom Event/ü", "day_1"])
        let purchase = bodies[1]
        #expect(Set(purchase.keys) == ["event_name", "data", "timestamp", "platform", "device_id"])
        let data = try #require(purchase["data"] as? [String: Any])
        #expect(data["value"] as? Double == 9.99)
        #expect(data["currency"] as? String == "PLN")
        #expect(purchase["timestamp"] as? String == "2026-01-02T03:04:05.678Z")
        #expect(purchase["platform"] as? String == "ios")
        let deviceID = try #require(purchase["device_id"] as? String)
        #expect(Self.isLowercaseUUIDv4(deviceID))
        #expect(Set(bodies[2].keys) == ["event_name", "timestamp", "platform", "device_id"])
        for retention in [bodies[0], bodies[3]] {
            #expect(Set(retention.keys) == ["event_name", "timestamp", "platform", "device_id"])
        }
        #expect(bodies.allSatisfy { $0["device_id"] as? String == deviceID })
        #expect(harness.environment.store.string(forKey: "Detour_deviceId") == deviceID)
        await analytics.close()
        await harness.finish()
    }

    @Test("data that is not a valid JSON object is left out with a warning")
    func invalidData() async throws {
        let harness = try QueueHarness()
        let analytics = DetourAnalyticsController(environment: harness.environment)
        analytics.mount(config: harness.config())
        analytics.logEvent("nan", data: ["value": Double.nan])
        analytics.logEvent("infinity", data: ["nested": ["value": -Double.infinity]])
        analytics.logEvent("date", data: ["when": Date()])
        analytics.logEvent("fine", data: ["list": [1, "two", true, NSNull()]])
        #expect(await analytics.flush().delivered == 5)
        let events = harness.analyticsRequests.compactMap(\.jsonBody).filter {
            $0["event_name"] as? String != "app_open"
        }
        #expect(events.map { $0["data"] == nil } == [true, true, true, false])
        #expect(
            harness.logs.messages(.warning).filter { $0.contains(": data ") } == [
                "analytics event nan: data holds a number that is not finite and was left out",
                "analytics event infinity: data holds a number that is not finite and was left out",
                "analytics event date: data is not a valid JSON object and was left out",
            ])
        await analytics.close()
        await harness.finish()
    }

    @Test("the device id is kept across processes; a stored non-UUID is replaced")
    func deviceID() async throws {
        let harness = try QueueHarness()
        let first = DetourAnalyticsController(environment: harness.environment)
        first.mount(config: harness.config())
        await first.close()
        let second = DetourAnalyticsController(environment: harness.environment)
        second.mount(config: harness.config())
        _ = await second.flush()
        let ids = harness.analyticsRequests.compactMap { $0.jsonBody?["device_id"] as? String }
        #expect(ids.count == 2 && ids[0] == ids[1])
        await second.close()
        harness.environment.store.set("not-a-uuid", forKey: "Detour_deviceId")
        let third = DetourAnalyticsController(environment: harness.environment)
        third.mount(config: harness.config())
        _ = await third.flush()
        let replaced = try #require(harness.analyticsRequests.last?.jsonBody?["device_id"] as? String)
        #expect(Self.isLowercaseUUIDv4(replaced) && replaced != ids[0])
        #expect(harness.environment.store.string(forKey: "Detour_deviceId") == replaced)
        await third.close()
        await harness.finish()
    }

    @Test("events while not mounted are dropped, warned and counted, and persisted at the next mount")
    func unmountedDrops() async throws {
        let harness = try QueueHarness()
        let analytics = DetourAnalyticsController(environment: harness.environment)
        analytics.logEvent("early", data: nil)
        analytics.logRetention("early_retention")
        #expect(
            harness.logs.messages(.warning).filter { $0.contains("Analytics not initialized") }.count == 2)
        #expect(analytics.deliveryStats().droppedUnmounted == 2)
        analytics.mount(config: harness.config())
        #expect(analytics.deliveryStats().droppedUnmounted == 2)
        #expect(try harness.stateOnDisk().counters.droppedUnmounted == 2)
        analytics.unmount()
        analytics.logEvent("late", data: nil)
        #expect(analytics.deliveryStats().droppedUnmounted == 3)
        analytics.mount(config: harness.config())
        _ = await analytics.flush()
        #expect(harness.eventNames == ["app_open"])
        #expect(analytics.deliveryStats().droppedUnmounted == 3)
        await analytics.close()
        await harness.finish()
    }

    @Test("a mount while mounted does nothing; unmount keeps queued records for the next mount")
    func mountGuard() async throws {
        let harness = try QueueHarness()
        let analytics = DetourAnalyticsController(environment: harness.environment)
        analytics.mount(config: harness.config())
        analytics.mount(config: harness.config(appID: "second"))
        analytics.logEvent("first", data: nil)
        #expect(await analytics.flush().delivered == 2)
        #expect(harness.analyticsRequests.map { $0.headers["x-app-id"] ?? "" } == ["app-1", "app-1"])
        harness.server.setHandler { _ in .respond(status: 503) }
        analytics.logEvent("queued", data: nil)
        #expect(await analytics.flush().retries >= 1)
        analytics.unmount()
        #expect(!analytics.isMounted)
        analytics.logEvent("dropped", data: nil)
        await analytics.close()
        #expect(harness.directory.recordFiles().count == 1)
        harness.server.setHandler { _ in .json(200, "{}") }
        harness.server.clearRequests()
        analytics.mount(config: harness.config())
        #expect(await analytics.flush().pending == 0)
        #expect(harness.eventNames == ["queued"])
        #expect(analytics.deliveryStats().droppedUnmounted == 1)
        await analytics.close()
        await harness.finish()
    }

    @Test("discardPendingEvents deletes queued records and counts them")
    func discardPendingEvents() async throws {
        let harness = try QueueHarness { _ in .respond(status: 503) }
        let analytics = DetourAnalyticsController(environment: harness.environment)
        analytics.mount(config: harness.config())
        for index in 0..<3 {
            analytics.logEvent("e\(index)", data: nil)
        }
        await analytics.close()
        #expect(harness.directory.recordFiles().count == 4)
        #expect(analytics.discardPendingEvents() == 4)
        let stats = analytics.deliveryStats()
        #expect(stats.discarded == 4)
        #expect(stats.pending == 0)
        #expect(harness.directory.recordFiles().isEmpty)
        #expect(analytics.discardPendingEvents() == 0)
        await analytics.close()
        await harness.finish()
    }
}
