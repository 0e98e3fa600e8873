import Foundation
import WaypointPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Crash-safe file replacement: write a temporary file in the same directory, optionally
/// `fsync` it, rename it over the destination, and sync the directory entry. A reader sees
/// the old file or the new one, never a torn write.
package enum DurableFile {
    /// A failed system call, with the path and the `errno` text.
    package struct Failure: Error, CustomStringConvertible {
        /// What failed, e.g. `open /x/.y.tmp: No such file or directory`.
        package let description: String
        /// The system call, e.g. `open`.
        package let call: String
        /// The `errno` value.
        package let code: Int32

        package init(_ call: String, _ path: String, _ code: Int32) {
            self.call = call
            self.code = code
            description = "\(call) \(path): \(String(cString: strerror(code)))"
        }
    }

    /// The prefix of temporary files, so loaders can recognise and delete leftovers.
    package static let temporaryPrefix = ".tmp-"

    /// Replaces `url` with `data`.
    ///
    /// - Parameter sync: whether to `fsync` the file and its directory before returning.
    package static func write(_ data: Data, to url: URL, sync: Bool) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(
            temporaryPrefix + UUID().uuidString.lowercased() + "-" + url.lastPathComponent)
        let temporaryPath = temporary.path
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure("open", temporaryPath, errno) }
        var failure: Failure?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = POSIXIO.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = Failure("write", temporaryPath, errno)
                    return
                }
                offset += written
            }
        }
        if failure == nil, sync, fsync(descriptor) != 0 {
            failure = Failure("fsync", temporaryPath, errno)
        }
        close(descriptor)
        if failure == nil, rename(temporaryPath, url.path) != 0 {
            failure = Failure("rename", url.path, errno)
        }
        if let failure {
            unlink(temporaryPath)
            throw failure
        }
        if sync {
            syncDirectory(directory)
        }
    }

    /// Reads `url`, at most `limit` + 1 bytes, so a caller can tell a file longer than
    /// `limit` without reading all of it.
    ///
    /// - Throws: ``Failure`` with the `errno` of the failed `open` or `read` (a directory in
    ///   place of the file fails with `EISDIR`).
    package static func read(_ url: URL, limit: Int) throws(Failure) -> Data {
        let path = url.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure("open", path, errno) }
        defer { close(descriptor) }
        let wanted = max(0, limit) + 1
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: min(wanted, 64 * 1024))
        while data.count < wanted {
            let count = min(chunk.count, wanted - data.count)
            let got = chunk.withUnsafeMutableBytes { POSIXIO.read(descriptor, $0.baseAddress, count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw Failure("read", path, errno)
            }
            if got == 0 { break }
            data.append(contentsOf: chunk[0..<got])
        }
        return data
    }

    /// Overwrites the existing file `url` in place with `data` and syncs it: no new file and,
    /// when `data` is no longer than the file, no new blocks, so it can succeed on a full
    /// disk where ``write(_:to:sync:)`` cannot. Not atomic: a crash during it can leave a
    /// torn file.
    package static func overwrite(_ data: Data, at url: URL) throws(Failure) {
        let path = url.path
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure("open", path, errno) }
        defer { close(descriptor) }
        var failure: Failure?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = pwrite(descriptor, base + offset, buffer.count - offset, off_t(offset))
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = Failure("pwrite", path, errno)
                    return
                }
                offset += written
            }
        }
        if let failure { throw failure }
        if ftruncate(descriptor, off_t(data.count)) != 0 { throw Failure("ftruncate", path, errno) }
        if fsync(descriptor) != 0 { throw Failure("fsync", path, errno) }
    }

    /// Deletes `url`; a missing file is not an error.
    package static func remove(_ url: URL) throws {
        if unlink(url.path) != 0 && errno != ENOENT {
            throw Failure("unlink", url.path, errno)
        }
    }

    /// Makes a rename or unlink in `directory` durable. Best effort: some file systems
    /// refuse to sync directories, and the data itself is already synced.
    private static func syncDirectory(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
