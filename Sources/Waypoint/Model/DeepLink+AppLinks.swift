import Foundation

/// App Links 1.0 (https://developers.facebook.com/docs/applinks) read from the JSON object in
/// the `al_applink_data` query parameter. Every accessor is nil when the link is not an App
/// Link, that is when `al_applink_data` is absent or not a JSON object, and when its field is
/// absent or of another type.
extension DeepLink {
    /// The decoded `al_applink_data` object.
    public var appLinkData: [String: JSONValue]? {
        queryParameters[QueryKeys.appLinkData]?.objectValue
    }

    /// The URL the App Link was made for (`target_url`).
    public var appLinkTargetURL: URL? {
        AppLinkKeys.url(AppLinkKeys.targetURL, in: appLinkData)
    }

    /// Extra data the referring app passed (`extras`).
    public var appLinkExtras: [String: JSONValue]? {
        appLinkData?[AppLinkKeys.extras]?.objectValue
    }

    /// The App Links protocol version (`version`), `"1.0"`.
    public var appLinkVersion: String? {
        appLinkData?[AppLinkKeys.version]?.stringValue
    }

    /// The user agent of the referring app (`user_agent`).
    public var appLinkUserAgent: String? {
        appLinkData?[AppLinkKeys.userAgent]?.stringValue
    }

    /// The URL the referring app was showing (`referer_app_link.target_url`).
    public var appLinkReferrerTargetURL: URL? {
        AppLinkKeys.url(AppLinkKeys.referrerTargetURL, in: AppLinkKeys.referrer(in: appLinkData))
    }

    /// The URL that leads back to the referring app (`referer_app_link.url`).
    public var appLinkReferrerURL: URL? {
        AppLinkKeys.url(AppLinkKeys.referrerURL, in: AppLinkKeys.referrer(in: appLinkData))
    }

    /// The name of the referring app (`referer_app_link.app_name`).
    public var appLinkReferrerAppName: String? {
        AppLinkKeys.referrer(in: appLinkData)?[AppLinkKeys.referrerAppName]?.stringValue
    }
}
