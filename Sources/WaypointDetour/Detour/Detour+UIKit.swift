#if canImport(UIKit) && !os(watchOS)
    import UIKit

    extension Detour {
        /// Resolves the initial link from `application(_:didFinishLaunchingWithOptions:)`:
        /// `launchOptions[.url]` is the launch URL and the `userActivityDictionary` values are
        /// the user activities.
        ///
        /// UIKit deprecates both launch-option keys in its 26 SDKs in favour of the scene life
        /// cycle; a scene-based app calls ``resolveInitialLink(config:connectionOptions:completion:)``.
        @available(
            iOS, deprecated: 26.0, message: "use resolveInitialLink(config:connectionOptions:completion:)"
        )
        @available(
            tvOS, deprecated: 26.0, message: "use resolveInitialLink(config:connectionOptions:completion:)"
        )
        @available(
            visionOS, deprecated: 26.0,
            message: "use resolveInitialLink(config:connectionOptions:completion:)"
        )
        public func resolveInitialLink(
            config: DetourConfig, launchOptions: [UIApplication.LaunchOptionsKey: Any]?,
            completion: @escaping @MainActor (DetourResult) -> Void
        ) {
            let context = DetourLaunchContext(
                launchOption: { key in
                    switch key {
                    case .url: launchOptions?[.url]
                    case .userActivityDictionary: launchOptions?[.userActivityDictionary]
                    }
                },
                activity: { value in
                    (value as? NSUserActivity).map {
                        DetourUserActivity(activityType: $0.activityType, webpageURL: $0.webpageURL)
                    }
                })
            resolveInitialLink(config: config, launchContext: context, completion: completion)
        }

        /// Resolves the initial link from `scene(_:willConnectTo:options:)`: the first URL
        /// context is the launch URL and `userActivities` are the user activities.
        public func resolveInitialLink(
            config: DetourConfig, connectionOptions: UIScene.ConnectionOptions,
            completion: @escaping @MainActor (DetourResult) -> Void
        ) {
            let context = DetourLaunchContext(
                launchURL: connectionOptions.urlContexts.first?.url,
                userActivities: connectionOptions.userActivities.map {
                    DetourUserActivity(activityType: $0.activityType, webpageURL: $0.webpageURL)
                })
            resolveInitialLink(config: config, launchContext: context, completion: completion)
        }
    }
#endif
