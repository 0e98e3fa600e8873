import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointDetour

/// A damaged, exhausted or hostile queue directory: every value read from
/// disk is checked, so nothing traps; damage is logged and repaired, and no record the queue
/// wrote is lost to numbering.
@Suite("Detour analytics queue: damaged directories")
struct AnalyticsDamageTests {
    static let intMax = String(Int.max)

    // MARK: state.json

    /// A `nextSeq` in `state.json` that no queue writes.
    struct NextSeqCase: Sendable, CustomStringConvertible {
        let saved: String
        var description: String { "nextSeq \(saved)" }
    }

    static let nextSeqCases = [
        NextSeqCase(saved: String(UInt64.max)), NextSeqCase(saved: "0"),
        NextSeqCase(saved: "10000000000000001"),
    ]

    @Test("a damaged nextSeq is logged and recomputed from the record files", arguments: nextSeqCases)
    func damagedNextSeq(_ testCase: NextSeqCase) async throws {
        let harness = try QueueHarness()
        try harness.plantRecord(seq: 7, body: 7)
        try harness.plantState(nextSeq: testCase.saved, counters: ["delivered": "5"])
        let queue = harness.open()
        #expect(
            harness.logs.contains(.warning, "nextSeq is \(testCase.saved), outside 1...10000000000000000"))
        #expect(queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(8)))
        #expect(queue.records().map(\.seq) == [7, 8])
        #expect(queue.stats().delivered == 5)
        #expect(try harness.stateOnDisk().nextSeq == 9)
        await harness.expectFlushDelivers(["e7", "e8"], from: queue)
        await harness.finish(queue)
    }

    /// What makes the queue add one to a counter.
    enum Trigger: Sendable {
        case answer(Int), oversize, overflow, discard, unmounted, persistFailure, corruptFile
    }

    /// A counter saved with an extreme value, and what adds to it.
    struct CounterCase: Sendable, CustomStringConvertible {
        let counter: String
        let field: any WritableKeyPath<DetourDeliveryStats, Int> & Sendable
        let saved: String
        let trigger: Trigger
        var description: String { "\(counter) = \(saved)" }
    }

    static let counterCases = [
        CounterCase(counter: "delivered", field: \.delivered, saved: intMax, trigger: .answer(200)),
        CounterCase(counter: "rejected", field: \.rejected, saved: intMax, trigger: .answer(400)),
        CounterCase(counter: "retries", field: \.retries, saved: intMax, trigger: .answer(500)),
        CounterCase(counter: "droppedOversize", field: \.droppedOversize, saved: intMax, trigger: .oversize),
        CounterCase(counter: "droppedOverflow", field: \.droppedOverflow, saved: intMax, trigger: .overflow),
        CounterCase(counter: "discarded", field: \.discarded, saved: intMax, trigger: .discard),
        CounterCase(
            counter: "droppedUnmounted", field: \.droppedUnmounted, saved: intMax, trigger: .unmounted),
        CounterCase(
            counter: "persistFailures", field: \.persistFailures, saved: intMax, trigger: .persistFailure),
        CounterCase(counter: "droppedCorrupt", field: \.droppedCorrupt, saved: intMax, trigger: .corruptFile),
        CounterCase(counter: "delivered", field: \.delivered, saved: "-3", trigger: .answer(200)),
    ]

    @Test(
        "a saved counter outside 0...2^53 is damage: logged, restarted from zero, never a trap",
        arguments: counterCases)
    func damagedCounter(_ testCase: CounterCase) async throws {
        let status = if case .answer(let status) = testCase.trigger { status } else { 200 }
        let capacity = if case .overflow = testCase.trigger { 1 } else { 1000 }
        let harness = try QueueHarness(capacity: capacity, backoffSecond: 1000) { _ in
            .respond(status: status)
        }
        try harness.plantState(nextSeq: "1", counters: [testCase.counter: testCase.saved])
        if case .corruptFile = testCase.trigger {
            try harness.plant("0000000000000001.json", "{not json")
        }
        let queue = harness.open()
        #expect(
            harness.logs.contains(
                .warning, "\(testCase.counter) is \(testCase.saved), outside 0...9007199254740992"))
        switch testCase.trigger {
        case .answer:
            queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1))
            queue.start(config: harness.config(), environment: harness.environment)
            _ = await queue.flush()
        case .oversize:
            queue.enqueue(kind: .event, appID: "app-1", body: Data(count: 70_000))
        case .overflow:
            queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1))
            queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(2))
        case .discard:
            queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1))
            #expect(queue.discardPending() == 1)
        case .unmounted:
            queue.addDroppedUnmounted(1)
        case .persistFailure:
            try FileManager.default.removeItem(at: harness.directory.queue)
            queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(1))
        case .corruptFile:
            break
        }
        #expect(queue.stats()[keyPath: testCase.field] == 1)
        await harness.finish(queue)
    }

    // MARK: Records

    /// A saved `attempts` value and what it is counted from.
    struct AttemptsCase: Sendable, CustomStringConvertible {
        let saved: Int
        let repaired: Int
        var description: String { "attempts \(saved)" }
    }

    static let attemptsCases = [
        AttemptsCase(saved: Int.max, repaired: DetourAnalyticsRecord.maximumAttempts),
        AttemptsCase(saved: -5, repaired: 0),
    ]

    @Test(
        "damaged attempts keep the record: repaired, logged, and a failed send counts on without a trap",
        arguments: attemptsCases)
    func damagedAttempts(_ testCase: AttemptsCase) async throws {
        let harness = try QueueHarness(backoffSecond: 1000) { _ in .respond(status: 500) }
        try harness.plantRecord(seq: 1, attempts: testCase.saved, body: 1)
        let queue = harness.open()
        #expect(queue.records().map(\.attempts) == [testCase.repaired])
        #expect(queue.stats().droppedCorrupt == 0)
        #expect(harness.logs.contains(.warning, "has attempts \(testCase.saved), outside 0...2147483647"))
        // Sending starts by itself; wait for that attempt to fail rather than calling
        // `flush()`, which would make a second attempt whenever the first one failed before
        // the flush began. With a backoff second of 1000 s the sender does not retry by
        // itself, so exactly one attempt is made.
        queue.start(config: harness.config(), environment: harness.environment)
        #expect(await waitUntil { queue.stats().retries >= 1 })
        #expect(queue.stats().retries == 1)
        #expect(queue.records().count == 1)
        let expected = min(testCase.repaired + 1, DetourAnalyticsRecord.maximumAttempts)
        #expect(try harness.recordOnDisk(1).attempts == expected)
        #expect(harness.eventNames == ["e1"])
        await harness.finish(queue)
    }

    @Test("a record file nested 100,000 deep is corrupt, found without recursing")
    func deeplyNestedRecordFile() async throws {
        let harness = try QueueHarness()
        let depth = 100_000
        try harness.plant(
            "0000000000000002.json",
            #"{"id":"x","seq":2,"body":"#
                + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}")
        try harness.plantRecord(seq: 1, body: 1)
        let queue = harness.open()
        #expect(queue.records().map(\.seq) == [1])
        #expect(queue.stats().droppedCorrupt == 1)
        #expect(harness.logs.contains(.warning, "dropped corrupt analytics record 0000000000000002.json"))
        await harness.finish(queue)
    }

    @Test("record files too large to be a record are corrupt; a file is never read past 512 KiB")
    func oversizedRecordFiles() async throws {
        let harness = try QueueHarness()
        try harness.plantRecord(seq: 1, body: 1)
        let body = String(repeating: "a", count: DetourAnalyticsQueue.maximumBodySize + 1)
        try harness.plant(
            "0000000000000002.json",
            #"{"appID":"app-1","attempts":0,"body":"\#(body)","id":"b","kind":"event","seq":2}"#)
        try harness.plant(
            "0000000000000003.json",
            #"{"id":"c","seq":3,"body":""# + String(repeating: "x", count: 600_000) + #""}"#)
        let queue = harness.open()
        #expect(queue.records().map(\.seq) == [1])
        #expect(queue.stats().droppedCorrupt == 2)
        #expect(harness.logs.contains(.warning, "0000000000000002.json: its body is over 64 KiB"))
        #expect(harness.logs.contains(.warning, "0000000000000003.json: larger than 524288 bytes"))
        await harness.finish(queue)
    }

    @Test(
        "a directory holding more records than the capacity keeps the newest, counting the rest as overflow")
    func overCapacityAtLoad() async throws {
        let harness = try QueueHarness(capacity: 2)
        for seq in 1...5 {
            try harness.plantRecord(seq: UInt64(seq), body: seq)
        }
        let queue = harness.open()
        #expect(queue.records().map(\.seq) == [4, 5])
        #expect(queue.stats().droppedOverflow == 3)
        #expect(harness.directory.recordFiles() == ["0000000000000004.json", "0000000000000005.json"])
        await harness.finish(queue)
    }

    // MARK: Sequence numbers

    @Test("at the last 16-digit sequence number the records are renumbered from 1, and all survive a restart")
    func sequenceExhaustion() async throws {
        let harness = try QueueHarness()
        try harness.plantRecord(seq: 9_999_999_999_999_998, body: 1)
        try harness.plantState(nextSeq: "9999999999999999")
        let first = harness.open()
        let ids = first.records().map(\.id)
        #expect(first.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(2)))
        #expect(first.records().map(\.seq) == [9_999_999_999_999_998, 9_999_999_999_999_999])
        #expect(harness.directory.recordFiles() == ["9999999999999998.json", "9999999999999999.json"])
        #expect(first.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(3)))
        #expect(first.records().map(\.seq) == [1, 2, 3])
        #expect(Array(first.records().map(\.id).prefix(1)) == ids)
        #expect(
            harness.directory.recordFiles() == [
                "0000000000000001.json", "0000000000000002.json", "0000000000000003.json",
            ])
        #expect(harness.logs.contains(.warning, "ran out of sequence numbers; renumbered 2 of 2 records"))
        #expect(try harness.stateOnDisk().nextSeq == 4)
        await first.close()
        let second = harness.open()
        #expect(second.records().map(\.seq) == [1, 2, 3])
        await harness.expectFlushDelivers(["e1", "e2", "e3"], from: second)
        await harness.finish(second)
    }

    @Test("renumbering skips the number of a file that could not be read")
    func renumberingSkipsUnreadable() async throws {
        let harness = try QueueHarness()
        try harness.plantRecord(seq: 1, body: 1)
        let blocked = try harness.blockQueueFile("0000000000000002.json")
        try harness.plantRecord(seq: DetourAnalyticsRecord.maximumSequence, body: 3)
        let queue = harness.open()
        #expect(queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(4)))
        #expect(queue.records().map(\.seq) == [1, 3, 4])
        #expect(FileManager.default.fileExists(atPath: blocked.path))
        await harness.expectFlushDelivers(["e1", "e3", "e4"], from: queue)
        await harness.finish(queue)
    }

    /// Record file names beyond 16 digits, as earlier versions wrote past 10^16.
    struct LongNameCase: Sendable, CustomStringConvertible {
        let seq: UInt64
        var description: String { DetourAnalyticsRecord.fileName(for: seq) }
    }

    static let longNameCases = [
        LongNameCase(seq: 10_000_000_000_000_000), LongNameCase(seq: UInt64.max),
    ]

    @Test(
        "record files with more than 16 digits are read, in order, and renumbered", arguments: longNameCases)
    func longNames(_ testCase: LongNameCase) async throws {
        let harness = try QueueHarness()
        try harness.plantRecord(seq: 5, body: 1)
        try harness.plantRecord(seq: testCase.seq, body: 2)
        try harness.plant("00000000000000009.json", "{}")
        let queue = harness.open()
        #expect(queue.records().map(\.seq) == [5, testCase.seq])
        #expect(queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(3)))
        #expect(queue.records().map(\.seq) == [1, 2, 3])
        await harness.expectFlushDelivers(["e1", "e2", "e3"], from: queue)
        #expect(harness.directory.queueFiles().contains("00000000000000009.json"), "not a canonical name")
        await harness.finish(queue)
    }

    @Test("a renumbering cut short leaves two copies of a record; the next launch keeps the first")
    func interruptedRenumbering() async throws {
        let harness = try QueueHarness()
        let id = UUID().uuidString.lowercased()
        try harness.plantRecord(seq: 1, id: id, body: 1)
        try harness.plantRecord(seq: 9_999_999_999_999_990, id: id, body: 1)
        try harness.plantRecord(seq: 9_999_999_999_999_995, body: 2)
        let queue = harness.open()
        #expect(queue.records().map(\.seq) == [1, 9_999_999_999_999_995])
        #expect(queue.stats().droppedCorrupt == 0)
        #expect(harness.directory.recordFiles() == ["0000000000000001.json", "9999999999999995.json"])
        await harness.expectFlushDelivers(["e1", "e2"], from: queue)
        await harness.finish(queue)
    }

    // MARK: Deep event data

    /// Event data nested `depth` levels (objects, with an array every third level).
    struct DepthCase: Sendable, CustomStringConvertible {
        let depth: Int
        var kept: Bool { depth <= DetourAnalytics.maximumDataDepth }
        var description: String { "depth \(depth)" }

        func data() -> [String: Any] {
            var value: Any = ["leaf": 1]
            for level in stride(from: depth - 1, through: 1, by: -1) {
                value = level % 3 == 0 ? [value] : ["next": value]
            }
            if let object = value as? [String: Any] { return object }
            return ["next": value]
        }
    }

    static let depthCases = [
        DepthCase(depth: 1), DepthCase(depth: DetourAnalytics.maximumDataDepth),
        DepthCase(depth: DetourAnalytics.maximumDataDepth + 1), DepthCase(depth: 10_000),
    ]

    @Test(
        "event data deeper than maximumDataDepth is left out with a warning, never a stack overflow",
        arguments: depthCases)
    func deepData(_ testCase: DepthCase) async throws {
        let harness = try QueueHarness()
        let controller = DetourAnalyticsController(environment: harness.environment)
        controller.mount(config: harness.config())
        controller.logEvent("deep", data: testCase.data())
        #expect(await controller.flush().delivered == 2)
        let event = try #require(harness.server.requests.first { $0.path == "/api/analytics/event" })
        #expect(event.jsonBody?["event_name"] as? String == "deep")
        #expect((event.jsonBody?["data"] != nil) == testCase.kept)
        #expect(
            harness.logs.contains(
                .warning, "analytics event deep: data nests objects and arrays deeper than 64 levels")
                == !testCase.kept)
        await controller.close()
        await harness.finish()
    }

    // MARK: Accounting and causes

    @Test("on a full disk the counters still reach state.json, so persistFailures survives a restart")
    func diskFull() async throws {
        let harness = try QueueHarness()
        let disk = FaultyFileSystem()
        disk.freeBytes = 16 * 1024
        let first = harness.open(fileSystem: disk)
        for index in 1...300 {
            #expect(first.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(index)))
        }
        let saved = harness.directory.recordFiles().count
        let stats = first.stats()
        #expect(saved > 0 && saved < 300)
        #expect(stats.pending == 300 && stats.persistFailures == 300 - saved)
        #expect(harness.logs.contains(.warning, "No space left on device"))
        #expect(try harness.stateOnDisk().counters.persistFailures == 300 - saved)
        await first.close()
        let second = harness.open(fileSystem: disk)
        #expect(second.stats().persistFailures == 300 - saved)
        #expect(second.records().map(\.seq) == (1...UInt64(saved)).map { $0 })
        await harness.finish(second)
    }

    @Test(
        "a record file that cannot be read is left in place, not counted corrupt, and its number is not reused"
    )
    func directoryInPlaceOfRecord() async throws {
        let harness = try QueueHarness()
        try harness.plantRecord(seq: 1, body: 1)
        let blocked = try harness.blockQueueFile("0000000000000002.json")
        let queue = harness.open()
        #expect(queue.records().map(\.seq) == [1])
        #expect(queue.stats().droppedCorrupt == 0)
        #expect(
            harness.logs.contains(
                .warning,
                "could not read analytics record 0000000000000002.json, left in place: read \(blocked.path): Is a directory"
            ))
        #expect(!harness.logs.contains(.warning, "dropped corrupt"))
        #expect(queue.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(3)))
        #expect(queue.records().map(\.seq) == [1, 3])
        #expect(FileManager.default.fileExists(atPath: blocked.path))
        await harness.finish(queue)
    }

    @Test("a record the process may not read is kept for a launch that can read it, then sent in order")
    func permissionDenied() async throws {
        let harness = try QueueHarness()
        try harness.plantRecord(seq: 1, body: 1)
        try harness.plantRecord(seq: 2, body: 2)
        let disk = FaultyFileSystem()
        disk.denyReading(["0000000000000001.json"])
        let first = harness.open(fileSystem: disk)
        #expect(first.records().map(\.seq) == [2])
        #expect(first.stats().droppedCorrupt == 0)
        #expect(harness.logs.contains(.warning, "0000000000000001.json, left in place: open"))
        #expect(harness.logs.contains(.warning, "Permission denied"))
        #expect(first.enqueue(kind: .event, appID: "app-1", body: QueueHarness.body(3)))
        await first.close()
        let second = harness.open()
        #expect(second.records().map(\.seq) == [1, 2, 3])
        await harness.expectFlushDelivers(["e1", "e2", "e3"], from: second)
        await harness.finish(second)
    }

    @Test("a lock file that cannot be opened is reported with its cause, not as another process")
    func lockCannotBeOpened() async throws {
        let harness = try QueueHarness()
        let lock = try harness.blockQueueFile(".lock")
        let queue = harness.open()
        #expect(!queue.isPersistent)
        #expect(
            harness.logs.contains(
                .warning,
                "analytics queue \(harness.directory.queue.path) cannot be locked (open \(lock.path): Is a directory)"
            ))
        #expect(!harness.logs.contains(.warning, "in use by another process"))
        await harness.finish(queue)
    }
}

extension QueueHarness {
    /// Starts `queue` sending with ``config(appID:)`` and flushes it: every record left is
    /// delivered, once and in order, as the events `names`, and none stays pending.
    fileprivate func expectFlushDelivers(
        _ names: [String], from queue: DetourAnalyticsQueue, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let before = queue.stats().delivered
        queue.start(config: config(), environment: environment)
        let stats = await queue.flush()
        #expect(stats.delivered - before == names.count, sourceLocation: sourceLocation)
        #expect(stats.pending == 0, sourceLocation: sourceLocation)
        #expect(eventNames == names, sourceLocation: sourceLocation)
    }

    /// Puts a directory where the queue directory's file `name` would be, so that opening it
    /// as a file fails (`EISDIR`); returns its URL.
    fileprivate func blockQueueFile(_ name: String) throws -> URL {
        let blocked = directory.queue.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: true)
        return blocked
    }
}
