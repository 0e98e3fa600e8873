import Foundation

/// The match-link request body (Documentation/spec/detour.md §6). `pastedLink` is left out when nil.
package struct DetourFingerprint: Encodable, Sendable, Hashable {
    /// One preferred language.
    package struct Language: Encodable, Sendable, Hashable {
        /// A BCP 47 tag such as `en-US`.
        package let languageTag: String
    }

    package let platform: String
    package let model: String
    package let manufacturer: String
    package let systemVersion: String
    package let screenWidth: Double
    package let screenHeight: Double
    package let scale: Double
    package let locale: [Language]
    package let timezone: String
    package let userAgent: String
    /// Epoch milliseconds.
    package let timestamp: Int64
    package let pastedLink: String?

    /// Builds the fingerprint: `locale` lists the preferred languages, or one entry from the
    /// locale identifier (`_` → `-`) when there are none. Non-finite screen values become 0.
    /// A field not in `fields` is sent empty: `""`, `0` or `[]`.
    package init(
        device: DetourDeviceInfo, fields: DetourFingerprintFields = .all, timestamp: Int64,
        pastedLink: String?
    ) {
        platform = device.platform
        let sendsModel = fields.contains(.model)
        model = sendsModel ? device.model : ""
        manufacturer = sendsModel ? device.manufacturer : ""
        systemVersion = fields.contains(.systemVersion) ? device.systemVersion : ""
        let sendsScreen = fields.contains(.screen)
        screenWidth = sendsScreen && device.screenWidth.isFinite ? device.screenWidth : 0
        screenHeight = sendsScreen && device.screenHeight.isFinite ? device.screenHeight : 0
        scale = sendsScreen && device.scale.isFinite ? device.scale : 0
        if fields.contains(.languages) {
            let languages =
                device.preferredLanguages.isEmpty
                ? [device.localeIdentifier.replacingOccurrences(of: "_", with: "-")]
                : device.preferredLanguages
            locale = languages.map { Language(languageTag: $0) }
        } else {
            locale = []
        }
        timezone = fields.contains(.timeZone) ? device.timeZoneIdentifier : ""
        userAgent = fields.contains(.userAgent) ? device.userAgent : ""
        self.timestamp = timestamp
        self.pastedLink = pastedLink
    }
}
