import Foundation

/// Loads the JSON pattern tables in `Tests/Fixtures` (copied from the shared tables, so the
/// project stands on its own).
enum Fixtures {
    /// `Tests/Fixtures`, found from this file's location.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // WaypointTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures")

    /// The tables of a fixture file (a single table or an array of tables).
    static func tables(_ name: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        let json = try JSONSerialization.jsonObject(with: data)
        if let array = json as? [[String: Any]] { return array }
        if let table = json as? [String: Any] { return [table] }
        throw CocoaError(.fileReadCorruptFile)
    }
}
