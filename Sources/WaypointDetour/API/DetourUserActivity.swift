import Waypoint

/// A user activity delivered at launch, reduced to what Detour reads: its type and web URL
/// (Documentation/spec/detour.md §1). It is the core module's `UserActivity` (`Waypoint.UserActivity`), so an
/// activity given to Detour can be routed by the core router as it is, with the same
/// `NSUserActivityTypeBrowsingWeb` constant, `activityType` and `webpageURL`.
public typealias DetourUserActivity = UserActivity
