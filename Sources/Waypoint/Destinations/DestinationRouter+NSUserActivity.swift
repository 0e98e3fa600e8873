// `NSUserActivity` exists only on Apple platforms; the link it carries is the top's
// `webpageURL(forTopOf:host:)`, which the Linux suite tests.
import Foundation

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
#endif
