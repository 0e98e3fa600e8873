/// The adapter's own version, reported in the `X-SDK` header.
package enum DetourVersion {
    /// The library version.
    package static let library = "0.1.0"

    /// The default `X-SDK` value: `waypoint-detour/<library version>`.
    package static var sdkIdentifier: String { "waypoint-detour/\(library)" }
}
