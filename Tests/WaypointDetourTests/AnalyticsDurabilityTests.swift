import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointDetour

/// At-least-once delivery through failures and a crash (Documentation/spec/detour.md §8).
@Suite("Detour analytics durability")
struct AnalyticsDurabilityTests {
    /// What the flaky server did with each request.
    enum Decision: Sendable {
        case ok, error, drop, silent
    }

    /// The server's side: a seeded decision per request and the keys it stored (answered 200).
    final class FlakyServer: Sendable {
        private struct State {
            var random = SeededRandom(seed: 2026)
            var decisions: [Decision] = []
            var stored: Set<String> = []
            /// Silent requests (never answered) whose deadline has already passed.
            var timedOutSilent = 0
        }

        private let state = Locked(State())

        var decisions: [Decision] { state.withLock { $0.decisions } }

        /// The client's deadline timer: it passes once the request in flight went unanswered,
        /// so "the client gave up" follows the server's decision, not the machine's speed.
        /// Requests go one at a time, so the newest silent request is the one in flight. It
        /// waits for the server's decisions (``TestSignal``), and throws when cancelled, as
        /// a timer does when its request ends first.
        func deadline(_ seconds: TimeInterval) async throws {
            let passed = await TestSignal.wait {
                state.withLock { state -> Bool in
                    guard state.decisions.filter({ $0 == .silent }).count > state.timedOutSilent else {
                        return false
                    }
                    state.timedOutSilent += 1
                    return true
                }
            }
            guard passed else { throw CancellationError() }
        }
        var stored: Set<String> { state.withLock { $0.stored } }

        func reply(to request: TestHTTPServer.Request) -> TestHTTPServer.Reply {
            defer { TestSignal.changed() }
            return state.withLock { state in
                let draw = state.random.unit()
                let decision: Decision = draw < 0.7 ? .ok : draw < 0.8 ? .error : draw < 0.9 ? .drop : .silent
                state.decisions.append(decision)
                let key = request.headers["idempotency-key"] ?? ""
                switch decision {
                case .ok:
                    state.stored.insert(key)
                    return .json(200, "{}")
                case .error:
                    return .json(500, #"{"error":"flaky"}"#)
                case .drop:
                    return .dropConnection
                case .silent:
                    // The server stores the event but never answers: only the client's
                    // deadline (``deadline(_:)``) ends the exchange, however fast the machine.
                    state.stored.insert(key)
                    return .hang
                }
            }
        }
    }

    @Test("every event reaches the server exactly once per key, in order, through failures and a crash")
    func flakyServerAndRestart() async throws {
        let flaky = FlakyServer()
        let harness = try QueueHarness(analyticsTimeout: 60) { flaky.reply(to: $0) }
        let jitter = Locked(SeededRandom(seed: 7))
        func environment() -> DetourEnvironment {
            var environment = harness.environment
            environment.random = { jitter.withLock { $0.unit() } }
            environment.sleep = { seconds in try await flaky.deadline(seconds) }
            return environment
        }

        let first = DetourAnalyticsController(environment: environment())
        first.mount(config: harness.config())
        for index in 0..<40 {
            first.logEvent("step", data: ["i": index])
        }
        #expect(await waitUntil { first.deliveryStats().delivered >= 12 })
        // The process dies: no graceful close, a request in flight is abandoned.
        first.terminate()

        let second = DetourAnalyticsController(environment: environment())
        second.mount(config: harness.config())
        for index in 40..<60 {
            second.logEvent("step", data: ["i": index])
        }
        #expect(await waitUntil { second.deliveryStats().pending == 0 })

        let events = harness.server.requests.filter { $0.path == "/api/analytics/event" }
        var bodyByKey: [String: Data] = [:]
        var indexByKey: [String: Int] = [:]
        var firstSeen: [String] = []
        for request in events {
            let key = try #require(request.headers["idempotency-key"])
            if let body = bodyByKey[key] {
                #expect(body == request.body, "a retry changed the body of \(key)")
            } else {
                bodyByKey[key] = request.body
                firstSeen.append(key)
                let data = try #require(request.jsonBody?["data"] as? [String: Any])
                indexByKey[key] = try #require(data["i"] as? Int)
            }
        }
        #expect(firstSeen.count == 60, "distinct keys")
        #expect(firstSeen.compactMap { indexByKey[$0] } == Array(0..<60), "FIFO by first appearance")
        #expect(Set(firstSeen).isSubset(of: flaky.stored), "every key was stored by the server")
        let retention = harness.server.requests.filter { $0.path == "/api/analytics/retention" }
        #expect(
            Set(retention.compactMap { $0.headers["idempotency-key"] }).count == 2,
            "app_open once per process")

        let decisions = flaky.decisions
        #expect(decisions.contains(.error) && decisions.contains(.drop) && decisions.contains(.silent))
        let stats = second.deliveryStats()
        #expect(stats.delivered == 62)
        #expect(stats.retries > 0)
        #expect(stats.pending == 0)
        #expect(harness.directory.recordFiles().isEmpty)
        await second.close()
        await harness.finish()
    }
}
