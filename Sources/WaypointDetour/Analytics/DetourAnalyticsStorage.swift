import Foundation
import Waypoint

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of the analytics queue directory: one file per record, `state.json`, `.lock`.
///
/// Nothing read here can trap: sizes are capped, nesting is bounded, numbers are checked,
/// and every unexpected value is damage with a logged reason.
package struct DetourAnalyticsStorage: Sendable {
    /// What loading the record files found.
    package struct LoadedRecords: Sendable {
        /// The readable records, in sequence order, without duplicates.
        package var records: [DetourAnalyticsRecord] = []
        /// Files that were read but are not records (deleted).
        package var corrupt = 0
        /// The sequence numbers of record files the process could not read (an I/O error,
        /// such as permission denied). They are left in place for a later launch, and their
        /// numbers are not issued again.
        package var unreadable: Set<UInt64> = []
    }

    /// What `state.json` held, after repairing damaged values.
    package struct LoadedState: Sendable {
        /// The saved next sequence number, or nil when it was damaged.
        package var nextSeq: UInt64?
        /// The cumulative counters; damaged ones are zero.
        package var counters: DetourDeliveryStats
    }

    /// The largest record file read: a 64 KiB body escaped as JSON text, with room to spare.
    /// A longer file is not a record this queue wrote.
    package static let maximumRecordFileSize = 512 * 1024
    /// The largest `state.json` read.
    package static let maximumStateFileSize = 64 * 1024
    /// `state.json` is padded with spaces to this size, so that on a full disk it can still
    /// be overwritten in place without allocating.
    package static let stateFileSize = 1024

    /// `dataDirectory/analytics-queue`.
    package let directory: URL
    /// Where the files are read and written.
    package let fileSystem: any DetourQueueFileSystem

    /// Creates the storage for a queue directory.
    package init(directory: URL, fileSystem: any DetourQueueFileSystem = DetourPOSIXQueueFileSystem()) {
        self.directory = directory
        self.fileSystem = fileSystem
    }

    /// The lock file.
    package var lockURL: URL { directory.appendingPathComponent(".lock") }

    /// The state file.
    package var stateURL: URL { directory.appendingPathComponent("state.json") }

    /// The file of the record with `seq`.
    package func url(for seq: UInt64) -> URL {
        directory.appendingPathComponent(DetourAnalyticsRecord.fileName(for: seq))
    }

    /// Creates the directory when missing.
    package func prepare() throws {
        try fileSystem.createDirectory(at: directory)
    }

    /// Loads every record in sequence order.
    ///
    /// - A file that cannot be read (an I/O error) is left in place and its sequence number
    ///   reported in `unreadable`: unreadable is not corrupt.
    /// - A file that was read but is not a record (too large, bad JSON, nested, wrong
    ///   fields, a `seq` that does not match its name, a body over 64 KiB) is deleted and
    ///   counted in `corrupt`.
    /// - A second file with the id of an earlier one (left by an interrupted renumbering) is
    ///   deleted without being counted; damaged `attempts` are repaired.
    /// - Leftover temporary files are deleted silently.
    package func loadRecords(logger: DetourLogger) -> LoadedRecords {
        var loaded = LoadedRecords()
        let names: [String]
        do {
            names = try fileSystem.contentsOfDirectory(at: directory)
        } catch {
            logger.warning("could not list the analytics queue \(directory.path): \(error)")
            return loaded
        }
        for name in names where name.hasPrefix(DurableFile.temporaryPrefix) {
            try? fileSystem.remove(directory.appendingPathComponent(name))
        }
        let numbered = names.compactMap { name in
            DetourAnalyticsRecord.sequence(fromFileName: name).map { (seq: $0, name: name) }
        }
        var ids: Set<String> = []
        for (seq, name) in numbered.sorted(by: { $0.seq < $1.seq }) {
            let url = directory.appendingPathComponent(name)
            let data: Data
            do {
                data = try fileSystem.read(url, limit: Self.maximumRecordFileSize)
            } catch {
                loaded.unreadable.insert(seq)
                logger.warning("could not read analytics record \(name), left in place: \(error)")
                continue
            }
            switch Self.record(from: data, seq: seq) {
            case .failure(let damage):
                loaded.corrupt += 1
                logger.warning("dropped corrupt analytics record \(name): \(damage.reason)")
                removeLogging(url, logger: logger)
            case .success(var record):
                guard ids.insert(record.id).inserted else {
                    logger.info(
                        "deleted \(name): a second copy of record \(record.id), left by an interrupted renumbering"
                    )
                    removeLogging(url, logger: logger)
                    continue
                }
                if !(0...DetourAnalyticsRecord.maximumAttempts).contains(record.attempts) {
                    logger.warning(
                        "analytics record \(name) has attempts \(record.attempts), outside 0...\(DetourAnalyticsRecord.maximumAttempts); counted from \(max(0, min(record.attempts, DetourAnalyticsRecord.maximumAttempts)))"
                    )
                    record.attempts = max(0, min(record.attempts, DetourAnalyticsRecord.maximumAttempts))
                }
                loaded.records.append(record)
            }
        }
        return loaded
    }

    /// Why a file is not a record.
    package struct Damage: Error, Sendable {
        /// The reason, for the log.
        package let reason: String
    }

    /// Decodes the record file `data` named for `seq`, or says why it is not one.
    package static func record(from data: Data, seq: UInt64) -> Result<DetourAnalyticsRecord, Damage> {
        guard data.count <= maximumRecordFileSize else {
            return .failure(Damage(reason: "larger than \(maximumRecordFileSize) bytes"))
        }
        // A record is one flat object. The core's parser keeps its own stack, so checking the
        // shape first means no file, however deeply it nests, reaches a recursive decoder.
        do {
            _ = try JSONValue(parsing: String(decoding: data, as: UTF8.self), maximumDepth: 1)
        } catch {
            return .failure(Damage(reason: "not a flat JSON object (\(error))"))
        }
        let record: DetourAnalyticsRecord
        do {
            record = try JSONDecoder().decode(DetourAnalyticsRecord.self, from: data)
        } catch {
            return .failure(Damage(reason: "missing or mistyped fields"))
        }
        if record.seq != seq {
            return .failure(Damage(reason: "its seq \(record.seq) does not match its name"))
        }
        if record.id.isEmpty { return .failure(Damage(reason: "its id is empty")) }
        if record.body.utf8.count > DetourAnalyticsQueue.maximumBodySize {
            return .failure(Damage(reason: "its body is over 64 KiB"))
        }
        return .success(record)
    }

    /// The saved state with damaged values repaired (each logged), or nil when the file is
    /// missing or unreadable (logged).
    package func loadState(logger: DetourLogger) -> LoadedState? {
        let data: Data
        do {
            data = try fileSystem.read(stateURL, limit: Self.maximumStateFileSize)
        } catch let failure as DurableFile.Failure where failure.code == ENOENT {
            return nil
        } catch {
            logger.warning("could not read \(stateURL.path), counters restart from zero: \(error)")
            return nil
        }
        let saved: DetourAnalyticsQueueState
        do {
            guard data.count <= Self.maximumStateFileSize else {
                throw Damage(reason: "larger than \(Self.maximumStateFileSize) bytes")
            }
            _ = try JSONValue(parsing: String(decoding: data, as: UTF8.self), maximumDepth: 2)
            saved = try JSONDecoder().decode(DetourAnalyticsQueueState.self, from: data)
        } catch {
            logger.warning("\(stateURL.path) is damaged, counters restart from zero: \(error)")
            return nil
        }
        var loaded = LoadedState(nextSeq: saved.nextSeq, counters: saved.counters)
        if !(1...DetourAnalyticsRecord.maximumSequence + 1).contains(saved.nextSeq) {
            logger.warning(
                "\(stateURL.path) is damaged: nextSeq is \(saved.nextSeq), outside 1...\(DetourAnalyticsRecord.maximumSequence + 1); it is recomputed from the record files"
            )
            loaded.nextSeq = nil
        }
        for damage in loaded.counters.repairLoadedCounters() {
            logger.warning("\(stateURL.path) is damaged: \(damage); it restarts from zero")
        }
        return loaded
    }

    /// Writes a record durably (temporary file, fsync, rename).
    package func save(_ record: DetourAnalyticsRecord) throws {
        try fileSystem.write(try Self.encoder.encode(record), to: url(for: record.seq), sync: true)
    }

    /// Writes the state atomically (temporary file, rename) without `fsync`: the counters
    /// are statistics, and the next sequence number is also recovered from the record files,
    /// so a crash can at worst lose the last counter updates. Skipping the sync halves the
    /// disk flushes on the logging path.
    ///
    /// When that fails (a full disk has no room for the temporary file), the existing file
    /// is overwritten in place: it is padded to ``stateFileSize``, so this needs no new
    /// space, and the counters survive a restart on a full disk.
    package func save(_ state: DetourAnalyticsQueueState) throws {
        var data = try Self.encoder.encode(state)
        if data.count < Self.stateFileSize {
            data.append(contentsOf: repeatElement(UInt8(ascii: " "), count: Self.stateFileSize - data.count))
        }
        do {
            try fileSystem.write(data, to: stateURL, sync: false)
        } catch {
            do {
                try fileSystem.overwrite(data, at: stateURL)
            } catch let second {
                throw Damage(reason: "\(error); in place: \(second)")
            }
        }
    }

    /// Deletes the file of the record with `seq`.
    package func delete(_ seq: UInt64) throws {
        try fileSystem.remove(url(for: seq))
    }

    private func removeLogging(_ url: URL, logger: DetourLogger) {
        do {
            try fileSystem.remove(url)
        } catch {
            logger.warning("could not delete \(url.lastPathComponent): \(error)")
        }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension DetourAnalyticsStorage.Damage: CustomStringConvertible {
    package var description: String { reason }
}
