// `NSUserActivity` exists only on Apple platforms; which activities count is decided by
// `UserActivity`, which the Linux suite tests.
import Foundation

#if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    extension Router {
        /// Handles a universal link: an `NSUserActivityTypeBrowsingWeb` activity with a web
        /// page URL is dispatched as that URL by ``handle(_:)-(URL)``; any other activity is
        /// not handled.
        ///
        /// - Returns: whether the link was handled, or taken on its way (an asynchronous
        ///   handler started, a held link, a link waiting for a condition).
        @discardableResult
        public func handle(userActivity: NSUserActivity) -> Bool {
            handle(userActivity: UserActivity(userActivity))
        }

        /// Handles a universal link as ``handle(_:completion:)-(URL,_)`` does; `completion`
        /// gets the result. Any other activity returns false without calling `completion`.
        ///
        /// - Returns: whether the activity is a universal link, so that `completion` will be
        ///   called.
        @discardableResult
        public func handle(
            userActivity: NSUserActivity, completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void
        ) -> Bool {
            handle(userActivity: UserActivity(userActivity), completion: completion)
        }
    }

    extension UserActivity {
        /// The two fields of `activity` that routing reads.
        package init(_ activity: NSUserActivity) {
            self.init(activityType: activity.activityType, webpageURL: activity.webpageURL)
        }
    }
#endif
