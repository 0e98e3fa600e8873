/// Describes the device to the server.
public protocol DetourDeviceInfoProvider: Sendable {
    /// The platform name sent with analytics (`ios`, `macos`, `linux`). Read synchronously
    /// when an event is logged.
    var platform: String { get }
    /// Everything deferred matching sends; may hop to the main actor to read UI state.
    func deviceInfo() async -> DetourDeviceInfo
    /// What deferred matching sends when the app sends only `fields`
    /// (``DetourConfig/fingerprintFields``): a provider should not read what is left out.
    /// The adapter sends the fields left out empty whatever this returns for them.
    ///
    /// The default implementation returns ``deviceInfo()``.
    func deviceInfo(reading fields: DetourFingerprintFields) async -> DetourDeviceInfo
}

extension DetourDeviceInfoProvider {
    /// Returns ``deviceInfo()``: a provider that reads nothing costly need not look at the
    /// fields, since the adapter empties those left out.
    public func deviceInfo(reading fields: DetourFingerprintFields) async -> DetourDeviceInfo {
        await deviceInfo()
    }
}
