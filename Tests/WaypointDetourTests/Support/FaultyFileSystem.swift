import Foundation
import Waypoint

@testable import WaypointDetour

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real file system with two faults a test can turn on, because tests run as root,
/// where permissions deny nothing, and a real small file system needs a mount:
///
/// - a disk with `freeBytes` left: writing a file needs room for all of its bytes first
///   (the temporary file), and fails with `ENOSPC` otherwise; replacing or deleting a file
///   gives its bytes back; overwriting a file in place needs room only for the bytes beyond
///   its current size, as on a real file system whose blocks are already allocated;
/// - names the process may not read: `read` fails with `EACCES` (as `open` does for a
///   mode-000 file and a process that is not root).
final class FaultyFileSystem: DetourQueueFileSystem {
    private struct State {
        var freeBytes: Int?
        var unreadable: Set<String> = []
    }

    private let real = DetourPOSIXQueueFileSystem()
    private let state = Locked(State())

    /// Room left on the disk; nil is unlimited.
    var freeBytes: Int? {
        get { state.withLock { $0.freeBytes } }
        set { state.withLock { $0.freeBytes = newValue } }
    }

    /// File names whose reads fail with `EACCES`.
    func denyReading(_ names: Set<String>) {
        state.withLock { $0.unreadable = names }
    }

    func createDirectory(at url: URL) throws {
        try real.createDirectory(at: url)
    }

    func contentsOfDirectory(at url: URL) throws -> [String] {
        try real.contentsOfDirectory(at: url)
    }

    func read(_ url: URL, limit: Int) throws -> Data {
        if state.withLock({ $0.unreadable.contains(url.lastPathComponent) }) {
            throw DurableFile.Failure("open", url.path, EACCES)
        }
        return try real.read(url, limit: limit)
    }

    func write(_ data: Data, to url: URL, sync: Bool) throws {
        let replaced = Self.size(url) ?? 0
        try take(data.count, for: url, "open")
        do {
            try real.write(data, to: url, sync: sync)
        } catch {
            release(data.count)
            throw error
        }
        release(replaced)
    }

    func overwrite(_ data: Data, at url: URL) throws {
        try take(max(0, data.count - (Self.size(url) ?? 0)), for: url, "pwrite")
        try real.overwrite(data, at: url)
    }

    func remove(_ url: URL) throws {
        let size = Self.size(url)
        try real.remove(url)
        release(size ?? 0)
    }

    /// Reserves `count` bytes or fails with `ENOSPC`.
    private func take(_ count: Int, for url: URL, _ call: String) throws {
        let granted = state.withLock { state -> Bool in
            guard let free = state.freeBytes else { return true }
            guard count <= free else { return false }
            state.freeBytes = free - count
            return true
        }
        if !granted { throw DurableFile.Failure(call, url.path, ENOSPC) }
    }

    private func release(_ count: Int) {
        state.withLock { state in
            if let free = state.freeBytes { state.freeBytes = free + count }
        }
    }

    private static func size(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int
    }
}
