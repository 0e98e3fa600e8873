import Foundation

/// The files of the analytics queue directory: one file per record, `state.json`, `.lock`.
package struct DetourAnalyticsStorage: Sendable {
    /// `dataDirectory/analytics-queue`.
    package let directory: URL

    /// Creates the storage for a queue directory.
    package init(directory: URL) {
        self.directory = directory
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
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Loads every record in sequence order. An unreadable record file (bad JSON, wrong
    /// fields, a `seq` that does not match its name) is deleted and counted; leftover
    /// temporary files are deleted silently.
    package func loadRecords(logger: DetourLogger) -> (records: [DetourAnalyticsRecord], corrupt: Int) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            logger.warning("could not list the analytics queue \(directory.path): \(error)")
            return ([], 0)
        }
        var records: [DetourAnalyticsRecord] = []
        var corrupt = 0
        let decoder = JSONDecoder()
        let numbered = names.compactMap { name in
            DetourAnalyticsRecord.sequence(fromFileName: name).map { (seq: $0, name: name) }
        }
        for name in names where name.hasPrefix(DurableFile.temporaryPrefix) {
            try? DurableFile.remove(directory.appendingPathComponent(name))
        }
        for (seq, name) in numbered.sorted(by: { $0.seq < $1.seq }) {
            let url = directory.appendingPathComponent(name)
            if let data = try? Data(contentsOf: url),
                let record = try? decoder.decode(DetourAnalyticsRecord.self, from: data), record.seq == seq,
                !record.id.isEmpty, record.attempts >= 0
            {
                records.append(record)
                continue
            }
            corrupt += 1
            logger.warning("dropped unreadable analytics record \(name)")
            do {
                try DurableFile.remove(url)
            } catch {
                logger.warning("could not delete \(name): \(error)")
            }
        }
        return (records, corrupt)
    }

    /// The saved state, or nil when missing or unreadable (logged).
    package func loadState(logger: DetourLogger) -> DetourAnalyticsQueueState? {
        guard FileManager.default.fileExists(atPath: stateURL.path) else { return nil }
        do {
            return try JSONDecoder().decode(DetourAnalyticsQueueState.self, from: Data(contentsOf: stateURL))
        } catch {
            logger.warning("could not read \(stateURL.path), counters restart from zero: \(error)")
            return nil
        }
    }

    /// Writes a record durably (temporary file, fsync, rename).
    package func save(_ record: DetourAnalyticsRecord) throws {
        try DurableFile.write(try Self.encoder.encode(record), to: url(for: record.seq), sync: true)
    }

    /// Writes the state atomically (temporary file, rename) without `fsync`: the counters
    /// are statistics, and the next sequence number is also recovered from the record files,
    /// so a crash can at worst lose the last counter updates. Skipping the sync halves the
    /// disk flushes on the logging path.
    package func save(_ state: DetourAnalyticsQueueState) throws {
        try DurableFile.write(try Self.encoder.encode(state), to: stateURL, sync: false)
    }

    /// Deletes the file of the record with `seq`.
    package func delete(_ seq: UInt64) throws {
        try DurableFile.remove(url(for: seq))
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
