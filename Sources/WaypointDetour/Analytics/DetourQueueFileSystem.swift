import Foundation

/// The file operations of the analytics queue directory: the one place the queue touches
/// the disk, so tests can stand in a disk that is full or a file the process may not read
/// (as root, which tests run as, permissions deny nothing).
///
/// Errors carry the cause (`errno`) in their description; the queue logs it as it is.
package protocol DetourQueueFileSystem: Sendable {
    /// Creates `url` and its parents when missing.
    func createDirectory(at url: URL) throws
    /// The names in the directory `url`.
    func contentsOfDirectory(at url: URL) throws -> [String]
    /// Reads at most `limit` + 1 bytes of `url` (see `DurableFile.read(_:limit:)`).
    func read(_ url: URL, limit: Int) throws -> Data
    /// Replaces `url` atomically (see `DurableFile.write(_:to:sync:)`).
    func write(_ data: Data, to url: URL, sync: Bool) throws
    /// Overwrites the existing file `url` in place (see `DurableFile.overwrite(_:at:)`).
    func overwrite(_ data: Data, at url: URL) throws
    /// Deletes `url`; a missing file is not an error.
    func remove(_ url: URL) throws
}
