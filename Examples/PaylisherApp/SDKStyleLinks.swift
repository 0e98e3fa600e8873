// The Paylisher guide's SDK-style wiring: an app delegate written against the Paylisher SDK,
// its conformance and calls unchanged.
import Foundation
import WaypointPaylisher

@MainActor
final class SDKStyleLinks: PaylisherDeepLinkHandler {
    private(set) var opened: [String] = []

    func start() {
        PaylisherSDK.shared.setDeepLinkHandler(self)
    }

    /// What `application(_:open:options:)` returns.
    func open(_ url: URL) -> Bool {
        PaylisherSDK.shared.handleDeepLink(url)
    }

    func paylisherDidReceiveDeepLink(_ deepLink: PaylisherDeepLink, requiresAuth: Bool) {
        if !requiresAuth { opened.append(deepLink.destination) }
    }
}
