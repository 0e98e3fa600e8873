import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointDetour

/// The durable analytics queue (Documentation/spec/detour.md §8), driven directly.
@Suite("Detour analytics queue")
struct AnalyticsQueueTests {
    @Test("a record is on disk before enqueue returns, with its fields and state.json")
    func writeBeforeSend() async throws {
        let harness = try QueueHarness()
        let queue = harness.open()
        #expect(queue.isPersistent)
        #expect(queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1)))
        #expect(queue.enqueue(kind: .retention, appID: "app-2", body: QueueHarness.body(2)))
        #expect(harness.directory.recordFiles() == ["0000000000000001.json", "0000000000000002.json"])
        #expect(harness.directory.queueFiles().allSatisfy { !$0.hasPrefix(".tmp-") })
        let first = try harness.recordOnDisk(1)
        #expect(first.seq == 1 && first.kind == .event && first.appID == "app-1" && first.attempts == 0)
        #expect(Data(first.body.utf8) == QueueHarness.body(1))
        #expect(UUID(uuidString: first.id) != nil && first.id == first.id.lowercased())
        let raw = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    contentsOf: harness.directory.queue.appendingPathComponent("0000000000000002.json")))
                as? [String: Any])
        #expect(Set(raw.keys) == ["id", "seq", "kind", "appID", "attempts", "body"])
        #expect(raw["kind"] as? String == "retention")
        #expect(try harness.stateOnDisk().nextSeq == 3)
        #expect(queue.stats().pending == 2)
        #expect(harness.server.requests.isEmpty)
        await harness.finish(queue)
    }

    @Test("a body over 64 KiB is refused and counted; exactly 64 KiB is accepted")
    func oversize() async throws {
        let harness = try QueueHarness()
        let queue = harness.open()
        #expect(!queue.enqueue(kind: .event, appID: "app-1", body: Data(repeating: 0x61, count: 65_537)))
        #expect(queue.enqueue(kind: .event, appID: "app-1", body: Data(repeating: 0x61, count: 65_536)))
        #expect(queue.stats().droppedOversize == 1)
        #expect(queue.stats().pending == 1)
        #expect(harness.directory.recordFiles() == ["0000000000000001.json"])
        #expect(harness.logs.contains(.warning, "over 64 KiB"))
        await harness.finish(queue)
    }

    @Test("a full queue deletes its oldest records and keeps the newest")
    func overflow() async throws {
        let harness = try QueueHarness(capacity: 3)
        let queue = harness.open()
        for index in 1...5 {
            queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(index))
        }
        #expect(queue.records().map(\.seq) == [3, 4, 5])
        #expect(queue.stats().droppedOverflow == 2)
        #expect(queue.stats().pending == 3)
        #expect(harness.directory.recordFiles().count == 3)
        #expect(harness.logs.contains(.warning, "the queue is full"))
        queue.start(config: harness.config(), environment: harness.environment)
        #expect(await queue.flush().delivered == 3)
        #expect(harness.eventNames == ["e3", "e4", "e5"])
        await harness.finish(queue)
    }

    @Test("overflow never deletes the record in flight")
    func overflowSparesInFlight() async throws {
        let gate = ReplyGate()
        let harness = try QueueHarness(capacity: 2) { request in
            if request.jsonBody?["event_name"] as? String == "e1" { gate.wait() }
            return .json(200, "{}")
        }
        let queue = harness.openSending()
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1))
        #expect(await waitUntil { harness.server.requests.count == 1 })
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(2))
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(3))
        #expect(queue.records().map(\.seq) == [1, 3])
        #expect(queue.stats().droppedOverflow == 1)
        gate.open()
        #expect(await waitUntil { queue.stats().delivered == 2 })
        #expect(harness.eventNames == ["e1", "e3"])
        await harness.finish(queue)
    }

    @Test("unreadable files are deleted and counted at load; temporary leftovers are removed")
    func corruptFiles() async throws {
        let harness = try QueueHarness()
        let first = harness.open()
        first.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1))
        await first.close()
        let queueDirectory = harness.directory.queue
        try Data("{not json".utf8).write(to: queueDirectory.appendingPathComponent("0000000000000007.json"))
        let mismatched = DetourAnalyticsRecord(
            id: "x", seq: 3, kind: .event, appID: "app-1", attempts: 0, body: "{}")
        try JSONEncoder().encode(mismatched).write(
            to: queueDirectory.appendingPathComponent("0000000000000009.json"))
        try Data(#"{"id":"a","seq":4}"#.utf8).write(
            to: queueDirectory.appendingPathComponent("0000000000000004.json"))
        try Data("partial".utf8).write(
            to: queueDirectory.appendingPathComponent(".tmp-123-0000000000000008.json"))
        try Data("keep".utf8).write(to: queueDirectory.appendingPathComponent("notes.txt"))
        let second = harness.open()
        #expect(second.records().map(\.seq) == [1])
        #expect(second.stats().droppedCorrupt == 3)
        #expect(
            harness.directory.queueFiles() == [".lock", "0000000000000001.json", "notes.txt", "state.json"])
        #expect(
            harness.logs.messages(.warning).filter { $0.contains("dropped corrupt analytics record") }.count
                == 3)
        #expect(second.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(2)))
        #expect(second.records().map(\.seq) == [1, 2])
        #expect(try harness.stateOnDisk().counters.droppedCorrupt == 3)
        await harness.finish(second)
    }

    @Test("400, 413, 415 and 422 reject the record and move on at once", arguments: [400, 413, 415, 422])
    func rejected(status: Int) async throws {
        let harness = try QueueHarness { request in
            request.jsonBody?["event_name"] as? String == "e1"
                ? .json(status, #"{"error":"bad"}"#) : .json(200, "{}")
        }
        let queue = harness.openSending()
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1))
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(2))
        let stats = await queue.flush()
        #expect(stats.rejected == 1)
        #expect(stats.delivered == 1)
        #expect(stats.retries == 0)
        #expect(stats.pending == 0)
        #expect(harness.eventNames == ["e1", "e2"])
        #expect(harness.directory.recordFiles().isEmpty)
        #expect(harness.logs.contains(.warning, "status \(status)"))
        await harness.finish(queue)
    }

    /// A failing answer that must keep the record for a retry.
    struct Failure: Sendable, CustomStringConvertible {
        let description: String
        let reply: TestHTTPServer.Reply
    }

    static let failures: [Failure] = [
        Failure(description: "500", reply: .json(500, #"{"error":"boom"}"#)),
        Failure(description: "503", reply: .respond(status: 503)),
        Failure(description: "429", reply: .respond(status: 429)),
        Failure(description: "401", reply: .respond(status: 401)),
        Failure(description: "404", reply: .respond(status: 404)),
        Failure(description: "302", reply: .respond(status: 302, headers: ["Location": "/elsewhere"])),
        Failure(description: "dropped connection", reply: .dropConnection),
        Failure(description: "garbled response", reply: .raw(Data("nonsense\r\n\r\n".utf8))),
        // Never answers; the test clock passes the deadline once the request is out.
        Failure(description: "timeout", reply: .hang),
    ]

    @Test("other answers keep the record, persist its attempts, and stop a flush", arguments: failures)
    func retried(_ failure: Failure) async throws {
        let harness = try QueueHarness(analyticsTimeout: 5, backoffSecond: 1000) { request in
            request.path == "/elsewhere" ? .json(200, "{}") : failure.reply
        }
        let queue = harness.openSending()
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1))
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(2))
        // The sender posts e1 as soon as it is queued, so a flush called right away could
        // find that attempt out, failed, or (on a loaded machine) failed before the flush
        // began, and then make one more. Wait for the sender's own attempt to fail first:
        // with a backoff second of 1000 s it does not retry by itself, so the flush makes
        // exactly one attempt, whatever the machine's speed.
        let senderAttemptFailed: @Sendable () async -> Bool = {
            await waitUntil { queue.stats().retries >= 1 }
        }
        let stats: DetourDeliveryStats
        if case .hang = failure.reply {
            #expect(await harness.timingOut(senderAttemptFailed))
            stats = await harness.timingOut(afterRequest: 2) { await queue.flush() }
            #expect(harness.logs.contains(.info, "timed out after 5.0 s"))
        } else {
            #expect(await senderAttemptFailed())
            stats = await queue.flush()
        }
        #expect(stats.retries == 2)
        #expect(stats.delivered == 0)
        #expect(stats.pending == 2)
        await queue.close()
        #expect(queue.stats() == stats)
        #expect(harness.eventNames == ["e1", "e1"])
        #expect(try harness.recordOnDisk(1).attempts == 2)
        #expect(try harness.recordOnDisk(2).attempts == 0)
        #expect(try harness.stateOnDisk().counters.retries == 2)
        #expect(harness.server.requests.allSatisfy { $0.path != "/elsewhere" })
        await harness.finish(queue)
    }

    @Test("retries resend the same bytes with the same Idempotency-Key, in FIFO order")
    func sameKeyOnRetry() async throws {
        let harness = try QueueHarness(handler: QueueHarness.failing(first: 2))
        let queue = harness.openSending()
        for index in 1...3 {
            queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(index))
        }
        let ids = queue.records().map(\.id)
        #expect(await waitUntil { queue.stats().delivered == 3 })
        let requests = harness.analyticsRequests
        #expect(
            requests.map { $0.headers["idempotency-key"] ?? "" } == [ids[0], ids[0], ids[0], ids[1], ids[2]])
        #expect(requests.map(\.body) == [1, 1, 1, 2, 3].map(QueueHarness.body))
        #expect(requests.allSatisfy { $0.method == "POST" && $0.path == "/api/analytics/event" })
        let first = try #require(requests.first)
        #expect(first.headers["authorization"] == "Bearer key-1")
        #expect(first.headers["x-app-id"] == "app-1")
        #expect(first.headers["content-type"] == "application/json")
        #expect(first.headers["x-sdk"] == "waypoint-detour/\(DetourVersion.library)")
        let stats = queue.stats()
        #expect(stats.retries == 2 && stats.pending == 0)
        await harness.finish(queue)
    }

    @Test("retention records go to the retention endpoint")
    func retentionEndpoint() async throws {
        let harness = try QueueHarness()
        let queue = harness.openSending()
        queue.enqueue(kind: .retention, appID: "app-1", body: QueueHarness.body(1))
        #expect(await queue.flush().delivered == 1)
        #expect(harness.server.requests.map(\.path) == ["/api/analytics/retention"])
        await harness.finish(queue)
    }

    @Test("the backoff grows with consecutive failures and resets after a delivery")
    func backoffProgression() async throws {
        let script = Locked([500, 500, 500, 200, 500])
        let harness = try QueueHarness(backoffSecond: 1000) { _ in
            let status = script.withLock { $0.isEmpty ? 200 : $0.removeFirst() }
            return .respond(status: status)
        }
        let queue = harness.openSending()
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1))
        var waits: [TimeInterval?] = []
        for _ in 0..<3 {
            _ = await queue.flush()
            waits.append(queue.lastBackoffWait)
        }
        #expect(waits == [0.75, 1.5, 3])
        #expect(await queue.flush().delivered == 1)
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(2))
        _ = await queue.flush()
        #expect(queue.lastBackoffWait == 0.75)
        await harness.finish(queue)
    }

    /// A `Retry-After` value and the wait it gives after a first failure (0.75 s without it).
    struct RetryAfterCase: Sendable, CustomStringConvertible {
        let header: String
        let wait: TimeInterval
        var description: String { "Retry-After: \(header)" }
    }

    static let retryAfterCases: [RetryAfterCase] = [
        RetryAfterCase(header: "120", wait: 120),
        RetryAfterCase(header: "0", wait: 0.75),
        RetryAfterCase(header: "99999", wait: 3600),
        RetryAfterCase(header: "Fri, 02 Jan 2026 03:14:05 GMT", wait: 599.322),
        RetryAfterCase(header: "Thu, 01 Jan 2026 00:00:00 GMT", wait: 0.75),
        RetryAfterCase(header: "soon", wait: 0.75),
    ]

    @Test("Retry-After raises the wait, up to 3600 s", arguments: retryAfterCases)
    func retryAfter(_ testCase: RetryAfterCase) async throws {
        let harness = try QueueHarness(backoffSecond: 1000) { _ in
            .respond(status: 503, headers: ["Retry-After": testCase.header])
        }
        let queue = harness.openSending()
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1))
        _ = await queue.flush()
        let wait = try #require(queue.lastBackoffWait)
        #expect(abs(wait - testCase.wait) < 0.001)
        await harness.finish(queue)
    }

    @Test("sending starts by itself and waits out the backoff between retries")
    func automaticRetries() async throws {
        let harness = try QueueHarness(handler: QueueHarness.failing(first: 3))
        let queue = harness.openSending()
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1))
        #expect(await waitUntil { queue.stats().delivered == 1 })
        #expect(queue.stats().retries == 3)
        #expect(harness.analyticsRequests.count == 4)
        #expect(harness.directory.recordFiles().isEmpty)
        await harness.finish(queue)
    }

    @Test("records load in sequence order after a restart, with counters from state.json")
    func restart() async throws {
        let harness = try QueueHarness()
        let first = harness.open()
        for index in 1...3 {
            first.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(index))
        }
        first.enqueue(kind: .event, appID: "app-1", body: Data(count: 70_000))
        let ids = first.records().map(\.id)
        await first.close()
        let second = harness.openSending()
        #expect(second.records().map(\.id) == ids)
        #expect(second.stats().droppedOversize == 1)
        #expect(await second.flush().delivered == 3)
        #expect(harness.eventNames == ["e1", "e2", "e3"])
        #expect(second.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(4)))
        #expect(second.records().map(\.seq) == [4])
        await harness.finish(second)
    }

    @Test("a second queue on a locked directory keeps its records in memory and still sends")
    func lockContention() async throws {
        let harness = try QueueHarness()
        let owner = harness.open()
        owner.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1))
        let intruder = harness.openSending()
        #expect(!intruder.isPersistent)
        #expect(harness.logs.contains(.warning, "in use by another process"))
        #expect(intruder.records().isEmpty)
        intruder.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(2))
        #expect(harness.directory.recordFiles() == ["0000000000000001.json"])
        #expect(await intruder.flush().delivered == 1)
        #expect(harness.eventNames == ["e2"])
        #expect(intruder.stats().persistFailures == 0)
        await intruder.close()
        await owner.close()
        let next = harness.open()
        #expect(next.isPersistent)
        #expect(next.records().map(\.seq) == [1])
        await harness.finish(next)
    }

    @Test("a record that cannot be written is kept in memory, counted, and still sent")
    func persistFailure() async throws {
        let harness = try QueueHarness()
        let queue = harness.openSending()
        try FileManager.default.removeItem(at: harness.directory.queue)
        #expect(queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1)))
        #expect(queue.stats().persistFailures == 1)
        #expect(harness.logs.contains(.warning, "keeping it in memory"))
        #expect(await queue.flush().delivered == 1)
        #expect(harness.eventNames == ["e1"])
        await harness.finish(queue)
    }

    @Test("discardPending deletes every record not in flight")
    func discard() async throws {
        let gate = ReplyGate()
        let harness = try QueueHarness { _ in
            gate.wait()
            return .json(200, "{}")
        }
        let queue = harness.openSending()
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1))
        #expect(await waitUntil { harness.server.requests.count == 1 })
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(2))
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(3))
        #expect(queue.discardPending() == 2)
        #expect(queue.stats().discarded == 2)
        gate.open()
        #expect(await waitUntil { queue.stats().delivered == 1 })
        #expect(harness.eventNames == ["e1"])
        #expect(harness.directory.recordFiles().isEmpty)
        #expect(try harness.stateOnDisk().counters.discarded == 2)
        await harness.finish(queue)
    }

    @Test("records of another appID wait in place for a mount with their appID")
    func perAppID() async throws {
        let harness = try QueueHarness()
        let queue = harness.open()
        queue.enqueue(kind: .event, appID: "other", body: QueueHarness.body(1))
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(2))
        queue.start(config: harness.config(), environment: harness.environment)
        let stats = await queue.flush()
        #expect(stats.delivered == 1 && stats.pending == 1)
        #expect(harness.eventNames == ["e2"])
        queue.start(config: harness.config(appID: "other"), environment: harness.environment)
        #expect(await queue.flush().delivered == 2)
        #expect(harness.analyticsRequests.map { $0.headers["x-app-id"] ?? "" } == ["app-1", "other"])
        await harness.finish(queue)
    }

    @Test("stop lets the request in flight finish and records its outcome; nothing new is sent")
    func stopKeepsInFlight() async throws {
        let gate = ReplyGate()
        let harness = try QueueHarness { _ in
            gate.wait()
            return .json(200, "{}")
        }
        let queue = harness.openSending()
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1))
        #expect(await waitUntil { harness.server.requests.count == 1 })
        queue.stop()
        queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(2))
        gate.open()
        #expect(await waitUntil { queue.stats().delivered == 1 })
        #expect(await queue.flush().pending == 1)
        #expect(harness.eventNames == ["e1"])
        #expect(harness.directory.recordFiles() == ["0000000000000002.json"])
        await harness.finish(queue)
    }
}
