import Foundation
import Waypoint

/// App Links 1.0 data in the `al_applink_data` parameter, read as `DeepLink` reads it and
/// written back as JSON.
///
/// The first write when the builder holds no App Links object creates one with
/// `version: "1.0"`. Setting a field to nil writes `""` (extras: `{}`), as DeepLinkKit did,
/// so the field stays present.
extension DeepLinkBuilder {
    /// The `al_applink_data` object, if the builder holds one.
    public var appLinkData: [String: JSONValue]? {
        self[QueryKeys.appLinkData]?.objectValue
    }

    /// The URL the App Link is made for (`target_url`).
    public var appLinkTargetURL: URL? {
        get { AppLinkKeys.url(AppLinkKeys.targetURL, in: appLinkData) }
        set { updateAppLinkData { $0[AppLinkKeys.targetURL] = .string(newValue?.absoluteString ?? "") } }
    }

    /// Extra data for the receiving app (`extras`).
    public var appLinkExtras: [String: JSONValue]? {
        get { appLinkData?[AppLinkKeys.extras]?.objectValue }
        set { updateAppLinkData { $0[AppLinkKeys.extras] = .object(newValue ?? [:]) } }
    }

    /// The App Links protocol version (`version`); the builder writes `"1.0"`.
    public var appLinkVersion: String? {
        appLinkData?[AppLinkKeys.version]?.stringValue
    }

    /// The user agent of the referring app (`user_agent`).
    public var appLinkUserAgent: String? {
        get { appLinkData?[AppLinkKeys.userAgent]?.stringValue }
        set { updateAppLinkData { $0[AppLinkKeys.userAgent] = .string(newValue ?? "") } }
    }

    /// The URL the referring app was showing (`referer_app_link.target_url`).
    public var appLinkReferrerTargetURL: URL? {
        get { AppLinkKeys.url(AppLinkKeys.referrerTargetURL, in: AppLinkKeys.referrer(in: appLinkData)) }
        set { updateReferrer(AppLinkKeys.referrerTargetURL, .string(newValue?.absoluteString ?? "")) }
    }

    /// The URL that leads back to the referring app (`referer_app_link.url`).
    public var appLinkReferrerURL: URL? {
        get { AppLinkKeys.url(AppLinkKeys.referrerURL, in: AppLinkKeys.referrer(in: appLinkData)) }
        set { updateReferrer(AppLinkKeys.referrerURL, .string(newValue?.absoluteString ?? "")) }
    }

    /// The name of the referring app (`referer_app_link.app_name`).
    public var appLinkReferrerAppName: String? {
        get { AppLinkKeys.referrer(in: appLinkData)?[AppLinkKeys.referrerAppName]?.stringValue }
        set { updateReferrer(AppLinkKeys.referrerAppName, .string(newValue ?? "")) }
    }

    private mutating func updateAppLinkData(_ change: (inout [String: JSONValue]) -> Void) {
        var data = appLinkData ?? [AppLinkKeys.version: .string(AppLinkKeys.currentVersion)]
        change(&data)
        self[QueryKeys.appLinkData] = .object(data)
    }

    private mutating func updateReferrer(_ key: String, _ value: JSONValue) {
        updateAppLinkData { data in
            var referrer = data[AppLinkKeys.referrer]?.objectValue ?? [:]
            referrer[key] = value
            data[AppLinkKeys.referrer] = .object(referrer)
        }
    }
}
