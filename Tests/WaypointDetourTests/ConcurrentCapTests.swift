import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointDetour

/// Many capped exchanges at once never hang the process (issue 21, item 2): N short-link
/// resolutions against a loopback server whose answers never end, at full speed, each
/// return with the cap's fallback before their deadline; each connection is closed, so the
/// server stops pushing bytes soon after the cap; memory stays bounded. And the deadline is
/// kept even when every thread of the cooperative pool is blocked.
@Suite("Detour concurrent capped exchanges", .serialized)
struct ConcurrentCapTests {
    /// 64 KiB of JSON-looking text, sent again and again.
    static let chunk = Data(String(repeating: #"{"link":"/h/x"},"#, count: 4096).utf8)
    /// The default response cap.
    static let cap = 1 << 20

    /// What one run measured, for the note.
    struct Figures: CustomStringConvertible {
        var streams: Int
        var capped: Int
        var slowest: Double
        var bytesAfterCap: Int
        var growth: ResidentMemory.Growth

        var description: String {
            let perExchange = bytesAfterCap / max(1, streams)
            let rss = growth.bytes.map { "\($0 >> 20) MiB" } ?? "n/a"
            return
                "Detour short links, \(streams) endless bodies: \(capped) ended on the cap, the rest on the"
                + " deadline; slowest call \(String(format: "%.3f", slowest)) s (deadline 3 s, its backstop 4 s),"
                + " \(perExchange >> 20) MiB pushed after the cap per exchange, RSS +\(rss)"
        }
    }

    /// Resolves `streams` short links at once against a flood; returns the figures.
    static func flood(streams: Int) async throws -> Figures {
        let server = try TestHTTPServer { _ in .flood(chunk) }
        defer { server.stop() }
        let directory = try TestDirectory()
        defer { directory.remove() }
        let logs = LogCapture()
        // The async deadline is on a clock that never moves, so each call ends either on the
        // cap or on the transport's own deadline (a dispatch timer, 3 s of wall time as in
        // the issue, plus its second of slack): the log says which, and nothing else may end it.
        let clock = TestClock()
        var environment = TestEnvironment.make(
            directory: directory, logs: logs,
            timeouts: DetourTimeouts(shortLink: 3, matchLink: 3, analytics: 3))
        environment.sleep = { seconds in try await clock.sleep(for: .seconds(seconds)) }
        let config = TestEnvironment.config(server)
        let (times, growth) = try await ResidentMemory.measuringGrowth("\(streams) endless bodies, Detour") {
            await withTaskGroup(of: (String?, Double).self) { group in
                for index in 0..<streams {
                    group.addTask { [environment] in
                        let started = Date()
                        let resolver = DetourShortLinkResolver(environment: environment, config: config)
                        let link = await resolver.resolve("https://acme.godetour.link/s\(index)")
                        return (link, Date().timeIntervalSince(started))
                    }
                }
                var times: [Double] = []
                for await (link, seconds) in group {
                    #expect(link == nil)
                    times.append(seconds)
                }
                return times
            }
        }
        #expect(clock.now.offset == .zero, "the deadline's clock never moved")
        let capped = logs.all.filter { $0.message.contains("over the 1048576-byte response limit") }
        let timedOut = logs.all.filter { $0.message.contains("timed out after 3.0 s") }
        #expect(capped.count + timedOut.count == streams, "\(logs.all.map(\.message))")
        // How much the server pushed after the cap until the client closed every connection,
        // or for 10 s at most: FoundationNetworking stops a session only when its busy work
        // queue gets to the invalidation, which is measured here, not asserted. Then the
        // server stops streaming, so no flood outlives the test.
        _ = await eventually(within: 10) { server.openConnections == 0 }
        let pushed = server.streamedBytes
        server.stop()
        #expect(await eventually(within: 120) { server.openConnections == 0 })
        return Figures(
            streams: streams, capped: capped.count, slowest: times.max() ?? 0,
            bytesAfterCap: max(0, pushed - streams * cap), growth: growth)
    }

    @Test("the deadline fires while every thread of the cooperative pool is blocked")
    func deadlineWithBusyPool() async throws {
        // A body that drips: URLSession's own (idle) timeout never fires on it, so only the
        // adapter's deadline can end these exchanges.
        let server = try TestHTTPServer { _ in .drip }
        defer { server.stop() }
        let directory = try TestDirectory()
        defer { directory.remove() }
        let logs = LogCapture()
        let clock = TestClock()
        let streams = PoolBlocker.poolWidth + 2
        var environment = TestEnvironment.make(
            directory: directory, logs: logs,
            timeouts: DetourTimeouts(shortLink: 1, matchLink: 1, analytics: 1))
        // The async timer's clock never moves: the deadline has to come from the transport.
        environment.sleep = { seconds in try await clock.sleep(for: .seconds(seconds)) }
        let config = TestEnvironment.config(server)
        let calls = (0..<streams).map { index in
            Task { [environment] in
                await DetourShortLinkResolver(environment: environment, config: config)
                    .resolve("https://acme.godetour.link/d\(index)")
            }
        }
        let started = await eventually(within: 120) {
            server.requests.count == streams && server.openConnections == streams
        }
        #expect(started)
        let blocker = PoolBlocker()
        // Off the pool: wait until every pool thread is blocked, then until the server sees
        // every connection closed, noting whether the pool was still full then; release.
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
        #expect(clock.now.offset == .zero)
        let timedOut = logs.all.filter { $0.message.contains("timed out after 1.0 s") }
        #expect(timedOut.count == streams, "\(logs.all.map(\.message))")
    }

    @Test(
        "1, 4 and 16 endless bodies at once: each call ends on the cap or its deadline, memory bounded",
        arguments: [1, 4, 16])
    func concurrentFloods(_ streams: Int) async throws {
        let figures = try await Self.flood(streams: streams)
        print(figures)
        if streams == 16 {
            #expect(figures.growth.bytes.map { $0 <= 100 << 20 } ?? true, "\(figures.growth)")
        }

    }

    @Test(
        "64 endless bodies at once (measurement; WAYPOINT_HEAVY=1)",
        .enabled(if: ProcessInfo.processInfo.environment["WAYPOINT_HEAVY"] == "1"))
    func sixtyFourFloods() async throws {
        let figures = try await Self.flood(streams: 64)
        print(figures)
    }

}
