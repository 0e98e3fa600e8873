import Foundation
import Waypoint

/// A key-value store kept in one JSON file (the default store outside Apple platforms).
///
/// The file is read once, on first use; every change rewrites it atomically (temporary file,
/// `fsync`, rename). A file that cannot be read or parsed counts as empty and is logged. A
/// value whose write fails stays in memory for this process and is logged.
public final class DetourFileKeyValueStore: DetourKeyValueStore {
    /// The JSON file.
    public let fileURL: URL
    private let logger: DetourLogger
    private let values = Locked<[String: DetourStoredValue]?>(nil)

    /// Creates a store backed by `fileURL`; its directory is created on the first write.
    public convenience init(fileURL: URL) {
        self.init(fileURL: fileURL, logger: .standardError)
    }

    /// Creates a store that reports problems to `logger`.
    package init(fileURL: URL, logger: DetourLogger) {
        self.fileURL = fileURL
        self.logger = logger
    }

    /// The Boolean stored under `key`, or nil.
    public func bool(forKey key: String) -> Bool? {
        guard case .bool(let value) = read(key) else { return nil }
        return value
    }

    /// The string stored under `key`, or nil.
    public func string(forKey key: String) -> String? {
        guard case .string(let value) = read(key) else { return nil }
        return value
    }

    /// Stores a Boolean and rewrites the file.
    public func set(_ value: Bool, forKey key: String) {
        write(.bool(value), forKey: key)
    }

    /// Stores a string and rewrites the file.
    public func set(_ value: String, forKey key: String) {
        write(.string(value), forKey: key)
    }

    private func read(_ key: String) -> DetourStoredValue? {
        values.withLock { cached in
            let loaded = cached ?? load()
            cached = loaded
            return loaded[key]
        }
    }

    private func write(_ value: DetourStoredValue, forKey key: String) {
        values.withLock { cached in
            var loaded = cached ?? load()
            loaded[key] = value
            cached = loaded
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                let data = try encoder.encode(loaded)
                try FileManager.default.createDirectory(
                    at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
                try DurableFile.write(data, to: fileURL, sync: true)
            } catch {
                logger.warning(
                    "could not save \(fileURL.path): \(error); the value is kept for this process only")
            }
        }
    }

    /// Reads the file; a missing file is empty, an unreadable one is empty and logged.
    private func load() -> [String: DetourStoredValue] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [:] }
        do {
            let data = try Data(contentsOf: fileURL)
            return try JSONDecoder().decode([String: DetourStoredValue].self, from: data)
        } catch {
            logger.warning("could not read \(fileURL.path), starting from an empty store: \(error)")
            return [:]
        }
    }
}
