import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointDetour

/// Every exchange has a cap on the answer's size and a deadline over the whole exchange
///: a server whose body never ends, drips or is huge gives each
/// endpoint's documented fallback, with memory near the cap.
@Suite("Detour response limits and deadlines", .serialized)
struct ResponseLimitTests {
    /// The three kinds of exchange, each with its fallback.
    enum Exchange: String, CaseIterable, Sendable {
        case shortLink, matchLink, analytics
    }

    /// 64 KiB of JSON-looking text, sent again and again.
    static let chunk = Data(String(repeating: #"{"link":"/h/x"},"#, count: 4096).utf8)

    /// Runs `body` with a server answering `handler`, a fresh data directory, captured logs
    /// and an environment on them whose every deadline is `timeout` seconds; stops the server
    /// and removes the directory afterwards.
    static func withServer<Value>(
        timeout: TimeInterval, handler: @escaping TestHTTPServer.Handler,
        _ body: (TestHTTPServer, DetourEnvironment, LogCapture) async throws -> Value
    ) async throws -> Value {
        let server = try TestHTTPServer(handler: handler)
        defer { server.stop() }
        let directory = try TestDirectory()
        defer { directory.remove() }
        let logs = LogCapture()
        let environment = TestEnvironment.make(
            directory: directory, logs: logs,
            timeouts: DetourTimeouts(shortLink: timeout, matchLink: timeout, analytics: timeout))
        return try await body(server, environment, logs)
    }

    /// Runs one exchange against `reply` and checks its fallback; returns the logs.
    static func run(
        _ exchange: Exchange, reply: TestHTTPServer.Reply, clock: TestClock? = nil
    ) async throws
        -> LogCapture
    {
        let handler: TestHTTPServer.Handler = { request in
            request.path == "/api/analytics/retention" ? .json(200, "{}") : reply
        }
        return try await withServer(timeout: 60, handler: handler) { server, environment, logs in
            try await perform(exchange, server: server, environment: environment, clock: clock)
            return logs
        }
    }

    /// Runs one exchange against `server` and checks its fallback; `clock`, when given,
    /// drives the deadline.
    private static func perform(
        _ exchange: Exchange, server: TestHTTPServer, environment: DetourEnvironment, clock: TestClock?
    ) async throws {
        var environment = environment
        // A session of its own: a stream cut off at the cap must not hold up the session the
        // other suites share. Its URLSession timeout is the hang guard: the deadline under
        // test is the adapter's, never a real-time backstop a loaded machine can reach first.
        environment.transport = DetourURLSessionTransport(
            sessionTimeout: TimeInterval(TestSignal.hangGuard.components.seconds))
        if let clock {
            environment.sleep = { seconds in try await clock.sleep(for: .seconds(seconds)) }
        }
        let config = TestEnvironment.config(server)
        let finished = Locked(false)
        let work = Task { [environment] in
            defer {
                finished.withLock { $0 = true }
                TestSignal.changed()
            }
            switch exchange {
            case .shortLink:
                let analytics = DetourAnalyticsController(environment: environment)
                let detour = Detour(environment: environment, analytics: analytics)
                let link = await detour.processLink("https://acme.godetour.link/AbC?x=1", config: config).link
                #expect(link?.route == "/?x=1")
                #expect(link?.url == "https://acme.godetour.link/AbC?x=1")
                await analytics.close()
            case .matchLink:
                let analytics = DetourAnalyticsController(environment: environment)
                let detour = Detour(environment: environment, analytics: analytics)
                #expect(await detour.resolveInitialLink(config: config) == .empty())
                await analytics.close()
            case .analytics:
                let queue = DetourAnalyticsQueue(environment: environment)
                queue.start(config: config, environment: environment)
                queue.enqueue(kind: .event, appID: config.appID, body: QueueHarness.body(1))
                let stats = await queue.flush()
                // At least one attempt timed out. The sender posts the record as soon as it is
                // queued, and the test's clock times out every attempt until this task ends, so
                // on a loaded machine attempts can time out and be retried (the tests' backoff
                // is tiny) before `flush()` starts; a 300 ms pause here made ten. Whatever the
                // count, the record is still pending and nothing was delivered.
                #expect(stats.retries >= 1 && stats.pending == 1 && stats.delivered == 0, "\(stats)")
                await queue.close()
            }
        }
        if let clock {
            // Once the request is out (and its body has started), move the deadline's clock
            // past it whenever a deadline sleeps on it, until the exchange has ended: the
            // timer may start late. Each wait is for an event, none for a time.
            await waitUntil { server.requests.contains { $0.path != "/api/analytics/retention" } }
            await clock.advanceDeadlines(by: .seconds(60)) { finished.withLock { $0 } }
        }
        await work.value
    }

    @Test(
        "an endless body stops at the cap: the fallback, the reason logged, memory near the cap",
        arguments: Exchange.allCases)
    func endlessBody(_ exchange: Exchange) async throws {
        let (logs, growth) = try await ResidentMemory.measuringGrowth("endless body, \(exchange.rawValue)") {
            try await Self.run(exchange, reply: .endless(Self.chunk))
        }
        #expect(
            logs.all.contains { $0.message.contains("over the 1048576-byte response limit") }, "\(logs.all)")
        #expect(growth.isWithinResponseLimitBound, "\(growth)")
    }

    @Test("a huge body, declared or not, is refused at the cap", arguments: [nil, 32 << 20])
    func hugeBody(declaredLength: Int?) async throws {
        // 32 MiB in 64 KiB pieces.
        let huge = TestHTTPServer.Reply.huge(Self.chunk, bytes: 32 << 20, declaredLength: declaredLength)
        let logs = try await Self.run(.shortLink, reply: huge)
        #expect(logs.contains(.debug, "not resolved: the answer is over the 1048576-byte response limit"))
    }

    @Test("the deadline covers the body: a reply that drips forever times out", arguments: Exchange.allCases)
    func drip(_ exchange: Exchange) async throws {
        let logs = try await Self.run(exchange, reply: .drip, clock: TestClock())
        #expect(logs.all.contains { $0.message.contains("timed out after 60.0 s") }, "\(logs.all)")
    }

    @Test("the cap is the environment's: a smaller one refuses a normal answer")
    func configurableCap() async throws {
        let promo = TestHTTPServer.Reply.json(200, #"{"link":"https://acme.godetour.link/AbC/promo"}"#)
        try await Self.withServer(timeout: 600, handler: { _ in promo }) { server, environment, logs in
            var environment = environment
            environment.maxResponseBytes = 16
            let resolver = DetourShortLinkResolver(
                environment: environment, config: TestEnvironment.config(server))
            #expect(await resolver.resolve("https://acme.godetour.link/s1") == nil)
            #expect(logs.contains(.debug, "over the 16-byte response limit"))
            environment.maxResponseBytes = 1024
            let roomy = DetourShortLinkResolver(
                environment: environment, config: TestEnvironment.config(server))
            #expect(
                await roomy.resolve("https://acme.godetour.link/s1") == "https://acme.godetour.link/AbC/promo"
            )
        }
    }

    /// A transport that ignores the limit still gets its answer refused by the client.
    struct OversizedTransport: DetourHTTPTransport {
        func send(_ request: DetourHTTPRequest) async throws -> DetourHTTPResponse {
            DetourHTTPResponse(statusCode: 200, body: Data(count: request.maxResponseBytes + 1))
        }
    }

    @Test("a transport that does not stream under the cap is held to it by the client")
    func customTransport() async throws {
        var environment = DetourEnvironment(dataDirectory: URL(fileURLWithPath: "/nonexistent"))
        environment.transport = OversizedTransport()
        environment.logger = .silent
        let client = DetourAPIClient(environment: environment, config: DetourConfig(apiKey: "k", appID: "a"))
        #expect(
            await client.post(.matchLink, body: Data(), timeout: 60)
                == .failure(.responseTooLarge(limit: 1 << 20)))
    }
}
