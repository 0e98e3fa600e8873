import Foundation

/// What the app was launched with: the platform-neutral input of `resolveInitialLink`.
public struct DetourLaunchContext: Sendable, Hashable {
    /// The URL that opened the app, if any.
    public var launchURL: URL?
    /// The user activities delivered at launch, in delivery order.
    public var userActivities: [DetourUserActivity]

    /// Creates a launch context; the default is a plain launch without a link.
    public init(launchURL: URL? = nil, userActivities: [DetourUserActivity] = []) {
        self.launchURL = launchURL
        self.userActivities = userActivities
    }
}

/// The `application(_:didFinishLaunchingWithOptions:)` options Detour reads.
package enum DetourLaunchOptionKey: Sendable, CaseIterable {
    /// `UIApplication.LaunchOptionsKey.url`: the URL that opened the app.
    case url
    /// `UIApplication.LaunchOptionsKey.userActivityDictionary`: a dictionary whose values
    /// include the user activity that opened the app.
    case userActivityDictionary
}

extension DetourLaunchContext {
    /// The launch context in an app delegate's launch options: the URL under `.url` (a value
    /// that is not a URL is no launch URL), and the user activities among the values of the
    /// dictionary under `.userActivityDictionary` (its other values, such as the activity
    /// type string, are skipped). No other key is read.
    ///
    /// - Parameters:
    ///   - option: reads one option.
    ///   - activity: the activity a value is, or nil when it is none.
    package init(
        launchOption option: (DetourLaunchOptionKey) -> Any?, activity: (Any) -> DetourUserActivity?
    ) {
        let activities = option(.userActivityDictionary) as? [AnyHashable: Any]
        self.init(
            launchURL: option(.url) as? URL, userActivities: activities?.values.compactMap(activity) ?? [])
    }
}
