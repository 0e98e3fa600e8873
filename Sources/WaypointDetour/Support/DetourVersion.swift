import Waypoint

/// The adapter's own version, reported in the `X-SDK` header.
package enum DetourVersion {
    /// The library version: the package's (`WaypointVersion`).
    package static var library: String { WaypointVersion.current }

    /// The default `X-SDK` value: `waypoint-detour/<library version>`.
    package static var sdkIdentifier: String { "waypoint-detour/\(library)" }
}
