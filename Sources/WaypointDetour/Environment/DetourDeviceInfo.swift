/// What deferred matching reports about the device (the fingerprint of Documentation/spec/detour.md §6).
public struct DetourDeviceInfo: Sendable, Hashable {
    /// `ios`, `macos` or `linux`.
    public var platform: String
    /// The device model, e.g. `iPhone`.
    public var model: String
    /// The manufacturer, e.g. `Apple`.
    public var manufacturer: String
    /// The operating system version, e.g. `17.4`.
    public var systemVersion: String
    /// The screen width in points.
    public var screenWidth: Double
    /// The screen height in points.
    public var screenHeight: Double
    /// The screen scale.
    public var scale: Double
    /// The user's preferred languages as BCP 47 tags, most preferred first.
    public var preferredLanguages: [String]
    /// The current locale identifier, e.g. `en_US`; used when there are no preferred languages.
    public var localeIdentifier: String
    /// The time zone identifier, e.g. `Europe/Warsaw`.
    public var timeZoneIdentifier: String
    /// The web view user agent, or `""`.
    public var userAgent: String

    /// Creates device information.
    public init(
        platform: String, model: String, manufacturer: String, systemVersion: String,
        screenWidth: Double, screenHeight: Double, scale: Double, preferredLanguages: [String],
        localeIdentifier: String, timeZoneIdentifier: String, userAgent: String
    ) {
        self.platform = platform
        self.model = model
        self.manufacturer = manufacturer
        self.systemVersion = systemVersion
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.scale = scale
        self.preferredLanguages = preferredLanguages
        self.localeIdentifier = localeIdentifier
        self.timeZoneIdentifier = timeZoneIdentifier
        self.userAgent = userAgent
    }
}
