// `NSUserActivity` exists only on Apple platforms; which activities count is decided by
// `UserActivity`, which the Linux suite tests.
import Foundation

#if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    extension Router {
        /// Handles an `NSUserActivity` as ``handle(userActivity:)-(UserActivity)`` does.
        ///
        /// - Returns: whether the link was handled, or taken on its way.
        @discardableResult
        public func handle(userActivity: NSUserActivity) -> Bool {
            handle(
                userActivity: UserActivity(
                    activityType: userActivity.activityType, webpageURL: userActivity.webpageURL))
        }

        /// Handles an `NSUserActivity` as
        /// ``handle(userActivity:completion:)-(UserActivity,_)`` does: a browsing-web
        /// activity is dispatched as its web page URL; any other activity returns false
        /// without calling `completion`.
        ///
        /// - Returns: whether the activity is a universal link, so that `completion` will be
        ///   called.
        @discardableResult
        public func handle(
            userActivity: NSUserActivity, completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void
        ) -> Bool {
            handle(
                userActivity: UserActivity(
                    activityType: userActivity.activityType, webpageURL: userActivity.webpageURL),
                completion: completion)
        }
    }
#endif
