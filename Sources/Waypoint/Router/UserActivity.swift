import Foundation

/// The two fields of a user activity that routing reads (Documentation/spec/routing.md §5):
/// on Apple platforms the public `handle(userActivity:)` overloads take an `NSUserActivity`
/// and read these two, so that the rule of which activities count, decided here, is tested
/// on Linux too, where `NSUserActivity` does not exist.
package struct UserActivity: Sendable, Hashable {
    /// `NSUserActivityTypeBrowsingWeb`: the activity of a universal link.
    package static let browsingWeb = "NSUserActivityTypeBrowsingWeb"

    /// The activity type.
    package var activityType: String
    /// The web page URL, for browsing activities.
    package var webpageURL: URL?

    /// Creates an activity.
    package init(activityType: String, webpageURL: URL? = nil) {
        self.activityType = activityType
        self.webpageURL = webpageURL
    }

    /// The URL to route: the web page URL of a browsing-web activity, else nil.
    package var routableURL: URL? {
        activityType == Self.browsingWeb ? webpageURL : nil
    }
}
