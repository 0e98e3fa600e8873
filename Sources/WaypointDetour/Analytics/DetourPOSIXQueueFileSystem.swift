import Foundation

/// The real file system, through `DurableFile`: what every queue uses outside tests.
package struct DetourPOSIXQueueFileSystem: DetourQueueFileSystem {
    /// Creates the real file system.
    package init() {}

    package func createDirectory(at url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    package func contentsOfDirectory(at url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path)
    }

    package func read(_ url: URL, limit: Int) throws -> Data {
        try DurableFile.read(url, limit: limit)
    }

    package func write(_ data: Data, to url: URL, sync: Bool) throws {
        try DurableFile.write(data, to: url, sync: sync)
    }

    package func overwrite(_ data: Data, at url: URL) throws {
        try DurableFile.overwrite(data, at: url)
    }

    package func remove(_ url: URL) throws {
        try DurableFile.remove(url)
    }
}
