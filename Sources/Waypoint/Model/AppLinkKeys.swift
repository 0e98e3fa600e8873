import Foundation

/// The App Links 1.0 keys inside `al_applink_data`, and how their values are read.
package enum AppLinkKeys {
    package static let targetURL = "target_url"
    package static let extras = "extras"
    package static let version = "version"
    package static let userAgent = "user_agent"
    package static let referrer = "referer_app_link"
    package static let referrerTargetURL = "target_url"
    package static let referrerURL = "url"
    package static let referrerAppName = "app_name"
    /// The version the builder writes when it creates App Links data.
    package static let currentVersion = "1.0"

    /// A string member of `data` as a URL; nil when absent, not a string or not a URL.
    package static func url(_ key: String, in data: [String: JSONValue]?) -> URL? {
        data?[key]?.stringValue.flatMap { URL(string: $0) }
    }

    /// The referrer object of `data`.
    package static func referrer(in data: [String: JSONValue]?) -> [String: JSONValue]? {
        data?[referrer]?.objectValue
    }
}
