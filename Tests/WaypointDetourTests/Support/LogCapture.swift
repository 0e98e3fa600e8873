import Foundation
import Testing
import Waypoint

@testable import WaypointDetour

/// Collects what the adapter logs, so tests can assert on it instead of printing it.
final class LogCapture: Sendable {
    struct Entry: Sendable, Hashable {
        let level: DetourLogger.Level
        let message: String
    }

    private let entries = Locked<[Entry]>([])

    var logger: DetourLogger {
        DetourLogger { [entries] level, message in
            entries.withLock { $0.append(Entry(level: level, message: message)) }
        }
    }

    var all: [Entry] { entries.withLock { $0 } }

    /// Messages at `level`.
    func messages(_ level: DetourLogger.Level) -> [String] {
        all.filter { $0.level == level }.map(\.message)
    }

    /// Whether some message at `level` contains `text`.
    func contains(_ level: DetourLogger.Level, _ text: String) -> Bool {
        messages(level).contains { $0.contains(text) }
    }
}
