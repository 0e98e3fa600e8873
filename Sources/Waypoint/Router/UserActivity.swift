import Foundation

/// The two fields of a user activity that routing reads (Documentation/spec/routing.md §5): on Apple
/// platforms it mirrors `NSUserActivity`, which Linux does not have.
public struct UserActivity: Sendable, Hashable {
    /// `NSUserActivityTypeBrowsingWeb`: the activity of a universal link.
    public static let browsingWeb = "NSUserActivityTypeBrowsingWeb"

    /// The activity type.
    public var activityType: String
    /// The web page URL, for browsing activities.
    public var webpageURL: URL?

    /// Creates an activity.
    public init(activityType: String, webpageURL: URL? = nil) {
        self.activityType = activityType
        self.webpageURL = webpageURL
    }

    /// The URL to route: the web page URL of a browsing-web activity, else nil.
    var routableURL: URL? {
        activityType == Self.browsingWeb ? webpageURL : nil
    }
}
