/// Why `waypoint-generate-association` stopped, as SwiftPM prints it.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
