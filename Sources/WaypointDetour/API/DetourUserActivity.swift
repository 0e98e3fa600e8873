import Foundation

/// A user activity delivered at launch, reduced to what Detour reads: its type and web URL.
public struct DetourUserActivity: Sendable, Hashable {
    /// The activity type of a universal link (`NSUserActivityTypeBrowsingWeb`).
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
}
