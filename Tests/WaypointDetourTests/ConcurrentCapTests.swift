import Foundation
import TestHTTPServer
import Testing
import Waypoint
import WaypointHTTP

@testable import WaypointDetour

/// Many capped exchanges at once never hang the process: N short-link
/// resolutions against a loopback server whose answers never end, sent at full speed, each
/// end with a typed failure (the answer is too large, or the deadline passed); memory stays
/// bounded. And the deadline is kept, and the exchanges stopped, while every thread of the
/// cooperative pool is blocked.
///
/// Nothing here asserts on elapsed time. The flood tests use the production deadline (a
/// Dispatch timer) and only check the kind of each outcome, under a watchdog that fails the
/// process after minutes rather than let CI hang; the figures they print (slowest call, bytes
/// after the cap, resident memory) are measurements for Documentation/decisions.md. The
/// pool test fires the deadlines by hand.
@Suite("Detour concurrent capped exchanges", .serialized)
struct ConcurrentCapTests {
    /// 64 KiB of JSON-looking text, sent again and again.
    static let chunk = Data(String(repeating: #"{"link":"/h/x"},"#, count: 4096).utf8)
    /// The default response cap.
    static let cap = DetourEnvironment.defaultMaxResponseBytes
    /// The deadline of each exchange, as in the issue.
    static let deadline: TimeInterval = 3
    /// Whether to wait for every connection to close and report the bytes sent until then
    /// (`WAYPOINT_MEASURE=1`).
    static let measuring = ProcessInfo.processInfo.environment["WAYPOINT_MEASURE"] == "1"

    /// Sends `streams` short-link requests at once against a flood; returns the figures.
    static func flood(streams: Int) async throws -> String {
        let server = try TestHTTPServer { _ in .flood(chunk) }
        defer { server.stop() }
        let directory = try TestDirectory()
        defer { directory.remove() }
        let watchdog = Watchdog("\(streams) endless bodies, Detour")
        defer { watchdog.disarm() }
        let environment = TestEnvironment.make(
            directory: directory, logs: LogCapture(),
            timeouts: DetourTimeouts(shortLink: deadline, matchLink: deadline, analytics: deadline))
        #expect(environment.deadlineTimer != nil, "the production deadline: a Dispatch timer")
        let client = DetourAPIClient(environment: environment, config: TestEnvironment.config(server))
        let (outcomes, growth) = await ResidentMemory.measuringGrowth("\(streams) endless bodies, Detour") {
            await withTaskGroup(of: (Result<DetourHTTPResponse, DetourHTTPFailure>, Double).self) { group in
                for _ in 0..<streams {
                    group.addTask {
                        let started = Date()
                        let result = await client.post(
                            .resolveShort, body: Data(#"{"url":"x"}"#.utf8), timeout: deadline)
                        return (result, Date().timeIntervalSince(started))
                    }
                }
                var outcomes: [(Result<DetourHTTPResponse, DetourHTTPFailure>, Double)] = []
                for await outcome in group {
                    outcomes.append(outcome)
                }
                return outcomes
            }
        }
        var capped = 0
        var timedOut = 0
        for (result, _) in outcomes {
            switch result {
            case .failure(.responseTooLarge(let limit)) where limit == cap: capped += 1
            case .failure(.timedOut(let seconds)) where seconds == deadline: timedOut += 1
            default: Issue.record("not a typed cap or deadline failure: \(result)")
            }
        }
        #expect(capped + timedOut == streams)
        // With WAYPOINT_MEASURE=1: how much the server pushed after the cap until the client
        // closed every connection, and how long that took: measured, not asserted
        // (FoundationNetworking stops a session only when its busy work queue gets to the
        // invalidation). Then the server stops streaming.
        var closedAfter = Double.nan
        let pushedAtReturn = server.streamedBytes
        let closing = Date()
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
        let slowest = outcomes.map(\.1).max() ?? 0
        let rss = growth.bytes.map { "\($0 >> 20) MiB" } ?? "n/a"
        return "FIGURES Detour \(streams) endless bodies: \(capped) capped, \(timedOut) timed out;"
            + " slowest call " + String(format: "%.3f", slowest) + " s (deadline \(deadline) s);"
            + " after the cap \((max(0, pushedAtReturn - streams * cap) / streams) >> 10) KiB/exchange"
            + " until the calls returned, \((max(0, pushed - streams * cap) / streams) >> 10) KiB/exchange"
            + " until every connection closed (" + String(format: "%.2f", closedAfter) + " s after the last"
            + " return); RSS +\(rss)"
    }

    @Test(
        "1, 4, 16 and 64 endless bodies at once: each call ends typed, on the cap or its deadline",
        arguments: [1, 4, 16, 64])
    func concurrentFloods(_ streams: Int) async throws {
        print(try await HeavyTestGate.exclusively { try await Self.flood(streams: streams) })
    }

    @Test("the production deadline timer fires while every thread of the cooperative pool is blocked")
    func dispatchTimerWithBlockedPool() async throws {
        await HeavyTestGate.exclusively {
            let watchdog = Watchdog("the Dispatch deadline timer with a blocked pool")
            defer { watchdog.disarm() }
            let fired = Locked(false)
            // The timer is armed once every pool thread is blocked, and the pool stays blocked
            // until it fires (a wait for the firing, ``TestSignal``; only the hang guard fails
            // the test on time).
            let (full, firedWhileFull, noJobGaveUp) = await PoolBlocker.whileBlocked(
                {
                    _ = DeadlineTimer.dispatch.arm(after: 0.01) {
                        fired.withLock { $0 = true }
                        TestSignal.changed()
                    }
                }, until: { fired.withLock { $0 } })
            #expect(full, "the blocking jobs did not fill the pool")
            #expect(firedWhileFull, "the Dispatch timer did not fire while the pool was blocked")
            #expect(noJobGaveUp)
        }
    }

    @Test("the deadline fires and stops the exchanges while every thread of the cooperative pool is blocked")
    func deadlineWithBlockedPool() async throws {
        try await HeavyTestGate.exclusively { try await Self.deadlineWithBlockedPool() }
    }

    static func deadlineWithBlockedPool() async throws {
        // A body that drips: URLSession's own (idle) timeout never fires on it, so only the
        // adapter's deadline can end these exchanges.
        let server = try TestHTTPServer { _ in .drip }
        defer { server.stop() }
        let directory = try TestDirectory()
        defer { directory.remove() }
        let watchdog = Watchdog("Detour deadline with a blocked pool")
        defer { watchdog.disarm() }
        let manual = ManualDeadlineTimer()
        var environment = TestEnvironment.make(directory: directory, logs: LogCapture())
        environment.deadlineTimer = manual.timer
        let client = DetourAPIClient(environment: environment, config: TestEnvironment.config(server))
        let streams = PoolBlocker.poolWidth + 2
        let calls = (0..<streams).map { _ in
            Task { await client.post(.resolveShort, body: Data(#"{"url":"x"}"#.utf8), timeout: 1) }
        }
        // Nothing fires on its own: wait, without a time limit that matters, until every
        // request is out and its deadline armed.
        #expect(
            await waitUntil {
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
            let result = await call.value
            guard case .failure(.timedOut(1)) = result else {
                Issue.record("not the deadline's failure: \(result)")
                continue
            }
        }
    }
}
