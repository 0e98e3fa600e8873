// The README's UIKit snippet: where a scene-based app receives links. UIKit scenes exist on
// iOS, tvOS and visionOS only, so this compiles there and is empty elsewhere (Linux).
#if os(iOS) || os(tvOS) || os(visionOS)
    import UIKit
    import Waypoint

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            for context in connectionOptions.urlContexts {
                AppLinks.router.handle(context.url)
            }
            for activity in connectionOptions.userActivities {
                AppLinks.router.handle(userActivity: activity)
            }
        }

        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
            for context in URLContexts {
                AppLinks.router.handle(context.url)
            }
        }

        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
            AppLinks.router.handle(userActivity: userActivity)
        }
    }
#endif
