import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import PaylisherExampleApp
@testable import WaypointPaylisher

/// `PaylisherSDK.shared` forwarding (spec §1.4). The only suite that touches the shared
/// instance, so its tests run one at a time.
@Suite("PaylisherSDK", .serialized)
@MainActor
struct SDKTests {
    @Test("SDK-style calls work after setup(config:), in any registration order")
    func sharedForwarding() {
        let sdk = PaylisherSDK.shared
        var delivered: [String] = []
        var failed: [PaylisherDeepLinkError] = []
        sdk.onDeepLinkFailed { _, error in failed.append(error) }
        // A link that arrives before setup and before the handler is kept.
        #expect(sdk.handle(URL(string: "https://go.example.com/Zq9/bridge")!) == .waitingForHandler)
        let sink = RecordingEventSink()
        sdk.setup(
            config: PaylisherDeepLinkConfig(
                pendingDeepLinkTimeout: .zero, shortLinkHosts: ["go.example.com"]),
            eventSink: sink)
        // Re-parsed with the new configuration: now a bridge page on an app short host.
        #expect(sdk.manager.config.shortLinkHosts == ["go.example.com"])
        sdk.onDeepLink { link, requiresAuth in delivered.append("\(link.destination) \(requiresAuth)") }
        #expect(delivered.isEmpty)
        #expect(sdk.handle(URL(string: "yourapp://wallet?auth=required")!) == .accepted)
        #expect(sdk.hasPendingDeepLink)
        #expect(sdk.pendingDeepLinkDestination == "wallet")
        #expect(sdk.pendingDeepLink?.destination == "wallet")
        #expect(sdk.completePendingDeepLink())
        #expect(!sdk.cancelPendingDeepLink())
        #expect(!sdk.clearPendingDeepLink())
        #expect(delivered == ["wallet true", "wallet false"])
        #expect(sdk.lastDeepLink?.destination == "wallet")
        #expect(sdk.handle(URL(string: "nope")!) == .failed(.notAbsolute))
        #expect(failed == [.notAbsolute])
        #expect(sink.names == [PaylisherEvent.opened, PaylisherEvent.completed, PaylisherEvent.failed])
        sdk.onDeepLinkRequiresAuth { _, completion in completion(true) }
        sdk.handle(URL(string: "yourapp://profile?auth=required&jid=J")!)
        #expect(delivered.suffix(2) == ["profile true", "profile false"])
        #expect(sdk.attributionProperties()["jid"] == "J")
        sdk.resetJourney()
        #expect(sdk.attributionProperties()["jid"] == nil)
        #expect(sdk.handle(userActivity: UserActivity(activityType: "other")) == nil)
    }

    /// An app delegate written against the SDK: its conformance and call sites compile as
    /// they were.
    final class AppLinks: PaylisherDeepLinkHandler {
        var received: [String] = []
        var failed: [String] = []
        var approve = true

        func paylisherDidReceiveDeepLink(_ deepLink: PaylisherDeepLink, requiresAuth: Bool) {
            received.append("\(deepLink.destination) \(requiresAuth)")
        }

        func paylisherDeepLinkRequiresAuth(
            _ deepLink: PaylisherDeepLink, completion: @escaping (Bool) -> Void
        ) {
            completion(approve)
        }

        func paylisherDeepLinkDidFail(_ url: URL, error: (any Error)?) {
            failed.append("\(url.absoluteString): \(error.map { "\($0)" } ?? "")")
        }
    }

    /// A delegate that implements only the required method.
    final class MinimalLinks: PaylisherDeepLinkHandler {
        var received: [String] = []
        func paylisherDidReceiveDeepLink(_ deepLink: PaylisherDeepLink, requiresAuth: Bool) {
            received.append("\(deepLink.destination) \(requiresAuth)")
        }
    }

    @Test("the SDK's input names and delegate protocol (spec §1.4)")
    func sdkInputNames() {
        let sdk = PaylisherSDK.shared
        sdk.setup(config: PaylisherDeepLinkConfig(pendingDeepLinkTimeout: .zero, duplicateWindow: .zero))
        var links: AppLinks? = AppLinks()
        sdk.setDeepLinkHandler(links)
        #expect(sdk.handleDeepLink(URL(string: "yourapp://products/42")!))
        #expect(!sdk.handleDeepLink(URL(string: "https://host/")!), "a URL that is not a deep link")
        #expect(sdk.handleDeepLink(URL(string: "yourapp://wallet?auth=required")!))
        #expect(links?.received == ["products false", "wallet true", "wallet false"])
        #expect(links?.failed.count == 1)
        links?.approve = false
        sdk.handleDeepLink(URL(string: "yourapp://wallet?auth=required&n=2")!)
        #expect(links?.received.last == "wallet true" && !sdk.hasPendingDeepLink, "denied")
        let web = UserActivity(
            activityType: UserActivity.browsingWeb, webpageURL: URL(string: "https://shop.example/cart"))
        #expect(sdk.handleUserActivity(web))
        #expect(links?.received.last == "cart false")
        #expect(!sdk.handleUserActivity(UserActivity(activityType: "other")))
        // Held weakly, as the SDK holds it.
        links = nil
        #expect(sdk.handleDeepLink(URL(string: "yourapp://home")!))
        let minimal = MinimalLinks()
        sdk.setDeepLinkHandler(minimal)
        sdk.handleDeepLink(URL(string: "yourapp://profile?auth=required")!)
        #expect(minimal.received == ["profile true"], "without an auth method the link waits")
        #expect(sdk.hasPendingDeepLink && sdk.completePendingDeepLink())
        #expect(minimal.received == ["profile true", "profile false"])
        sdk.setDeepLinkHandler(nil)
        #expect(sdk.handleDeepLink(URL(string: "yourapp://home")!))
        #expect(minimal.received.count == 2)
    }

    @Test("the DocC article's SDK-style delegate")
    func docSnippet() {
        PaylisherSDK.shared.setup(config: PaylisherDeepLinkConfig(duplicateWindow: .zero))
        let links = SDKStyleLinks()
        links.start()
        #expect(links.open(URL(string: "yourapp://products/42")!))
        #expect(!links.open(URL(string: "nope")!))
        #expect(links.opened == ["products"])
    }

    @Test("setup(config:) while a short link resolves keeps it and the link queued behind it")
    func setupDuringShortLink() async throws {
        let sdk = PaylisherSDK.shared
        // A short-link host on this machine where nothing listens for https: resolution
        // fails quickly, after setup has replaced the manager.
        sdk.setup(config: PaylisherDeepLinkConfig(shortLinkHosts: ["127.0.0.1"]))
        var delivered: [String] = []
        sdk.onDeepLink { link, _ in
            delivered.append(link.url.absoluteString)
            TestSignal.changed()
        }
        #expect(sdk.handle(URL(string: "https://127.0.0.1/S1")!) == .accepted)
        #expect(sdk.handle(URL(string: "yourapp://home?after=S1")!) == .accepted)
        #expect(delivered.isEmpty)
        sdk.setup(config: PaylisherDeepLinkConfig(shortLinkHosts: ["127.0.0.1"]))
        // A wait for the deliveries (``TestSignal``), not for a time: the outcome is what is
        // checked.
        await TestSignal.wait { delivered.count >= 2 }
        #expect(delivered == ["https://127.0.0.1/S1", "yourapp://home?after=S1"])
        #expect(sdk.lastDeepLink?.url.absoluteString == "yourapp://home?after=S1")
    }
}
