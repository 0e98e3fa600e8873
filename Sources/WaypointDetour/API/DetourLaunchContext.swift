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
