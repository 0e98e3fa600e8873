import Dispatch
import Foundation
import Waypoint

/// The durable FIFO queue of analytics records in `dataDirectory/analytics-queue/`, and its
/// sender (detour.md §8).
///
/// One instance is one open queue: creating it takes the directory's lock and loads the
/// records, so a new instance on the same directory behaves like the next launch of the app.
/// Without the lock (another queue holds it) or without a usable directory, the queue keeps
/// its records in memory only. Every method is safe to call from any thread; `enqueue`
/// returns only after the record is on disk.
package final class DetourAnalyticsQueue: Sendable {
    /// The largest body accepted, in bytes (64 KiB).
    package static let maximumBodySize = 64 * 1024

    /// The queue directory.
    package let directory: URL
    /// Whether records are written to disk (the lock was taken).
    package var isPersistent: Bool { lock != nil }

    let storage: DetourAnalyticsStorage
    let capacity: Int
    let lock: DetourQueueLock?
    let state: Locked<State>

    /// Everything that changes, guarded by one lock.
    struct State: Sendable {
        var records: [DetourAnalyticsRecord] = []
        /// Records whose file could not be written; they live in memory only.
        var unsaved: Set<UInt64> = []
        var inFlight: UInt64?
        var nextSeq: UInt64 = 1
        var counters = DetourDeliveryStats()
        var environment: DetourEnvironment
        /// The mounted config while sending is on.
        var config: DetourConfig?
        var consecutiveFailures = 0
        /// The monotonic time (nanoseconds) before which the next attempt waits.
        var retryNotBefore: UInt64?
        /// The last backoff wait, in backoff seconds.
        var lastWait: TimeInterval?
        var flushing = false
        var flushWaiters: [CheckedContinuation<DetourDeliveryStats, Never>] = []
        var loop: Task<Void, Never>?
        var sleeper: Task<Void, Never>?
        var closed = false
    }

    /// Opens the queue under `environment.dataDirectory`: creates the directory, takes the
    /// lock, deletes unreadable record files and loads the rest in sequence order.
    package init(environment: DetourEnvironment) {
        let logger = environment.logger
        directory = environment.dataDirectory.appendingPathComponent("analytics-queue", isDirectory: true)
        storage = DetourAnalyticsStorage(directory: directory)
        capacity = max(1, environment.analyticsQueueCapacity)
        var initial = State(environment: environment)
        var acquired: DetourQueueLock?
        do {
            try storage.prepare()
            switch DetourQueueLock.acquire(at: storage.lockURL) {
            case .success(let taken):
                acquired = taken
            case .failure(let failure):
                logger.warning(
                    "analytics queue \(directory.path) is in use by another process (\(failure)); "
                        + "events are kept in memory only")
            }
        } catch {
            logger.warning(
                "analytics queue \(directory.path) is unusable (\(error)); events are kept in memory only")
        }
        lock = acquired
        if acquired != nil {
            let saved = storage.loadState(logger: logger)
            let (records, corrupt) = storage.loadRecords(logger: logger)
            initial.records = records
            initial.counters = saved?.counters ?? DetourDeliveryStats()
            initial.counters.droppedCorrupt += corrupt
            initial.nextSeq = max(saved?.nextSeq ?? 1, (records.last?.seq ?? 0) + 1, 1)
        }
        state = Locked(initial)
        state.withLock { saveState(&$0) }
    }

    // MARK: Records

    /// Appends a record, on disk before returning. Refuses a body over 64 KiB
    /// (`droppedOversize`); when the queue is full, first deletes the oldest record not in
    /// flight (`droppedOverflow`).
    ///
    /// - Returns: whether the record was queued.
    @discardableResult
    package func enqueue(kind: DetourAnalyticsRecord.Kind, appID: String, body: Data) -> Bool {
        state.withLock { state in
            let logger = state.environment.logger
            guard !state.closed else {
                logger.warning("analytics queue is closed; a \(kind.rawValue) record was dropped")
                return false
            }
            guard body.count <= Self.maximumBodySize else {
                state.counters.droppedOversize += 1
                logger.warning(
                    "dropped an analytics \(kind.rawValue) record: its body is \(body.count) bytes, over 64 KiB"
                )
                saveState(&state)
                return false
            }
            while state.records.count >= capacity,
                let victim = state.records.firstIndex(where: { $0.seq != state.inFlight })
            {
                let removed = state.records.remove(at: victim)
                deleteFile(of: removed.seq, &state)
                state.counters.droppedOverflow += 1
                logger.warning(
                    "dropped the oldest analytics record \(removed.seq): the queue is full (\(capacity) records)"
                )
            }
            let record = DetourAnalyticsRecord(
                id: UUID().uuidString.lowercased(), seq: state.nextSeq, kind: kind, appID: appID, attempts: 0,
                body: String(decoding: body, as: UTF8.self))
            state.nextSeq += 1
            if isPersistent {
                do {
                    try storage.save(record)
                } catch {
                    state.unsaved.insert(record.seq)
                    state.counters.persistFailures += 1
                    logger.warning(
                        "could not save analytics record \(record.seq), keeping it in memory: \(error)")
                }
            }
            state.records.append(record)
            saveState(&state)
            wake(&state)
            return true
        }
    }

    /// Deletes every record not in flight, counts them in `discarded` and returns how many.
    package func discardPending() -> Int {
        state.withLock { state in
            let victims = state.records.filter { $0.seq != state.inFlight }
            for victim in victims {
                deleteFile(of: victim.seq, &state)
            }
            state.records.removeAll { $0.seq != state.inFlight }
            state.counters.discarded += victims.count
            saveState(&state)
            if !victims.isEmpty {
                state.environment.logger.info("discarded \(victims.count) pending analytics records")
            }
            return victims.count
        }
    }

    /// Adds events dropped while analytics was not mounted to `droppedUnmounted`.
    package func addDroppedUnmounted(_ count: Int) {
        guard count > 0 else { return }
        state.withLock { state in
            state.counters.droppedUnmounted += count
            saveState(&state)
        }
    }

    /// The pending count and the cumulative counters.
    package func stats() -> DetourDeliveryStats {
        state.withLock { Self.stats(of: $0) }
    }

    /// The queued records, oldest first (for inspection and tests).
    package func records() -> [DetourAnalyticsRecord] {
        state.withLock { $0.records }
    }

    /// The wait chosen after the last failure, in backoff seconds (before scaling by
    /// `backoffSecond`), or nil before any failure.
    package var lastBackoffWait: TimeInterval? {
        state.withLock { $0.lastWait }
    }

    static func stats(of state: State) -> DetourDeliveryStats {
        var stats = state.counters
        stats.pending = state.records.count
        return stats
    }

    func deleteFile(of seq: UInt64, _ state: inout State) {
        if state.unsaved.remove(seq) != nil || !isPersistent { return }
        do {
            try storage.delete(seq)
        } catch {
            state.environment.logger.warning("could not delete analytics record \(seq): \(error)")
        }
    }

    func saveState(_ state: inout State) {
        guard isPersistent, !state.closed else { return }
        do {
            try storage.save(
                DetourAnalyticsQueueState(nextSeq: state.nextSeq, counters: Self.stats(of: state)))
        } catch {
            state.environment.logger.warning("could not save the analytics queue state: \(error)")
        }
    }
}
