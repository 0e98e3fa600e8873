import Foundation
import Testing
import Waypoint

@testable import WaypointDetour

/// The public surface of Documentation/spec/detour.md §1: names, raw values, defaults, shorthands, coding.
@Suite("Detour public API")
struct PublicAPITests {
    @Test("the 18 event names and their raw values")
    func eventNames() {
        let expected: [(DetourEventName, String)] = [
            (.login, "login"), (.search, "search"), (.share, "share"), (.signUp, "sign_up"),
            (.tutorialBegin, "tutorial_begin"), (.tutorialComplete, "tutorial_complete"),
            (.reEngage, "re_engage"),
            (.invite, "invite"), (.openedFromPushNotification, "opened_from_push_notification"),
            (.addPaymentInfo, "add_payment_info"), (.addShippingInfo, "add_shipping_info"),
            (.addToCart, "add_to_cart"), (.removeFromCart, "remove_from_cart"), (.refund, "refund"),
            (.viewItem, "view_item"), (.beginCheckout, "begin_checkout"), (.purchase, "purchase"),
            (.adImpression, "ad_impression"),
        ]
        #expect(DetourEventName.allCases.count == 18)
        for (event, raw) in expected {
            #expect(event.rawValue == raw)
        }
        #expect(Set(DetourEventName.allCases.map(\.rawValue)) == Set(expected.map(\.1)))
    }

    @Test("link types and processing modes have the spec's raw values")
    func enums() {
        #expect(LinkType.allCases.map(\.rawValue) == ["deferred", "verified", "scheme"])
        #expect(LinkProcessingMode.allCases.map(\.rawValue) == ["all", "web-only", "deferred-only"])
        #expect(LinkProcessingMode(rawValue: "web-only") == .webOnly)
    }

    @Test("the SDK's four-argument config compiles, and the defaults are as specified")
    func configDefaults() {
        let sdkStyle = DetourConfig(
            apiKey: "k", appID: "a", shouldUseClipboard: false, linkProcessingMode: .webOnly)
        #expect(sdkStyle.apiBaseURL.absoluteString == "https://godetour.dev")
        #expect(sdkStyle.linkProcessingMode == .webOnly)
        #expect(!sdkStyle.shouldUseClipboard)
        let minimal = DetourConfig(apiKey: "k", appID: "a")
        #expect(minimal.shouldUseClipboard)
        #expect(minimal.linkProcessingMode == .all)
        #expect(minimal.apiKey == "k" && minimal.appID == "a")
    }

    @Test("DetourResult: empty() and the SDK's shorthands")
    func resultShorthands() {
        let empty = DetourResult.empty()
        #expect(empty.processed)
        #expect(empty.link == nil)
        #expect(empty.route == nil && empty.pathname == nil && empty.linkType == nil && empty.linkURL == nil)
        #expect(empty.params == [:])
        let link = DetourLink(
            url: "https://a.b/h/p?x=1", route: "/p?x=1", pathname: "/p", params: ["x": "1"], type: .verified)
        let result = DetourResult(link: link)
        #expect(result.processed)
        #expect(result.route == "/p?x=1")
        #expect(result.pathname == "/p")
        #expect(result.linkType == .verified)
        #expect(result.params == ["x": "1"])
        #expect(result.linkURL == URL(string: "https://a.b/h/p?x=1"))
        #expect(result == DetourResult(processed: true, link: link))
        #expect(result != empty)
    }

    @Test("DetourLink codes with its property names and the type's raw value")
    func linkCoding() throws {
        let link = DetourLink(
            url: "myapp://p", route: "/p", pathname: "/p", params: ["a": "b"], type: .scheme)
        let data = try JSONEncoder().encode(link)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["url", "route", "pathname", "params", "type"])
        #expect(object["type"] as? String == "scheme")
        #expect(try JSONDecoder().decode(DetourLink.self, from: data) == link)
    }

    @Test("launch context defaults and the browsing-web activity type")
    func launchContext() {
        #expect(DetourUserActivity.browsingWeb == "NSUserActivityTypeBrowsingWeb")
        let context = DetourLaunchContext()
        #expect(context.launchURL == nil && context.userActivities.isEmpty)
        let activity = DetourUserActivity(activityType: DetourUserActivity.browsingWeb)
        #expect(activity.webpageURL == nil)
    }

    @Test("environment defaults")
    func environmentDefaults() throws {
        let directory = URL(fileURLWithPath: "/tmp/detour-defaults-\(UUID().uuidString)")
        let environment = DetourEnvironment(dataDirectory: directory)
        #expect(environment.timeouts == DetourTimeouts(shortLink: 3, matchLink: 10, analytics: 15))
        #expect(environment.analyticsQueueCapacity == 1000)
        #expect(environment.sdkIdentifier == "waypoint-detour/\(DetourVersion.library)")
        #expect(environment.dataDirectory == directory)
        #expect(environment.transport is DetourURLSessionTransport)
        #expect(environment.device.platform == (DetourSystemDeviceInfo().platform))
        let random = environment.random()
        #expect(random >= 0 && random < 1)
        #expect(abs(environment.now().timeIntervalSinceNow) < 60)
        #if !canImport(Darwin)
            let store = try #require(environment.store as? DetourFileKeyValueStore)
            #expect(store.fileURL == directory.appendingPathComponent("detour-store.json"))
            #expect(environment.clipboard is DetourNoClipboard)
            #expect(environment.device.platform == "linux")
        #endif
    }

    @Test("Detour.shared.processLink(URL) is synchronous, offline, and ignores any mode")
    @MainActor
    func synchronousProcessLink() throws {
        let url = try #require(URL(string: "myapp://product/1?x=1"))
        let result = Detour.shared.processLink(url)
        #expect(result.route == "/product/1?x=1")
        #expect(result.linkType == .scheme)
        let short = try #require(URL(string: "https://acme.godetour.link/s1?x=1"))
        #expect(Detour.shared.processLink(short).route == "/?x=1")
    }
}
