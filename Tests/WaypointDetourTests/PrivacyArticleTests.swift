import Foundation
import Testing
import WaypointDetour

// The Swift blocks of the DocC article "Privacy", as written there (ReadmeTests finds them
// here); the test below checks what the first one configures.

/// A config that reads and sends as little as deferred matching can work with.
func leanConfig() -> DetourConfig {
    var config = DetourConfig(apiKey: "YOUR_API_KEY", appID: "YOUR_APP_ID", shouldUseClipboard: false)
    // Send only the OS version, the languages and the time zone.
    config.fingerprintFields = [.systemVersion, .languages, .timeZone]
    // No analytics of Detour's own until the app mounts them, after consent.
    config.sendsAnalytics = false
    return config
}

@MainActor
func resolveLaunchLink() async {
    let result = await Detour.shared.resolveInitialLink(config: leanConfig())
    print(result.link?.route ?? "no link")
}

func analyticsConsentWithdrawn() {
    DetourAnalytics.unmount()  // later events are dropped, not recorded
    let discarded = DetourAnalytics.discardPendingEvents()  // and the queue is emptied
    print("discarded \(discarded) analytics records")
}

@Suite("The Privacy article's examples")
struct PrivacyArticleTests {
    @Test("the lean config sends three fields, no clipboard and no analytics of its own")
    func leanConfigValues() {
        let config = leanConfig()
        #expect(config.fingerprintFields == [.systemVersion, .languages, .timeZone])
        #expect(!config.fingerprintFields.contains(.userAgent))
        #expect(!config.shouldUseClipboard)
        #expect(!config.sendsAnalytics)
        #expect(DetourConfig(apiKey: "k", appID: "a").fingerprintFields == .all)
        #expect(DetourConfig(apiKey: "k", appID: "a").sendsAnalytics)
    }
}
