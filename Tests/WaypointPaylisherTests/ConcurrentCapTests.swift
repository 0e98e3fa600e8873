import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointPaylisher

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Many capped campaign resolutions at once never hang the process (issue 21, item 2): N
/// resolutions against a loopback server whose answers never end, at full speed, each fail on
/// the cap before their deadline; each connection is closed, so the server stops pushing soon
/// after the cap; memory stays bounded. And the deadline is kept even when every thread of
/// the cooperative pool is blocked.
@Suite("Paylisher concurrent capped resolutions", .serialized)
struct ConcurrentCapTests {
    /// 64 KiB of JSON-looking text, sent again and again.
    static let chunk = Data(String(repeating: #"{"title":"Sale"},"#, count: 4096).utf8)
    static let cap = PaylisherDeepLinkConfig.defaultMaxResponseBytes

    /// The default transport, recording how each request ended.
    struct RecordingTransport: PaylisherHTTPTransport {
        let inner = PaylisherURLSessionTransport()
        let errors = Locked<[String]>([])

        func get(_ url: URL, timeout: Duration) async throws -> (status: Int, body: Data) {
            try await get(url, timeout: timeout, maxBodyBytes: cap)
        }

        func get(_ url: URL, timeout: Duration, maxBodyBytes: Int) async throws -> (status: Int, body: Data) {
            do {
                return try await inner.get(url, timeout: timeout, maxBodyBytes: maxBodyBytes)
            } catch {
                let kind =
                    switch error {
                    case let error as URLError where error.code == .timedOut: "timedOut"
                    case let error where "\(error)".hasSuffix("byte limit"): "cap"
                    default: "\(error)"
                    }
                errors.withLock { $0.append(kind) }
                throw error
            }
        }
    }

    /// Polls `condition` every 10 ms until it holds, at most 120 s (a hang guard for a
    /// monotonic condition, not a timing assertion); returns whether it held.
    static func eventually(within seconds: Double = 120, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return condition()
    }

    /// Resolves `streams` campaigns at once against a flood; returns the figures.
    static func flood(streams: Int) async throws -> String {
        let server = try TestHTTPServer { _ in .flood(chunk) }
        defer { server.stop() }
        let transport = RecordingTransport()
        // The manager's deadline is on a clock that never moves, so each resolution ends
        // either on the cap or on the transport's own deadline (a dispatch timer, 3 s of
        // wall time, as in the issue), and the transport records which.
        let clock = PaylisherManagerClock(TestClock())
        let label = "\(streams) endless bodies, Paylisher"
        let (times, growth) = try await ResidentMemory.measuringGrowth(label) {
            await withTaskGroup(of: (Bool, Double).self) { group in
                for index in 0..<streams {
                    group.addTask {
                        let started = Date()
                        let payload = await PaylisherDeepLinkManager.resolveCampaign(
                            at: server.baseURL.appendingPathComponent("resolve/k\(index)"),
                            transport: transport,
                            timeout: .seconds(3), maxBodyBytes: cap, clock: clock, deadline: .seconds(3))
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
        #expect(clock.now() == .zero, "the deadline's clock never moved")
        let errors = transport.errors.withLock { $0 }
        #expect(errors.count == streams && errors.allSatisfy { $0 == "cap" || $0 == "timedOut" }, "\(errors)")
        let capped = errors.filter { $0 == "cap" }.count
        // How much the server pushed after the cap until the client closed every connection,
        // or for 10 s at most (measured, not asserted: FoundationNetworking stops a session
        // only when its busy work queue gets to the invalidation); then the server stops
        // streaming, so no flood outlives the test.
        _ = await Self.eventually(within: 10) { server.openConnections == 0 }
        let afterCap = max(0, server.streamedBytes - streams * cap)
        server.stop()
        #expect(await Self.eventually { server.openConnections == 0 })
        if streams == 16 {
            #expect(growth.bytes.map { $0 <= 100 << 20 } ?? true, "\(growth)")
        }
        let rss = growth.bytes.map { "\($0 >> 20) MiB" } ?? "n/a"
        return "Paylisher campaigns, \(streams) endless bodies: \(capped) ended on the cap, the rest on the"
            + " deadline; slowest call " + String(format: "%.3f", times.max() ?? 0)
            + " s (deadline 3 s, its backstop 4 s), "
            + "\((afterCap / streams) >> 20) MiB pushed after the cap per exchange, RSS +\(rss)"
    }

    @Test("the deadline fires while every thread of the cooperative pool is blocked")
    func deadlineWithBusyPool() async throws {
        // A body that drips: URLSession's own (idle) timeout never fires on it, so only the
        // transport's exact deadline can end these exchanges.
        let server = try TestHTTPServer { _ in .drip }
        defer { server.stop() }
        let transport = RecordingTransport()
        let clock = PaylisherManagerClock(TestClock())
        let streams = PoolBlocker.poolWidth + 2
        let calls = (0..<streams).map { index in
            Task {
                await PaylisherDeepLinkManager.resolveCampaign(
                    at: server.baseURL.appendingPathComponent("resolve/d\(index)"), transport: transport,
                    timeout: .seconds(1), maxBodyBytes: Self.cap, clock: clock, deadline: .seconds(1))
            }
        }
        let started = await Self.eventually {
            server.requests.count == streams && server.openConnections == streams
        }
        #expect(started)
        let blocker = PoolBlocker()
        let (full, closedWhileFull) = await PoolBlocker.onThread { () -> (Bool, Bool) in
            defer { blocker.release() }
            guard blocker.waitUntilPoolIsFull() else { return (false, false) }
            let deadline = Date().addingTimeInterval(60)
            while server.openConnections > 0, Date() < deadline {
                Thread.sleep(forTimeInterval: 0.005)
            }
            return (true, server.openConnections == 0 && blocker.blockingJobs >= PoolBlocker.poolWidth)
        }
        #expect(full, "the blocking jobs did not fill the pool")
        #expect(closedWhileFull, "the deadline did not stop the exchanges while the pool was blocked")
        #expect(blocker.timedOutJobs == 0)
        for call in calls {
            #expect(await call.value == nil)
        }
        #expect(clock.now() == .zero)
        #expect(transport.errors.withLock { $0 } == Array(repeating: "timedOut", count: streams))
    }

    @Test(
        "1, 4 and 16 endless bodies at once: each resolution ends on the cap or its deadline, memory bounded",
        arguments: [1, 4, 16])
    func concurrentFloods(_ streams: Int) async throws {
        print(try await Self.flood(streams: streams))
    }

    @Test(
        "64 endless bodies at once (measurement; WAYPOINT_HEAVY=1)",
        .enabled(if: ProcessInfo.processInfo.environment["WAYPOINT_HEAVY"] == "1"))
    func sixtyFourFloods() async throws {
        print(try await Self.flood(streams: 64))
    }

}
