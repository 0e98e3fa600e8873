import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointPaylisher

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Campaign resolution has a cap on the answer's size and a deadline over the whole exchange
///: an endless, huge or dripping body fails resolution, the link is still
/// delivered, and memory stays near the cap.
@Suite("Paylisher response limits and deadlines", .serialized)
@MainActor
struct ResponseLimitTests {
    /// 64 KiB of JSON-looking text, sent again and again.
    nonisolated static let chunk = Data(String(repeating: #"{"title":"Sale"},"#, count: 4096).utf8)

    /// Handles one keyed link against `reply` with the default URLSession transport and
    /// waits for its resolution; `clock` drives the deadline.
    static func resolve(
        reply: TestHTTPServer.Reply, clock: TestClock = TestClock(),
        maxResponseBytes: Int = PaylisherDeepLinkConfig.defaultMaxResponseBytes,
        // A session of its own: a stream cut off at the cap must not hold up the default
        // session the other suites share.
        transport: any PaylisherHTTPTransport = PaylisherURLSessionTransport(
            session: URLSession(configuration: .ephemeral)),
        whileWaiting: (TestHTTPServer) async throws -> Void = { _ in }
    ) async throws -> (
        delivered: [PaylisherDeepLink], resolved: [PaylisherDeepLink], sink: RecordingEventSink
    ) {
        let server = try TestHTTPServer { _ in reply }
        defer { server.stop() }
        let sink = RecordingEventSink()
        let manager = PaylisherDeepLinkManager(
            config: PaylisherDeepLinkConfig(
                apiBase: server.baseURL, resolveTimeout: .seconds(60), maxResponseBytes: maxResponseBytes),
            eventSink: sink, transport: transport, sessionID: { "s" }, clock: clock)
        var delivered: [PaylisherDeepLink] = []
        var resolved: [PaylisherDeepLink] = []
        manager.onDeepLink { link, _ in delivered.append(link) }
        manager.onCampaignResolved { link in resolved.append(link) }
        manager.handle(URL(string: "yourapp://promo?keyName=K")!)
        try await whileWaiting(server)
        await manager.waitForResolutions()
        return (delivered, resolved, sink)
    }

    /// Checks the fallback: delivered at once without campaign data, never resolved.
    static func expectFallback(
        _ outcome: (delivered: [PaylisherDeepLink], resolved: [PaylisherDeepLink], sink: RecordingEventSink),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(outcome.delivered.map(\.campaignData) == [nil], sourceLocation: sourceLocation)
        #expect(outcome.resolved.isEmpty, sourceLocation: sourceLocation)
        #expect(outcome.sink.names == [PaylisherEvent.opened], sourceLocation: sourceLocation)
        #expect(
            outcome.sink.events.first?.properties["campaign_resolved"] == false,
            sourceLocation: sourceLocation)
    }

    @Test("an endless body stops at the cap: delivered without campaign, memory near the cap")
    func endlessBody() async throws {
        let label = "endless body, Paylisher resolution"
        let (outcome, growth) = try await ResidentMemory.measuringGrowth(label) {
            try await Self.resolve(reply: .endless(Self.chunk))
        }
        Self.expectFallback(outcome)
        #expect(growth.isWithinResponseLimitBound, "\(growth)")
    }

    @Test("a huge body, declared or not, fails resolution", arguments: [nil, 32 << 20])
    func hugeBody(declaredLength: Int?) async throws {
        let huge = TestHTTPServer.Reply.huge(Self.chunk, bytes: 32 << 20, declaredLength: declaredLength)
        Self.expectFallback(try await Self.resolve(reply: huge))
    }

    @Test("the deadline covers the body: a reply that drips forever fails at resolveTimeout")
    func drip() async throws {
        let clock = TestClock()
        let outcome = try await Self.resolve(reply: .drip, clock: clock) { server in
            try await ResolutionHTTPTests.waitForRequests(server)
            clock.advance(by: .seconds(60))
        }
        Self.expectFallback(outcome)
    }

    @Test("the cap is the configuration's: a smaller one refuses a normal campaign")
    func configurableCap() async throws {
        let good = TestHTTPServer.Reply.json(200, ResolutionHTTPTests.goodBody)
        Self.expectFallback(try await Self.resolve(reply: good, maxResponseBytes: 16))
        let roomy = try await Self.resolve(reply: good, maxResponseBytes: 4096)
        #expect(roomy.resolved.first?.campaignData?.title == "Sale")
    }

    @Test("a transport without the limited get is held to the cap by the manager")
    func customTransport() async throws {
        let oversized = FakeTransport { _ in (200, Data(#"{"title":"Sale"}"#.utf8) + Data(count: 64)) }
        Self.expectFallback(
            try await Self.resolve(reply: .respond(status: 404), maxResponseBytes: 32, transport: oversized))
    }
}
