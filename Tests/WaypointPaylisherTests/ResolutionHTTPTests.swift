import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointPaylisher

/// Campaign resolution over real HTTP with the default URLSession transport (spec §5).
@Suite("Campaign resolution over HTTP")
@MainActor
struct ResolutionHTTPTests {
    /// A campaign in the API's Extended JSON forms, with one field of the wrong type.
    nonisolated static let goodBody = """
        {"_id":{"$oid":"c1"},"title":"Sale","scheme":"diyetim://profile","jid":"PJ","__v":2,
         "createdAt":{"$date":"2025-11-20T10:00:00.000Z"},"teamId":7,"unknown":[1]}
        """

    /// A manager asking `server` for campaigns, on a test clock that only the test moves, so
    /// a busy machine cannot time a resolution out.
    static func makeManager(
        server: TestHTTPServer, sink: RecordingEventSink, resolveTimeout: Duration = .seconds(10),
        clock: any Clock<Duration> = TestClock()
    ) -> PaylisherDeepLinkManager {
        // URLSession's own timeout is the hang guard of every wait, not the resolution
        // timeout: the deadline is the manager's, on `clock`, and a loaded machine must not
        // reach a real-time backstop of ten seconds first.
        PaylisherDeepLinkManager(
            config: PaylisherDeepLinkConfig(apiBase: server.baseURL, resolveTimeout: resolveTimeout),
            eventSink: sink,
            transport: PaylisherURLSessionTransport(
                sessionTimeout: TimeInterval(TestSignal.hangGuard.components.seconds)),
            sessionID: { "s" }, clock: clock)
    }

    /// Waits until the server has received `count` requests: a wait for the requests
    /// (``TestSignal``), not for a time, since on a loaded two-core machine a request once
    /// took more than a minute to go out while CPU-bound suites held the threads the
    /// manager's task needed. An issue is recorded only when the hang guard passes first.
    static func waitForRequests(_ server: TestHTTPServer, count: Int = 1) async throws {
        if !(await server.waitForRequests(count)) {
            Issue.record("the server never received the request")
        }
    }

