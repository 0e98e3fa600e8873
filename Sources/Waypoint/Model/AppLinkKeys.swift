import Foundation

/// The App Links 1.0 keys inside `al_applink_data`, and how their values are read.
enum AppLinkKeys {
    static let targetURL = "target_url"
    static let extras = "extras"
    static let version = "version"
    static let userAgent = "user_agent"
    static let referrer = "referer_app_link"
    static let referrerTargetURL = "target_url"
    static let referrerURL = "url"
    static let referrerAppName = "app_name"
    /// The version the builder writes when it creates App Links data.
    static let currentVersion = "1.0"

    /// A string member of `data` as a URL; nil when absent, not a string or not a URL.
    static func url(_ key: String, in data: [String: JSONValue]?) -> URL? {
        data?[key]?.stringValue.flatMap { URL(string: $0) }
    }

    /// The referrer object of `data`.
    static func referrer(in data: [String: JSONValue]?) -> [String: JSONValue]? {
        data?[referrer]?.objectValue
    }
}
