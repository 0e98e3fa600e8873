import Dispatch
import Foundation
import Waypoint

/// The durable FIFO queue of analytics records in `dataDirectory/analytics-queue/`, and its
/// sender (Documentation/spec/detour.md §8).
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
        /// The sequence numbers of record files that could not be read; never issued.
        var reserved: Set<UInt64> = []
        /// The id of the record in flight.
        var inFlight: String?
        /// The next sequence number to issue, in 1...maximumSequence + 1; the last value
        /// means the numbers ran out and the records are renumbered before the next one.
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
    /// lock, deletes corrupt record files and loads the rest in sequence order. Values read
    /// from disk never trap: a damaged one is logged and repaired (see
    /// `DetourAnalyticsStorage`).
    ///
    /// - Parameter fileSystem: where the queue's files are read and written; tests pass one
    ///   that fails on demand.
    package init(
        environment: DetourEnvironment, fileSystem: any DetourQueueFileSystem = DetourPOSIXQueueFileSystem()
    ) {
        let logger = environment.logger
        directory = environment.dataDirectory.appendingPathComponent("analytics-queue", isDirectory: true)
        storage = DetourAnalyticsStorage(directory: directory, fileSystem: fileSystem)
        capacity = max(1, environment.analyticsQueueCapacity)
        var initial = State(environment: environment)
        var acquired: DetourQueueLock?
        do {
            try storage.prepare()
            switch DetourQueueLock.acquire(at: storage.lockURL) {
            case .success(let taken):
                acquired = taken
            case .failure(.held):
                logger.warning(
                    "analytics queue \(directory.path) is in use by another process; events are kept in memory only"
                )
            case .failure(.unavailable(let failure)):
                logger.warning(
                    "analytics queue \(directory.path) cannot be locked (\(failure)); events are kept in memory only"
                )
            }
        } catch {
            logger.warning(
                "analytics queue \(directory.path) is unusable (\(error)); events are kept in memory only")
        }
        lock = acquired
        if acquired != nil {
            let saved = storage.loadState(logger: logger)
            var loaded = storage.loadRecords(logger: logger)
            initial.counters = saved?.counters ?? DetourDeliveryStats()
            initial.counters.add(loaded.corrupt, to: \.droppedCorrupt)
            if loaded.records.count > capacity {
                let excess = loaded.records.count - capacity
                for victim in loaded.records.prefix(excess) {
                    try? storage.delete(victim.seq)
                }
                loaded.records.removeFirst(excess)
                initial.counters.add(excess, to: \.droppedOverflow)
                logger.warning(
                    "dropped the \(excess) oldest analytics records: the queue is full (\(capacity) records)")
            }
            initial.records = loaded.records
            initial.reserved = loaded.unreadable
            let highest = max(loaded.records.last?.seq ?? 0, loaded.unreadable.max() ?? 0)
            let (afterHighest, overflow) = highest.addingReportingOverflow(1)
            let exhausted = DetourAnalyticsRecord.maximumSequence + 1
            initial.nextSeq = min(max(saved?.nextSeq ?? 1, overflow ? exhausted : afterHighest, 1), exhausted)
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
                state.counters.add(1, to: \.droppedOversize)
                logger.warning(
                    "dropped an analytics \(kind.rawValue) record: its body is \(body.count) bytes, over 64 KiB"
                )
                saveState(&state)
                return false
            }
            guard let seq = issueSequence(&state) else {
                state.counters.add(1, to: \.droppedOverflow)
                logger.warning(
                    "dropped an analytics \(kind.rawValue) record: no sequence number is free, even after renumbering"
                )
                saveState(&state)
                return false
            }
            while state.records.count >= capacity,
                let victim = state.records.firstIndex(where: { $0.id != state.inFlight })
            {
                let removed = state.records.remove(at: victim)
                deleteFile(of: removed.seq, &state)
                state.counters.add(1, to: \.droppedOverflow)
                logger.warning(
                    "dropped the oldest analytics record \(removed.seq): the queue is full (\(capacity) records)"
                )
            }
            let record = DetourAnalyticsRecord(
                id: UUID().uuidString.lowercased(), seq: seq, kind: kind, appID: appID, attempts: 0,
                body: String(decoding: body, as: UTF8.self))
            if isPersistent {
                do {
                    try storage.save(record)
                } catch {
                    state.unsaved.insert(record.seq)
                    state.counters.add(1, to: \.persistFailures)
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
            let victims = state.records.filter { $0.id != state.inFlight }
            for victim in victims {
                deleteFile(of: victim.seq, &state)
            }
            state.records.removeAll { $0.id != state.inFlight }
            state.counters.add(victims.count, to: \.discarded)
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
            state.counters.add(count, to: \.droppedUnmounted)
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

    // MARK: Sequence numbers

    /// Takes the next free sequence number. When the numbers have run out (10^16 records, or
    /// a damaged directory that holds a record numbered near the end), the records are
    /// first renumbered from 1; nil when even that leaves no number free.
    func issueSequence(_ state: inout State) -> UInt64? {
        let maximum = DetourAnalyticsRecord.maximumSequence
        var renumbered = false
        while true {
            while state.nextSeq <= maximum, state.reserved.contains(state.nextSeq) {
                state.nextSeq += 1
            }
            if state.nextSeq <= maximum {
                defer { state.nextSeq += 1 }
                return state.nextSeq
            }
            if renumbered { return nil }
            renumber(&state)
            renumbered = true
        }
    }

    /// Gives the records the numbers 1, 2, 3, ... in their order, skipping reserved numbers,
    /// and sets the next number after them.
    ///
    /// Each record's new number is at most its old one, and records move in ascending order,
    /// so no move overwrites a file that still holds another record. A move writes the new
    /// file (fsync'd) before deleting the old one; a crash between the two leaves two files
    /// with the same id, and the loader keeps the first. When a write fails, renumbering stops
    /// there and the remaining records keep their numbers.
    func renumber(_ state: inout State) {
        let logger = state.environment.logger
        // The k-th free number is at most the k-th record's old number, so `next` never
        // passes a number already in use and cannot overflow.
        var next: UInt64 = 1
        var moved = 0
        for index in state.records.indices {
            while state.reserved.contains(next) { next += 1 }
            let record = state.records[index]
            if record.seq != next {
                let renumbered = record.renumbered(to: next)
                if state.unsaved.remove(record.seq) != nil || !isPersistent {
                    if isPersistent { state.unsaved.insert(next) }
                } else {
                    do {
                        try storage.save(renumbered)
                    } catch {
                        logger.warning(
                            "stopped renumbering the analytics queue at record \(record.seq): \(error)")
                        state.nextSeq = DetourAnalyticsRecord.maximumSequence + 1
                        return
                    }
                    do {
                        try storage.delete(record.seq)
                    } catch {
                        logger.warning(
                            "could not delete analytics record \(record.seq) after renumbering: \(error)")
                    }
                }
                state.records[index] = renumbered
                moved += 1
            }
            next += 1
        }
        state.nextSeq = next
        logger.warning(
            "the analytics queue ran out of sequence numbers; renumbered \(moved) of \(state.records.count) records from 1"
        )
    }

    // MARK: Files

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
