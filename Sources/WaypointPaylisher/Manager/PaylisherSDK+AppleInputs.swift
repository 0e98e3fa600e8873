import Foundation
import Waypoint

// The Paylisher SDK's Apple-only input names (Documentation/spec/paylisher.md §1.4): UIKit's open-URL options
// and scene URL contexts, `NSUserActivity`, and the SwiftUI modifier. Each forwards to
// `handle(_:platformHint:)` or `handle(userActivity:)`, where what counts is decided and
// tested on Linux; Linux has none of these types.

#if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    extension PaylisherDeepLinkManager {
        /// Handles an `NSUserActivity` as `handle(userActivity:)` does for the internal value.
        @discardableResult
        public func handle(userActivity: NSUserActivity) -> PaylisherHandleResult? {
            handle(
                userActivity: UserActivity(
                    activityType: userActivity.activityType, webpageURL: userActivity.webpageURL))
        }
    }

    extension PaylisherSDK {
        /// Forwards to ``PaylisherDeepLinkManager/handle(userActivity:)-(NSUserActivity)``.
        @discardableResult
        public func handle(userActivity: NSUserActivity) -> PaylisherHandleResult? {
            manager.handle(userActivity: userActivity)
        }

        /// The SDK's name for ``handle(userActivity:)-(NSUserActivity)``.
        ///
        /// - Returns: whether the activity was a web-browsing one whose URL was taken as a
        ///   deep link.
        @discardableResult
        public func handleUserActivity(_ userActivity: NSUserActivity) -> Bool {
            handle(userActivity: userActivity)?.isTaken ?? false
        }
    }
#endif

#if canImport(UIKit) && !os(watchOS)
    import UIKit

    extension PaylisherSDK {
        /// The SDK's call for `application(_:open:options:)`: handles `url`, with the
        /// options' `sourceApplication` (the opening app's bundle id) as the platform hint.
        ///
        /// UIKit deprecates the app delegate's open-URL options in iOS 26 in favour of
        /// scenes, and so does this: use ``handleURLContexts(_:)`` from a scene delegate.
        ///
        /// - Returns: whether the URL was taken as a deep link.
        @available(iOS, deprecated: 26.0, message: "use handleURLContexts(_:) from a scene delegate")
        @available(tvOS, deprecated: 26.0, message: "use handleURLContexts(_:) from a scene delegate")
        @available(visionOS, deprecated: 26.0, message: "use handleURLContexts(_:) from a scene delegate")
        @discardableResult
        public func handleDeepLink(_ url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool {
            handle(url, platformHint: options[.sourceApplication] as? String).isTaken
        }

        /// The SDK's call for `scene(_:openURLContexts:)`: handles the first context only, as
        /// the SDK does, with its `sourceApplication` as the platform hint.
        ///
        /// - Returns: whether a context's URL was taken as a deep link.
        @discardableResult
        public func handleURLContexts(_ contexts: Set<UIOpenURLContext>) -> Bool {
            guard let context = contexts.first else { return false }
            return handle(context.url, platformHint: context.options.sourceApplication).isTaken
        }
    }
#endif

#if canImport(SwiftUI)
    import SwiftUI

    extension View {
        /// Hands the links this view's scene receives to `PaylisherSDK.shared`, as the SDK's
        /// modifier does: `onOpenURL` to ``PaylisherSDK/handleDeepLink(_:)`` and web-browsing
        /// activities from `onContinueUserActivity` to ``PaylisherSDK/handleUserActivity(_:)-(NSUserActivity)``.
        ///
        /// ```swift
        /// WindowGroup { ContentView().paylisherDeepLinks() }
        /// ```
        @MainActor
        public func paylisherDeepLinks() -> some View {
            onOpenURL { url in
                PaylisherSDK.shared.handleDeepLink(url)
            }
            .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                PaylisherSDK.shared.handleUserActivity(activity)
            }
        }
    }
#endif
