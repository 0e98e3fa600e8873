import Foundation
import TestHTTPServer
import Waypoint

@testable import WaypointDetour

/// A server, a data directory and analytics queues opened on it, for queue-level tests.
final class QueueHarness: Sendable {
    let server: TestHTTPServer
    let directory: TestDirectory
    let logs = LogCapture()
    let capacity: Int
    let analyticsTimeout: TimeInterval
    let backoffSecond: TimeInterval
    /// The clock behind every request deadline. It moves only when a test advances it, so
    /// no analytics request times out unless the test says so, however slow the machine.
    let clock = TestClock()

    /// - Parameter analyticsTimeout: the deadline of each analytics request, in seconds of
    ///   ``clock``.
    /// - Parameter backoffSecond: the real length of a backoff second; a large value keeps
    ///   the sender from retrying by itself, so only `flush()` sends after a failure.
    init(
        capacity: Int = 1000, analyticsTimeout: TimeInterval = 2, backoffSecond: TimeInterval = 0.001,
        handler: @escaping TestHTTPServer.Handler = { _ in .json(200, "{}") }
    ) throws {
        server = try TestHTTPServer(handler: handler)
        directory = try TestDirectory()
        self.capacity = capacity
        self.analyticsTimeout = analyticsTimeout
        self.backoffSecond = backoffSecond
    }

    /// A handler that answers 500 to the first `count` requests and `{}` to the rest.
    static func failing(first count: Int) -> TestHTTPServer.Handler {
        let failuresLeft = Locked(count)
        return { _ in
            failuresLeft.withLock { left in
                defer { left -= 1 }
                return left > 0 ? .respond(status: 500) : .json(200, "{}")
            }
        }
    }

    /// Runs `operation`; once the server has received `requests` requests, moves ``clock``
    /// past `analyticsTimeout` whenever a deadline sleeps on it, until `operation` ends (the
    /// deadline's timer may start after the request is out), so the request in flight times
    /// out. Every wait is for an event (``TestSignal``), none for a time.
    func timingOut<Value: Sendable>(
        afterRequest requests: Int = 1, _ operation: @escaping @Sendable () async -> Value
    ) async -> Value {
        let finished = Locked(false)
        let work = Task {
            defer {
                finished.withLock { $0 = true }
                TestSignal.changed()
            }
            return await operation()
        }
        await server.waitForRequests(requests)
        await clock.advanceDeadlines(by: .seconds(analyticsTimeout + 1)) { finished.withLock { $0 } }
        return await work.value
    }

    var environment: DetourEnvironment {
        var environment = TestEnvironment.make(
            directory: directory, logs: logs, timeouts: DetourTimeouts(analytics: analyticsTimeout))
        environment.analyticsQueueCapacity = capacity
        environment.backoffSecond = backoffSecond
        environment.sleep = { [clock] seconds in try await clock.sleep(for: .seconds(seconds)) }
        return environment
    }

    func config(appID: String = "app-1") -> DetourConfig {
        TestEnvironment.config(server, appID: appID)
    }

    /// Opens a queue on the directory (the next "process").
    func open(fileSystem: any DetourQueueFileSystem = DetourPOSIXQueueFileSystem()) -> DetourAnalyticsQueue {
        DetourAnalyticsQueue(environment: environment, fileSystem: fileSystem)
    }

    /// Opens a queue and starts sending with `config()`.
    func openSending(appID: String = "app-1") -> DetourAnalyticsQueue {
        let queue = open()
        queue.start(config: config(appID: appID), environment: environment)
        return queue
    }

    /// A small distinct event body.
    static func body(_ index: Int) -> Data {
        Data(#"{"event_name":"e\#(index)","data":{"i":\#(index)}}"#.utf8)
    }

    /// The analytics requests received, in order.
    var analyticsRequests: [TestHTTPServer.Request] {
        server.requests.filter { $0.path.hasPrefix("/api/analytics/") }
    }

    /// The `event_name` of each analytics request received.
    var eventNames: [String] {
        analyticsRequests.compactMap { $0.jsonBody?["event_name"] as? String }
    }

    /// The decoded contents of a record file.
    func recordOnDisk(_ seq: UInt64) throws -> DetourAnalyticsRecord {
        let data = try Data(
            contentsOf: directory.queue.appendingPathComponent(DetourAnalyticsRecord.fileName(for: seq)))
        return try JSONDecoder().decode(DetourAnalyticsRecord.self, from: data)
    }

    /// The decoded `state.json`.
    func stateOnDisk() throws -> DetourAnalyticsQueueState {
        try JSONDecoder().decode(
            DetourAnalyticsQueueState.self,
            from: Data(contentsOf: directory.queue.appendingPathComponent("state.json")))
    }

    /// Writes `text` as the file `name` in the queue directory (created when missing).
    func plant(_ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: directory.queue, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: directory.queue.appendingPathComponent(name))
    }

    /// Writes a record file for `seq` with the given fields, as a queue would.
    func plantRecord(
        seq: UInt64, id: String = UUID().uuidString.lowercased(), attempts: Int = 0, body index: Int
    ) throws {
        let record = DetourAnalyticsRecord(
            id: id, seq: seq, kind: .event, appID: "app-1", attempts: attempts,
            body: String(decoding: Self.body(index), as: UTF8.self))
        try FileManager.default.createDirectory(at: directory.queue, withIntermediateDirectories: true)
        try JSONEncoder().encode(record).write(
            to: directory.queue.appendingPathComponent(DetourAnalyticsRecord.fileName(for: seq)))
    }

    /// Writes `state.json` with `nextSeq` and counters, zero unless given.
    func plantState(nextSeq: String, counters: [String: String] = [:]) throws {
        let names = [
            "pending", "delivered", "rejected", "retries", "droppedOverflow", "droppedOversize",
            "droppedUnmounted", "droppedCorrupt", "discarded", "persistFailures",
        ]
        let fields = names.map { "\"\($0)\":\(counters[$0] ?? "0")" }.joined(separator: ",")
        try plant("state.json", #"{"counters":{\#(fields)},"nextSeq":\#(nextSeq)}"#)
    }

    func finish(_ queues: DetourAnalyticsQueue...) async {
        for queue in queues {
            await queue.close()
        }
        server.stop()
        directory.remove()
    }
}
