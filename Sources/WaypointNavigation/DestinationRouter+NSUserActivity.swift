// `NSUserActivity` exists only on Apple platforms; the link it carries is the top's
// `webpageURL(forTopOf:host:)`, which the Linux suite tests.
import Foundation
import Waypoint

#if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    extension DestinationRouter {
        /// Sets `activity`'s `webpageURL` to the `https` link of `stack`'s top on `host`, so
        /// that Handoff and Spotlight continue at that screen (``url(for:scheme:host:)``).
        ///
        /// - Throws: ``DestinationStackError``: the stack is empty, or its top has no link.
        public func setWebpageURL(
            of activity: NSUserActivity, toTopOf stack: [Destination], host: String
        ) throws(DestinationStackError) {
            activity.webpageURL = try webpageURL(forTopOf: stack, host: host)
        }
    }
    extension DestinationRouter {
        /// Pushes a universal link: an `NSUserActivityTypeBrowsingWeb` activity with a web
        /// page URL is pushed as that URL by ``handle(_:)-(URL)``; any other activity is not.
        ///
        /// - Returns: whether the receiver got a destination, or the link was taken on its way
        ///   (an asynchronous builder started, a held link, a link waiting for a condition).
        @discardableResult
        public func handle(userActivity: NSUserActivity) -> Bool {
            handle(userActivity: UserActivity(userActivity))
        }
    }
#endif
