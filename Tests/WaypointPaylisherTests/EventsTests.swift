import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointPaylisher

/// Event names and exact property maps (spec §7.1, §7.2).
@Suite("Events")
@MainActor
struct EventsTests {
    @Test("Deep Link Opened without a key or campaign")
    func openedPlain() {
        let harness = ManagerHarness()
        harness.handle("yourapp://home")
        #expect(
            harness.sink.events == [
                PaylisherEvent(
                    name: "Deep Link Opened",
                    properties: [
                        "destination": "home", "scheme": "yourapp", "full_url": "yourapp://home",
                        "auth_required": false, "campaign_source": "direct", "has_campaign_key": false,
                        "campaign_resolved": false,
                    ])
            ])
    }

    @Test("Deep Link Opened with every link field, a resolved campaign and attribution")
    func openedFull() async {
        let body = """
            {"_id":{"$oid":"c1"},"title":"Sale","scheme":"diyetim://profile","jid":"PJ","__v":1,
             "metaData":{"discount":"50%","rank":3},"destination":"campaign-destination"}
            """
        let harness = ManagerHarness(
            config: PaylisherDeepLinkConfig(additionalEventProperties: [
                "app": "demo", "campaign_resolved": "forced",
            ]),
            transport: FakeTransport(status: 200, body: body))
        harness.handle(
            "yourapp://products/42?keyName=K&jid=J&campaign=C&utm_source=instagram&utm_medium=paid&ref=R&auth=required",
            platformHint: "com.example.launcher")
        await harness.manager.waitForResolutions()
        let expected: [String: JSONValue] = [
            // attribution: the campaign key of this link; the journey id is the campaign's
            // (its jid replaced the link's on resolution), but the link's own jid wins below
            "campaign_key": "K", "deeplink_key": "K", "campaign_source": "instagram", "jid": "J",
            "journey_source": "campaign_resolution", "journey_age_hours": 0,
            // the campaign
            "_id": "c1", "title": "Sale", "campaign_scheme": "diyetim://profile", "campaign_jid": "PJ",
            "__v": 1,
            "metaData": ["discount": "50%", "rank": 3], "meta_discount": "50%", "meta_rank": 3,
            // the link's own
            "destination": "products",
            "scheme": "yourapp",
            "full_url":
                "yourapp://products/42?keyName=K&jid=J&campaign=C&utm_source=instagram&utm_medium=paid&ref=R&auth=required",
            "auth_required": true, "has_campaign_key": true, "campaign_resolved": "forced", "app": "demo",
            "campaign_id": "C", "source": "instagram", "utm_medium": "paid", "referrer": "R",
            "platform_hint": "com.example.launcher",
            "parameters": [
                "keyName": "K", "jid": "J", "campaign": "C", "utm_source": "instagram", "utm_medium": "paid",
                "ref": "R", "auth": "required",
            ],
        ]
        let opened = harness.sink.events.first { $0.name == PaylisherEvent.opened }
        #expect(opened?.properties == expected)
    }

    @Test("jid: the link's when non-empty, else the campaign's")
    func openedJID() async {
        for (query, expected) in [("jid=", "PJ"), ("jid=J", "J"), ("x=1", "PJ")] as [(String, JSONValue)] {
            let harness = ManagerHarness(transport: FakeTransport(status: 200, body: #"{"jid":"PJ"}"#))
            harness.handle("yourapp://promo?keyName=K&" + query)
            await harness.manager.waitForResolutions()
            #expect(harness.sink.events.first?.properties["jid"] == expected, "\(query)")
            #expect(harness.sink.events.first?.properties["campaign_jid"] == "PJ")
        }
    }

    @Test("platform_hint only when non-empty; parameters only when non-empty")
    func openedOptionalProperties() {
        let harness = ManagerHarness()
        harness.handle("yourapp://home", platformHint: "")
        #expect(harness.sink.events.first?.properties["platform_hint"] == nil)
        #expect(harness.sink.events.first?.properties["parameters"] == nil)
        harness.handle("yourapp://home?source=", platformHint: nil)
        #expect(harness.sink.events.last?.properties["source"] == "")
        #expect(harness.sink.events.last?.properties["parameters"] == ["source": ""])
    }

    struct FailedCase: CustomTestStringConvertible, Sendable {
        var input: String
        var properties: [String: JSONValue]
        var testDescription: String { input }
    }

    nonisolated static let failedCases: [FailedCase] = [
        .init(
            input: "products/42",
            properties: [
                "url": "products/42", "scheme": "unknown", "failure_reason": "parse_error",
                "attempted_destination": "42",
            ]),
        .init(
            input: "yourapp:products",
            properties: [
                "url": "yourapp:products", "scheme": "yourapp", "failure_reason": "parse_error",
                "attempted_destination": "products",
            ]),
        .init(
            input: "https://link.paylisher.com/",
            properties: [
                "url": "https://link.paylisher.com/", "scheme": "https", "failure_reason": "parse_error",
                "attempted_destination": "link.paylisher.com",
            ]),
        .init(
            input: "yourapp:///a/%C3%BC/",
            properties: [
                "url": "yourapp:///a/%C3%BC/", "scheme": "yourapp", "failure_reason": "parse_error",
                "attempted_destination": "ü",
            ]),
        .init(
            input: "yourapp://",
            properties: ["url": "yourapp://", "scheme": "yourapp", "failure_reason": "parse_error"]),
        .init(
            input: "//host/path",
            properties: [
                "url": "//host/path", "scheme": "unknown", "failure_reason": "parse_error",
                "attempted_destination": "host",
            ]),
    ]

    @Test("Deep Link Failed", arguments: failedCases)
    func failed(_ testCase: FailedCase) {
        let harness = ManagerHarness()
        harness.handle(testCase.input)
        #expect(
            harness.sink.events == [PaylisherEvent(name: "Deep Link Failed", properties: testCase.properties)]
        )
    }

    @Test("Deep Link Completed, Cancelled and Timeout")
    func gateEvents() async {
        let harness = ManagerHarness()
        harness.handle("yourapp://wallet?auth=required&campaign=C1")
        harness.clock.advance(by: .milliseconds(2500))
        harness.manager.completePendingDeepLink()
        harness.handle("yourapp://wallet?auth=required&n=2")
        harness.clock.advance(by: .seconds(4))
        harness.handle("yourapp://profile?auth=required&campaign_id=C3")
        harness.clock.advance(by: .seconds(1))
        harness.manager.cancelPendingDeepLink()
        harness.handle("yourapp://wallet?auth=required&utm_campaign=C4")
        harness.clock.advance(by: .seconds(300))
        await harness.waitUntil { harness.sink.names.last == PaylisherEvent.timeout }
        let events = harness.sink.events.filter { $0.name != PaylisherEvent.opened }
        #expect(
            events == [
                PaylisherEvent(
                    name: "Deep Link Completed",
                    properties: [
                        "destination": "wallet", "scheme": "yourapp", "was_pending": true,
                        "time_to_complete": 2.5,
                        "campaign_id": "C1",
                    ]),
                PaylisherEvent(
                    name: "Deep Link Cancelled",
                    properties: [
                        "destination": "wallet", "scheme": "yourapp",
                        "full_url": "yourapp://wallet?auth=required&n=2",
                        "time_before_cancel": 4, "cancel_reason": "replaced",
                    ]),
                PaylisherEvent(
                    name: "Deep Link Cancelled",
                    properties: [
                        "destination": "profile", "scheme": "yourapp",
                        "full_url": "yourapp://profile?auth=required&campaign_id=C3", "time_before_cancel": 1,
                        "cancel_reason": "app", "campaign_id": "C3",
                    ]),
                PaylisherEvent(
                    name: "Deep Link Timeout",
                    properties: [
                        "destination": "wallet", "scheme": "yourapp",
                        "full_url": "yourapp://wallet?auth=required&utm_campaign=C4", "timeout_seconds": 300,
                        "waited_seconds": 300, "campaign_id": "C4",
                    ]),
            ])
    }

    @Test("captureDeepLinkEvents off sends nothing")
    func eventsOff() async {
        let harness = ManagerHarness(
            config: PaylisherDeepLinkConfig(captureDeepLinkEvents: false),
            transport: FakeTransport(status: 200, body: #"{"title":"T"}"#))
        harness.handle("yourapp://promo?keyName=K")
        harness.handle("nope")
        harness.handle("yourapp://wallet?auth=required")
        harness.manager.cancelPendingDeepLink()
        await harness.manager.waitForResolutions()
        #expect(harness.sink.events.isEmpty)
        #expect(harness.resolvedLinks.count == 1)
    }

    @Test("merge order: attribution, then the event's own, then additionalEventProperties")
    func mergeOrder() async {
        let harness = ManagerHarness(
            config: PaylisherDeepLinkConfig(additionalEventProperties: ["destination": "extra", "x": 1]))
        harness.handle("yourapp://first?keyName=K&source=qr")
        harness.handle("yourapp://second?keyName=K2")
        await harness.manager.waitForResolutions()
        // The two resolutions run concurrently, so their events may arrive in either order.
        let second = harness.sink.events.first { $0.properties["full_url"] == "yourapp://second?keyName=K2" }?
            .properties
        #expect(second != nil)
        #expect(second?["destination"] == "extra")
        #expect(second?["x"] == 1)
        #expect(second?["campaign_key"] == "K2")
        #expect(second?["campaign_source"] == "direct")
        harness.handle("yourapp://wallet?auth=required&keyName=K3&source=qr")
        harness.manager.cancelPendingDeepLink()
        let cancelled = harness.sink.events.last?.properties
        #expect(cancelled?["campaign_key"] == "K3")
        #expect(cancelled?["deeplink_key"] == "K3")
        #expect(cancelled?["campaign_source"] == "qr")
        #expect(cancelled?["destination"] == "extra")
    }
}
