import Foundation

/// A user activity delivered at launch, reduced to what Detour reads: its type and web page
/// URL (Documentation/spec/detour.md §1). On Apple platforms the launch context is made from
/// the `NSUserActivity` values UIKit delivers; on every platform it can be made by hand.
public struct DetourUserActivity: Sendable, Hashable {
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
}
