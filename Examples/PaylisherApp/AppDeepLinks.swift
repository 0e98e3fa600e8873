import Foundation
import WaypointPaylisher

/// The app's deep-link wiring: every URL goes to the Paylisher manager from launch on; the
/// handlers are connected once the UI state exists, and links that came earlier are
/// delivered then.
// Its state is Observation's, which needs iOS 17 / macOS 14.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class AppDeepLinks {
    let manager: PaylisherDeepLinkManager
    let router = DeepLinkRouter()
    let session = AppSession()

    init(manager: PaylisherDeepLinkManager = AppDeepLinks.makeManager()) {
        self.manager = manager
    }

    /// Wallet links need a login; the app's own short-link domain is known besides
    /// Paylisher's.
    static func makeManager() -> PaylisherDeepLinkManager {
        PaylisherDeepLinkManager(
            config: PaylisherDeepLinkConfig(
                authRequiredDestinations: ["wallet"],
                shortLinkHosts: ["go.example.com"]))
    }

    /// From `application(_:open:options:)`, `onOpenURL` or the launch options.
    func open(_ url: URL) {
        manager.handle(url)
    }

    /// Called once the UI is up.
    func connect() {
        let router = router
        let session = session
        // A gated link comes with requiresAuth == true (ignored), then false once approved.
        manager.onDeepLink { link, requiresAuth in if !requiresAuth { router.navigate(link) } }
        manager.onDeepLinkRequiresAuth { _, completion in
            if session.isLoggedIn { completion(true) } else { session.afterLogin = completion }
        }
    }
}
