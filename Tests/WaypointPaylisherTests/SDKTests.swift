import Foundation
import Testing
import Waypoint

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

    @Test("setup(config:) while a short link resolves keeps it and the link queued behind it")
    func setupDuringShortLink() async throws {
        let sdk = PaylisherSDK.shared
        // A short-link host on this machine where nothing listens for https: resolution
        // fails quickly, after setup has replaced the manager.
        sdk.setup(config: PaylisherDeepLinkConfig(shortLinkHosts: ["127.0.0.1"]))
        var delivered: [String] = []
        sdk.onDeepLink { link, _ in delivered.append(link.url.absoluteString) }
        #expect(sdk.handle(URL(string: "https://127.0.0.1/S1")!) == .accepted)
        #expect(sdk.handle(URL(string: "yourapp://home?after=S1")!) == .accepted)
        #expect(delivered.isEmpty)
        sdk.setup(config: PaylisherDeepLinkConfig(shortLinkHosts: ["127.0.0.1"]))
        // A hang guard only; the outcome is what is checked.
        let start = ContinuousClock.now
        while delivered.count < 2, ContinuousClock.now - start < .seconds(120) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(delivered == ["https://127.0.0.1/S1", "yourapp://home?after=S1"])
        #expect(sdk.lastDeepLink?.url.absoluteString == "yourapp://home?after=S1")
    }
}