    @Test("one GET to <apiBase>/campaign/resolve/<key>, no body, no added headers")
    func requestShape() async throws {
        let server = try TestHTTPServer { _ in .json(200, Self.goodBody) }
        defer { server.stop() }
        let sink = RecordingEventSink()
        let manager = Self.makeManager(server: server, sink: sink)
        manager.onDeepLink { _, _ in }
        manager.handle(URL(string: "yourapp://promo?keyName=a%26b%2Fc%20d")!)
        await manager.waitForResolutions()
        let requests = server.requests
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.method == "GET")
        #expect(request.target == "/campaign/resolve/a%26b%2Fc%20d")
        #expect(request.body.isEmpty)
        // Only what the HTTP stack itself sends; nothing the adapter adds (no API key, no body).
        let allowed: Set<String> = [
            "host", "user-agent", "accept", "accept-encoding", "accept-language", "connection",
        ]
        #expect(Set(request.headers.keys).isSubset(of: allowed), "\(request.headers)")
    }

    @Test("success: delivered at once, then Opened with the campaign and onCampaignResolved")
    func success() async throws {
        let server = try TestHTTPServer { _ in .json(201, Self.goodBody) }
        defer { server.stop() }
        let sink = RecordingEventSink()
        let manager = Self.makeManager(server: server, sink: sink)
        var delivered: [PaylisherDeepLink] = []
        var resolved: [PaylisherDeepLink] = []
        manager.onDeepLink { link, _ in delivered.append(link) }
        manager.onCampaignResolved { link in resolved.append(link) }
        #expect(manager.handle(URL(string: "yourapp://promo?keyName=K")!) == .accepted)
        #expect(delivered.count == 1)
        #expect(delivered.first?.campaignData == nil)
        await manager.waitForResolutions()
        let link = try #require(resolved.first)
        #expect(resolved.count == 1)
        #expect(
            link.campaignData
                == PaylisherResolvedDeepLinkPayload(
                    id: "c1", title: "Sale", scheme: "diyetim://profile",
                    createdAt: "2025-11-20T10:00:00.000Z", jid: "PJ", version: 2))
        #expect(link.resolvedDestination == "profile")
        #expect(manager.lastDeepLink == link)
        #expect(sink.names == [PaylisherEvent.opened])
        #expect(sink.events.first?.properties["campaign_resolved"] == true)
        #expect(sink.events.first?.properties["title"] == "Sale")
    }

    enum Failure: String, CaseIterable, Sendable {
        case notFoundStatus, serverError, errorBodyWith200, arrayBody, malformedJSON, emptyNoContent
        case htmlBody, slowReply, droppedConnection, garbledResponse

        var reply: TestHTTPServer.Reply {
            switch self {
            case .notFoundStatus: .json(404, #"{"error":"Campaign not found","statusCode":404}"#)
            case .serverError: .json(500, ResolutionHTTPTests.goodBody)
            case .errorBodyWith200: .json(200, #"{"error":"Campaign not found","statusCode":404}"#)
            case .arrayBody: .json(200, "[" + ResolutionHTTPTests.goodBody + "]")
            case .malformedJSON: .json(200, #"{"title":"Sale""#)
            case .emptyNoContent: .respond(status: 204)
            case .htmlBody:
                .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data("<p>hi</p>".utf8))
            case .slowReply: .hang
            case .droppedConnection: .dropConnection
            case .garbledResponse: .raw(Data("HTTX/9 ???\r\n\r\n".utf8))
            }
        }
    }

    @Test("failures never block delivery and report campaign_resolved false", arguments: Failure.allCases)
    func failure(_ failure: Failure) async throws {
        let server = try TestHTTPServer { _ in failure.reply }
        defer { server.stop() }
        let sink = RecordingEventSink()
        let clock = TestClock()
        let manager = Self.makeManager(server: server, sink: sink, resolveTimeout: .seconds(30), clock: clock)
        var delivered: [PaylisherDeepLink] = []
        var resolved: [PaylisherDeepLink] = []
        manager.onDeepLink { link, _ in delivered.append(link) }
        manager.onCampaignResolved { link in resolved.append(link) }
        manager.handle(URL(string: "yourapp://promo?keyName=K")!)
        #expect(delivered.count == 1)
        if failure == .slowReply {
            // The server never replies; the manager's clock reaches the deadline as soon as
            // the request is out.
            try await Self.waitForRequests(server)
            clock.advance(by: .seconds(30))
        }
        await manager.waitForResolutions()
        #expect(resolved.isEmpty)
        #expect(manager.lastDeepLink?.campaignData == nil)
        #expect(sink.names == [PaylisherEvent.opened])
        #expect(sink.events.first?.properties["campaign_resolved"] == false)
        #expect(server.requests.count == 1)
    }

    /// The resolution timeout is the adapter's own, on the manager's clock: URLSession is
    /// given ten minutes of wall time and the server never replies, so when resolution ends
    /// once the manager's clock reaches the deadline, only the adapter's timer can have
    /// ended it. (The exact deadline is pinned in `DeliveryTests`.)
    @Test("a slow reply is cut off by the adapter's timer, not by URLSession's")
    func adapterTimeout() async throws {
        let server = try TestHTTPServer { _ in .hang }
        defer { server.stop() }
        let sink = RecordingEventSink()
        let clock = TestClock()
        let manager = Self.makeManager(
            server: server, sink: sink, resolveTimeout: .seconds(3600), clock: clock)
        manager.onDeepLink { _, _ in }
        manager.handle(URL(string: "yourapp://promo?keyName=K")!)
        try await Self.waitForRequests(server)
        clock.advance(by: .seconds(3600))
        await manager.waitForResolutions()
        #expect(sink.names == [PaylisherEvent.opened])
        #expect(sink.events.first?.properties["campaign_resolved"] == false)
    }

    @Test("the URLSession transport returns any status and throws on a dropped connection")
    func transport() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/drop" ? .dropConnection : .json(418, #"{"x":1}"#)
        }
        defer { server.stop() }
        let transport = PaylisherURLSessionTransport()
        let (status, body) = try await transport.get(
            server.baseURL.appendingPathComponent("teapot"), timeout: .seconds(5))
        #expect(status == 418)
        #expect(String(decoding: body, as: UTF8.self) == #"{"x":1}"#)
        await #expect(throws: (any Error).self) {
            _ = try await transport.get(server.baseURL.appendingPathComponent("drop"), timeout: .seconds(5))
        }
    }

    @Test("URLSession gets the timeout rounded up to whole seconds")
    func wholeSeconds() {
        #expect(PaylisherURLSessionTransport.wholeSeconds(.milliseconds(500)) == 1)
        #expect(PaylisherURLSessionTransport.wholeSeconds(.milliseconds(1500)) == 2)
        #expect(PaylisherURLSessionTransport.wholeSeconds(.seconds(10)) == 10)
        #expect(PaylisherURLSessionTransport.wholeSeconds(.zero) == 1)
    }
}
