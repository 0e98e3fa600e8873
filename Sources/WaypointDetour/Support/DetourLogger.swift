import Foundation

/// The adapter's small logger: three levels and a replaceable sink, so tests can capture
/// what the adapter reports instead of printing it.
package struct DetourLogger: Sendable {
    /// How important a message is.
    package enum Level: Int, Sendable, Comparable, CustomStringConvertible {
        /// Expected failures worth knowing when debugging (an unresolved short link).
        case debug
        /// Normal but notable events (no deferred match).
        case info
        /// Something went wrong or was dropped.
        case warning

        package static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        package var description: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .warning: "warning"
            }
        }
    }

    private let sink: @Sendable (Level, String) -> Void

    /// Creates a logger that hands every message to `sink`.
    package init(sink: @escaping @Sendable (Level, String) -> Void) {
        self.sink = sink
    }

    /// Logs `message` at `level`.
    package func log(_ level: Level, _ message: String) {
        sink(level, message)
    }

    /// Logs at debug level.
    package func debug(_ message: String) { log(.debug, message) }

    /// Logs at info level.
    package func info(_ message: String) { log(.info, message) }

    /// Logs at warning level.
    package func warning(_ message: String) { log(.warning, message) }

    /// The default logger: info and warning messages go to standard error, debug messages
    /// are dropped.
    package static let standardError = DetourLogger { level, message in
        guard level >= .info else { return }
        FileHandle.standardError.write(Data("[WaypointDetour] \(level): \(message)\n".utf8))
    }

    /// A logger that drops everything.
    package static let silent = DetourLogger { _, _ in }
}
