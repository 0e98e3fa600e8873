import Foundation

/// A fresh temporary directory, deleted by `remove()`.
struct TestDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("waypoint-detour-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// `analytics-queue` under this directory.
    var queue: URL { url.appendingPathComponent("analytics-queue", isDirectory: true) }

    /// The names of the files in the queue directory, sorted.
    func queueFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: queue.path)) ?? []).sorted()
    }

    /// The record files (`<16 digits>.json`) in the queue directory, sorted.
    func recordFiles() -> [String] {
        queueFiles().filter { $0.count == 21 && $0.hasSuffix(".json") }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
