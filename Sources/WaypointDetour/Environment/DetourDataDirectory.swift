import Foundation

/// Where the adapter keeps its files by default.
package enum DetourDataDirectory {
    /// Apple: Application Support/`Waypoint/Detour`. Elsewhere: `$XDG_DATA_HOME/waypoint/detour`
    /// when `XDG_DATA_HOME` is an absolute path, else `~/.local/share/waypoint/detour`.
    package static func platformDefault() -> URL {
        #if canImport(Darwin)
            let support =
                FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
                ?? FileManager.default.temporaryDirectory
            return support.appendingPathComponent("Waypoint", isDirectory: true)
                .appendingPathComponent("Detour", isDirectory: true)
        #else
            return xdg(environment: ProcessInfo.processInfo.environment)
        #endif
    }

    /// The XDG rule on its own, for any environment: relative or empty `XDG_DATA_HOME` values
    /// are ignored, as the XDG Base Directory specification requires.
    package static func xdg(environment: [String: String]) -> URL {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return URL(fileURLWithPath: dataHome, isDirectory: true)
                .appendingPathComponent("waypoint", isDirectory: true)
                .appendingPathComponent("detour", isDirectory: true)
        }
        let home =
            environment["HOME"].flatMap {
                $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil
            }
            ?? URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
        return home.appendingPathComponent(".local/share/waypoint/detour", isDirectory: true)
    }
}
