import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointDetour

/// The off switches the Privacy article names, each checked in the request that reaches a
/// real loopback server, and the platform-neutral decisions behind the Apple-only device
/// code (which fields are read, which scene counts, when the user agent is read).
@Suite("Detour privacy switches")
@MainActor
struct PrivacyTests {
    nonisolated static let matchPath = "/api/link/match-link"

    /// Each field, the body keys it covers and their values when it is left out.
    nonisolated static let switches: [(DetourFingerprintFields, [String: String])] = [
        (.model, ["model": "", "manufacturer": ""]),
        (.systemVersion, ["systemVersion": ""]),
        (.screen, ["screenWidth": "0", "screenHeight": "0", "scale": "0"]),
        (.languages, ["locale": "[]"]),
        (.timeZone, ["timezone": ""]),
        (.userAgent, ["userAgent": ""]),
    ]

    /// The value of a body key, written the way ``switches`` writes it.
    nonisolated static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String: string
        case let number as NSNumber: number.stringValue
        case let list as [Any] where list.isEmpty: "[]"
        default: nil
        }
    }

    /// Runs deferred matching with `fields` and the device `device`, and returns the body
    /// the server received.
    func sentBody(
        fields: DetourFingerprintFields, device: (any DetourDeviceInfoProvider)? = nil,
        clipboard: FixedClipboard? = nil, useClipboard: Bool = false
    ) async throws -> [String: Any] {
        let harness = try DetourHarness(clipboard: clipboard, handler: Routes.matching("null").handler)
        var environment = harness.makeEnvironment()
        if let device { environment.device = device }
        let analytics = DetourAnalyticsController(environment: environment)
        let detour = Detour(environment: environment, analytics: analytics)
        var config = harness.config(clipboard: useClipboard)
        config.fingerprintFields = fields
        _ = await detour.resolveInitialLink(config: config)
        let body = try #require(harness.requests(Self.matchPath).first?.jsonBody)
        #expect(harness.requests(Self.matchPath).count == 1)
        await analytics.close()
        await harness.finish()
        return body
    }

    @Test("each fingerprint field left out is sent empty, and only that field", arguments: 0..<6)
    func fieldOff(index: Int) async throws {
        let (field, emptied) = Self.switches[index]
        let all = try await sentBody(fields: .all)
        let body = try await sentBody(fields: DetourFingerprintFields.all.subtracting(field))
        #expect(Set(body.keys) == Set(all.keys), "the request keeps its shape")
        for (key, value) in body where key != "timestamp" {
            if let empty = emptied[key] {
                #expect(Self.text(value) == empty, "\(key) is sent empty")
                #expect(Self.text(all[key]) != empty, "\(key) is not empty when sent")
            } else {
                #expect(Self.text(value) == Self.text(all[key]), "\(key) is unchanged")
            }
        }
    }

    @Test("with no field sent, only platform and timestamp carry values")
    func everyFieldOff() async throws {
        let body = try await sentBody(fields: [])
        #expect(body["platform"] as? String == "ios")
        #expect((body["timestamp"] as? NSNumber)?.int64Value == 1_767_323_045_678)
        for (_, emptied) in Self.switches {
            for (key, empty) in emptied {
                #expect(Self.text(body[key]) == empty, "\(key)")
            }
        }
    }

    @Test("the clipboard is never read when switched off, whatever the fields")
    func clipboardOff() async throws {
        let clipboard = FixedClipboard("https://acme.godetour.link/AbC/promo")
        let off = try await sentBody(fields: .all, clipboard: clipboard, useClipboard: false)
        #expect(off["pastedLink"] == nil)
        #expect(clipboard.reads == 0)
        let on = try await sentBody(fields: [], clipboard: clipboard, useClipboard: true)
        #expect(on["pastedLink"] as? String == "https://acme.godetour.link/AbC/promo")
        #expect(clipboard.reads == 1)
    }

    @Test("with sendsAnalytics off, Detour sends no analytics until the app mounts them")
    func analyticsOff() async throws {
        let harness = try DetourHarness(handler: Routes.matching(#""/h/promo""#).handler)
        let web = try #require(URL(string: "https://acme.godetour.link/AbC/products/42"))
        var config = harness.config()
        config.sendsAnalytics = false
        let context = DetourLaunchContext(
            userActivities: [
                DetourUserActivity(activityType: DetourUserActivity.browsingWeb, webpageURL: web)
            ])
        let result = await harness.detour.resolveInitialLink(config: config, launchContext: context)
        #expect(result.link?.route == "/products/42")
        _ = await harness.detour.processLink(web, config: config)
        #expect(!harness.analytics.isMounted)
        #expect(harness.analytics.deliveryStats().droppedUnmounted == 0, "nothing was even attempted")
        #expect(harness.requests("/api/analytics/event").isEmpty)
        #expect(harness.requests("/api/analytics/retention").isEmpty)

        // The same launch with analytics on (the default) mounts them and sends both events.
        config.sendsAnalytics = true
        harness.detour.resetSession()
        _ = await harness.detour.resolveInitialLink(config: config, launchContext: context)
        #expect(harness.analytics.isMounted)
        #expect(await harness.analytics.flush().pending == 0)
        let names = (harness.requests("/api/analytics/event") + harness.requests("/api/analytics/retention"))
            .compactMap { $0.jsonBody?["event_name"] as? String }
        #expect(Set(names) == ["opened_via_universal_link", "app_open"])
        await harness.finish()
    }

    @Test("the system provider reads the user agent only when it is sent, and once per process")
    func userAgentReadOnDemandOnce() async throws {
        let reads = LockedCounter()
        let userAgent = DetourReadOnce<String> {
            reads.increment()
            return "Mozilla/5.0 (test)"
        }
        let device = DetourSystemDeviceInfo(
            reader: DetourPlatformReader(platform: "ios"), sceneScreens: nil, userAgent: userAgent)

        let without = try await sentBody(
            fields: DetourFingerprintFields.all.subtracting(.userAgent), device: device)
        #expect(without["userAgent"] as? String == "")
        #expect(reads.value == 0, "WebKit is not asked when the user agent is not sent")

        let first = try await sentBody(fields: .all, device: device)
        let second = try await sentBody(fields: .all, device: device)
        #expect(first["userAgent"] as? String == "Mozilla/5.0 (test)")
        #expect(second["userAgent"] as? String == "Mozilla/5.0 (test)")
        #expect(reads.value == 1, "read once, then cached")
    }

    @Test("concurrent first reads share one read")
    nonisolated func readOnceConcurrent() async {
        let reads = LockedCounter()
        let gate = AsyncStream<Void>.makeStream()
        let once = DetourReadOnce<Int> {
            reads.increment()
            for await _ in gate.stream { break }
            return 42
        }
        async let a = once.value()
        async let b = once.value()
        async let c = once.value()
        let started = await waitUntil { reads.value == 1 }
        #expect(started)
        gate.continuation.yield()
        let values = await [a, b, c]
        #expect(values == [42, 42, 42])
        #expect(reads.value == 1)
        #expect(await once.value() == 42)
        #expect(reads.value == 1)
    }

    @Test("a provider reads no device, screen, locale or user agent that is not sent")
    func providerReadsOnlyFields() async {
        let deviceReads = LockedCounter()
        let sceneReads = LockedCounter()
        let agentReads = LockedCounter()
        let reader = DetourPlatformReader(
            platform: "ios",
            device: {
                deviceReads.increment()
                return DetourDeviceModel(model: "iPad", manufacturer: "Apple", systemVersion: "18.1")
            },
            displayScale: { 2 })
        let provider = DetourSystemDeviceInfo(
            reader: reader,
            sceneScreens: {
                sceneReads.increment()
                return [DetourSceneScreen(activation: .foregroundActive, width: 820, height: 1180, scale: 2)]
            },
            userAgent: DetourReadOnce {
                agentReads.increment()
                return "UA"
            })
        let none = await provider.deviceInfo(reading: [])
        #expect(deviceReads.value == 0 && sceneReads.value == 0 && agentReads.value == 0)
        #expect(
            none.preferredLanguages.isEmpty && none.localeIdentifier == "" && none.timeZoneIdentifier == "")
        let all = await provider.deviceInfo()
        #expect(deviceReads.value == 1 && sceneReads.value == 1 && agentReads.value == 1)
        #expect(all.model == "iPad" && all.manufacturer == "Apple" && all.systemVersion == "18.1")
        #expect(all.screenWidth == 820 && all.screenHeight == 1180 && all.scale == 2)
        #expect(all.timeZoneIdentifier == TimeZone.current.identifier)
        #expect(all.userAgent == "UA")
    }

    @Test("without a scene the screen is 0×0 at the display scale")
    func noScene() async {
        let provider = DetourSystemDeviceInfo(
            reader: DetourPlatformReader(platform: "ios", displayScale: { 3 }), sceneScreens: { [] },
            userAgent: nil)
        let info = await provider.deviceInfo(reading: .screen)
        #expect(info.screenWidth == 0 && info.screenHeight == 0 && info.scale == 3)
    }

    @Test("the scene chosen: foreground active, then inactive, background, unattached; first among equals")
    func sceneChoice() {
        func screen(_ activation: DetourSceneActivation, _ width: Double) -> DetourSceneScreen {
            DetourSceneScreen(activation: activation, width: width, height: 1, scale: 1)
        }
        let cases: [([DetourSceneScreen], Double?)] = [
            ([], nil),
            ([screen(.unattached, 1)], 1),
            ([screen(.background, 1), screen(.foregroundInactive, 2), screen(.foregroundActive, 3)], 3),
            ([screen(.background, 1), screen(.foregroundInactive, 2)], 2),
            ([screen(.unattached, 1), screen(.background, 2), screen(.background, 3)], 2),
            ([screen(.foregroundActive, 1), screen(.foregroundActive, 2)], 1),
        ]
        for (screens, width) in cases {
            #expect(DetourSceneScreen.choose(from: screens)?.width == width, "\(screens)")
        }
    }

    @Test("launch options: the URL key and the activities in the activity dictionary, nothing else")
    func launchOptions() throws {
        let url = try #require(URL(string: "myapp://products/42"))
        let web = try #require(URL(string: "https://shop.example/p/1"))
        let browsing = DetourUserActivity(activityType: DetourUserActivity.browsingWeb, webpageURL: web)
        var asked: [DetourLaunchOptionKey] = []
        let context = DetourLaunchContext(
            launchOption: { key in
                asked.append(key)
                switch key {
                case .url: return url
                case .userActivityDictionary:
                    return [
                        "UIApplicationLaunchOptionsUserActivityTypeKey": browsing.activityType,
                        "activity": browsing,
                    ]
                        as [AnyHashable: Any]
                }
            },
            activity: { $0 as? DetourUserActivity })
        #expect(context == DetourLaunchContext(launchURL: url, userActivities: [browsing]))
        #expect(Set(asked) == Set(DetourLaunchOptionKey.allCases))

        let odd = DetourLaunchContext(
            launchOption: { key in key == .url ? "myapp://not-a-URL-value" : "not a dictionary" },
            activity: { $0 as? DetourUserActivity })
        #expect(odd == DetourLaunchContext())
    }
}
