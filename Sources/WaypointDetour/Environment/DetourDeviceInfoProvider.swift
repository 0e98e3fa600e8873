/// Describes the device to the server.
public protocol DetourDeviceInfoProvider: Sendable {
    /// The platform name sent with analytics (`ios`, `macos`, `linux`). Read synchronously
    /// when an event is logged.
    var platform: String { get }
    /// Everything deferred matching sends; may hop to the main actor to read UI state.
    func deviceInfo() async -> DetourDeviceInfo
}
