/// The device fields deferred matching sends in its fingerprint, each of which an app can
/// leave out (the article <doc:Privacy> lists what each one is).
///
/// A field left out is not read at all, and the request keeps its shape: a string is sent
/// as `""`, a screen value as `0` and `locale` as `[]`, so a server that expects every key
/// still reads the request. `platform` and `timestamp` are always sent; the clipboard is
/// ``DetourConfig/shouldUseClipboard``.
///
/// ```swift
/// import Foundation
/// import WaypointDetour
///
/// var config = DetourConfig(apiKey: "key", appID: "app", shouldUseClipboard: false)
/// config.fingerprintFields.remove(.userAgent)  // WebKit is never asked
/// config.fingerprintFields = [.systemVersion, .languages]  // or say what is sent
/// ```
public struct DetourFingerprintFields: OptionSet, Sendable, Hashable {
    /// The bits of the set.
    public let rawValue: Int

    /// Creates a set from its bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// `model` and `manufacturer`: the device model (`iPhone`, `iPad`, `Mac`).
    public static let model = DetourFingerprintFields(rawValue: 1 << 0)
    /// `systemVersion`: the operating system version.
    public static let systemVersion = DetourFingerprintFields(rawValue: 1 << 1)
    /// `screenWidth`, `screenHeight` and `scale`: the screen in points and its scale.
    public static let screen = DetourFingerprintFields(rawValue: 1 << 2)
    /// `locale`: the preferred languages, or the locale identifier when there are none.
    public static let languages = DetourFingerprintFields(rawValue: 1 << 3)
    /// `timezone`: the time zone identifier.
    public static let timeZone = DetourFingerprintFields(rawValue: 1 << 4)
    /// `userAgent`: WebKit's user agent. WebKit is asked only when this field is sent, at most
    /// once per process.
    public static let userAgent = DetourFingerprintFields(rawValue: 1 << 5)

    /// Every field: the default, as the Detour SDK sends.
    public static let all: DetourFingerprintFields = [
        .model, .systemVersion, .screen, .languages, .timeZone, .userAgent,
    ]
}
