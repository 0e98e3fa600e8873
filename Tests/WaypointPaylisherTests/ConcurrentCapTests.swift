import Foundation
import TestHTTPServer
import Testing
import Waypoint
import WaypointHTTP

@testable import WaypointPaylisher

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Many capped campaign resolutions at once never hang the process: N
/// resolutions against a loopback server whose answers never end, sent at full speed, each
/// end with a typed error (too large, or the deadline's cancellation); memory stays bounded.
/// And the deadline is kept, and the exchanges stopped, while every thread of the cooperative
/// pool is blocked.
///
/// Nothing here asserts on elapsed time: the flood tests use the production deadline (a
/// Dispatch timer) under a watchdog and check only the kind of each outcome; what they print
/// is a measurement. The pool test fires the deadlines by hand.
@Suite("Paylisher concurrent capped resolutions", .serialized)
struct ConcurrentCapTests {
    /// 64 KiB of JSON-looking text, sent again and again.
    static let chunk = Data(String(repeating: #"{"title":"Sale"},"#, count: 4096).utf8)
    static let cap = PaylisherDeepLinkConfig.defaultMaxResponseBytes
    /// The deadline of each resolution, as in the issue.
    static let deadline = Duration.seconds(3)
    /// Whether to wait for every connection to close and report the bytes sent until then
    /// (`WAYPOINT_MEASURE=1`).
    static let measuring = ProcessInfo.processInfo.environment["WAYPOINT_MEASURE"] == "1"

    /// How a request through the default transport ended.
    enum Ending: Sendable, Equatable {
        case tooLarge
        case cancelled
        case other(String)
    }

    /// The default transport, recording how each request ended.
    struct RecordingTransport: PaylisherHTTPTransport {
        let inner = PaylisherURLSessionTransport()
        let endings = Locked<[Ending]>([])

        func get(_ url: URL, timeout: Duration) async throws -> (status: Int, body: Data) {
            try await get(url, timeout: timeout, maxBodyBytes: cap)
        }

        func get(_ url: URL, timeout: Duration, maxBodyBytes: Int) async throws -> (status: Int, body: Data) {
            do {
                return try await inner.get(url, timeout: timeout, maxBodyBytes: maxBodyBytes)
            } catch {
                let ending: Ending =
                    switch error {
                    case let error as ResponseTooLargeError where error.limit == maxBodyBytes: .tooLarge
                    case is CancellationError: .cancelled
                    default: .other("\(error)")
                    }
                endings.withLock { $0.append(ending) }
                TestSignal.changed()
                throw error
            }
        }
    }

    /// Resolves `streams` campaigns at once against a flood; returns the figures.
    static func flood(streams: Int) async throws -> String {
        let server = try TestHTTPServer { _ in .flood(chunk) }
        defer { server.stop() }
        let watchdog = Watchdog("\(streams) endless bodies, Paylisher")
        defer { watchdog.disarm() }
        let transport = RecordingTransport()
        // The system's clock, so the deadline is the production one: a Dispatch timer.
        let clock = PaylisherManagerClock(ContinuousClock())
        #expect(clock.deadlineTimer != nil)
        let label = "\(streams) endless bodies, Paylisher"
        let (times, growth) = await ResidentMemory.measuringGrowth(label) {
            await withTaskGroup(of: (Bool, Double).self) { group in
                for index in 0..<streams {
                    group.addTask {
                        let started = Date()
                        let payload = await PaylisherDeepLinkManager.resolveCampaign(
                            at: server.baseURL.appendingPathComponent("resolve/k\(index)"),
                            transport: transport, timeout: deadline, maxBodyBytes: cap, clock: clock,
                            deadline: clock.now() + deadline)
                        return (payload == nil, Date().timeIntervalSince(started))
                    }
                }
                var times: [Double] = []
                for await (failed, seconds) in group {
                    #expect(failed)
                    times.append(seconds)
                }
                return times
            }
        }
        // Each request ends typed: too large, or cancelled by the deadline. A request the
        // deadline cancelled may report later than the resolution returned.
        #expect(await TestSignal.wait { transport.endings.withLock { $0.count } == streams })
        let endings = transport.endings.withLock { $0 }
        #expect(endings.allSatisfy { $0 == .tooLarge || $0 == .cancelled }, "\(endings)")
        let capped = endings.filter { $0 == .tooLarge }.count
        // Measured, not asserted: what the server pushed after the cap until the calls
        // returned and, with WAYPOINT_MEASURE=1, until every connection closed, and how long
        // that took; then it stops streaming.
        let pushedAtReturn = server.streamedBytes
        let closing = Date()
        var closedAfter = Double.nan
        if measuring {
            closedAfter =
                await server.waitUntilNoOpenConnections() ? Date().timeIntervalSince(closing) : .infinity
        }
        let pushed = server.streamedBytes
        server.stop()
        #expect(await server.waitUntilNoOpenConnections())
        if streams == 16 {
            #expect(growth.bytes.map { $0 <= 100 << 20 } ?? true, "\(growth)")
        }
        let rss = growth.bytes.map { "\($0 >> 20) MiB" } ?? "n/a"
        return "FIGURES Paylisher \(streams) endless bodies: \(capped) capped, \(streams - capped) timed out;"
            + " slowest call " + String(format: "%.3f", times.max() ?? 0) + " s (deadline 3 s);"
            + " after the cap \((max(0, pushedAtReturn - streams * cap) / streams) >> 10) KiB/exchange"
            + " until the calls returned, \((max(0, pushed - streams * cap) / streams) >> 10) KiB/exchange"
            + " until every connection closed (" + String(format: "%.2f", closedAfter) + " s after the last"
            + " return); RSS +\(rss)"
    }

    @Test(
        "1, 4, 16 and 64 endless bodies at once: each resolution ends typed, on the cap or its deadline",
        arguments: [1, 4, 16, 64])
    func concurrentFloods(_ streams: Int) async throws {
        print(try await HeavyTestGate.exclusively { try await Self.flood(streams: streams) })
    }

    @Test("the deadline fires and stops the exchanges while every thread of the cooperative pool is blocked")
    func deadlineWithBlockedPool() async throws {
        try await HeavyTestGate.exclusively { try await Self.deadlineWithBlockedPool() }
    }

    static func deadlineWithBlockedPool() async throws {
        // A body that drips: URLSession's own (idle) timeout never fires on it, so only the
        // deadline can end these exchanges.
        let server = try TestHTTPServer { _ in .drip }
        defer { server.stop() }
        let watchdog = Watchdog("Paylisher deadline with a blocked pool")
        defer { watchdog.disarm() }
        let transport = RecordingTransport()
        let manual = ManualDeadlineTimer()
        // A test clock that never moves, and the deadline's timer fired by hand.
        let clock = PaylisherManagerClock(TestClock(), deadlineTimer: manual.timer)
        let streams = PoolBlocker.poolWidth + 2
        let calls = (0..<streams).map { index in
            Task {
                await PaylisherDeepLinkManager.resolveCampaign(
                    at: server.baseURL.appendingPathComponent("resolve/d\(index)"), transport: transport,
                    timeout: .seconds(1), maxBodyBytes: Self.cap, clock: clock, deadline: .seconds(1))
            }
        }
        #expect(
            await TestSignal.wait {
                server.requests.count == streams && server.openConnections == streams
                    && manual.armedCount == streams
            })
        // Off the pool: block every pool thread, fire the deadlines, wait until the server sees
        // every connection closed, noting whether the pool was still full then; release.
        let (full, closedWhileFull, noJobGaveUp) = await PoolBlocker.whileBlocked(manual.fireAll) {
            server.openConnections == 0
        }
        #expect(full, "the blocking jobs did not fill the pool")
        #expect(closedWhileFull, "the deadline did not stop the exchanges while the pool was blocked")
        #expect(noJobGaveUp)
        for call in calls {
            #expect(await call.value == nil)
        }
        #expect(clock.now() == .zero)
        #expect(await TestSignal.wait { transport.endings.withLock { $0.count } == streams })
        #expect(transport.endings.withLock { $0 } == Array(repeating: .cancelled, count: streams))
    }
}
