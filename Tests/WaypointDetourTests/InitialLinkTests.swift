import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointDetour

/// `resolveInitialLink`, the session and deferred links (Documentation/spec/detour.md §6, §7).
@Suite("Detour initial link and deferred links")
@MainActor
struct InitialLinkTests {
    nonisolated static let matchPath = "/api/link/match-link"

    @Test("first entrance: match-link gets the fingerprint and its link is typed deferred")
    func deferredMatch() async throws {
        let harness = try DetourHarness(
            handler: Routes.matching(#""https://acme.godetour.link/AbC/promo?x=1""#).handler)
        let result = await harness.detour.resolveInitialLink(config: harness.config())
        #expect(result.link?.route == "/promo?x=1")
        #expect(result.link?.type == .deferred)
        #expect(result.link?.url == "https://acme.godetour.link/AbC/promo?x=1")
        let request = try #require(harness.requests(Self.matchPath).first)
        #expect(harness.requests(Self.matchPath).count == 1)
        #expect(request.method == "POST")
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["authorization"] == "Bearer key-1")
        #expect(request.headers["x-app-id"] == "app-1")
        #expect(request.headers["x-sdk"] == "waypoint-detour/\(DetourVersion.library)")
        let body = try #require(request.jsonBody)
        #expect(
            Set(body.keys)
                == [
                    "platform", "model", "manufacturer", "systemVersion", "screenWidth", "screenHeight",
                    "scale",
                    "locale", "timezone", "userAgent", "timestamp",
                ])
        #expect(body["platform"] as? String == "ios")
        #expect(body["model"] as? String == "iPhone")
        #expect(body["manufacturer"] as? String == "Apple")
        #expect(body["systemVersion"] as? String == "17.4")
        #expect(body["screenWidth"] as? Double == 393)
        #expect(body["screenHeight"] as? Double == 852)
        #expect(body["scale"] as? Double == 3)
        let locale = try #require(body["locale"] as? [[String: String]])
        #expect(locale == [["languageTag": "en-US"], ["languageTag": "pl-PL"]])
        #expect(body["timezone"] as? String == "Europe/Warsaw")
        #expect(body["userAgent"] as? String == "Mozilla/5.0 (iPhone; test)")
        #expect((body["timestamp"] as? NSNumber)?.int64Value == 1_767_323_045_678)
        #expect(harness.makeEnvironment().store.bool(forKey: "DetourFirstEntranceFlag") == true)
        await harness.finish()
    }

    @Test("the clipboard contributes only its first http(s) URL, and only when allowed")
    func clipboard() async throws {
        let clipboard = FixedClipboard(
            "Look: HTTPS://acme.godetour.link/AbC/promo!), then https://second.example")
        let harness = try DetourHarness(clipboard: clipboard, handler: Routes.matching("null").handler)
        let result = await harness.detour.resolveInitialLink(config: harness.config(clipboard: true))
        #expect(result == .empty())
        #expect(clipboard.reads == 1)
        let body = try #require(harness.requests(Self.matchPath).first?.jsonBody)
        #expect(body["pastedLink"] as? String == "HTTPS://acme.godetour.link/AbC/promo")

        harness.detour.resetSession(allowDeferredRetry: true)
        _ = await harness.detour.resolveInitialLink(config: harness.config(clipboard: false))
        #expect(clipboard.reads == 1)
        let second = try #require(harness.requests(Self.matchPath).last?.jsonBody)
        #expect(harness.requests(Self.matchPath).count == 2)
        #expect(second["pastedLink"] == nil)
        await harness.finish()
    }

    @Test("a clipboard without a web URL sends no pastedLink")
    func clipboardWithoutURL() async throws {
        let clipboard = FixedClipboard("ftp://files.example and plain words https://")
        let harness = try DetourHarness(clipboard: clipboard, handler: Routes.matching("null").handler)
        _ = await harness.detour.resolveInitialLink(config: harness.config(clipboard: true))
        let body = try #require(harness.requests(Self.matchPath).first?.jsonBody)
        #expect(body["pastedLink"] == nil)
        #expect(clipboard.reads == 1)
        await harness.finish()
    }

    @Test("not the first entrance: empty, no match-link, also after a restart")
    func notFirstEntrance() async throws {
        let harness = try DetourHarness(handler: Routes.matching(#""/h/promo""#).handler)
        let first = await harness.detour.resolveInitialLink(config: harness.config())
        #expect(first.link?.route == "/promo")
        #expect(first.link?.type == .deferred)
        await harness.restart()
        let second = await harness.detour.resolveInitialLink(config: harness.config())
        #expect(second == .empty())
        #expect(harness.requests(Self.matchPath).count == 1)
        await harness.finish()
    }

    @Test("the first-entrance flag is stored before match-link, so a failed match is not retried")
    func failedMatchIsNotRetried() async throws {
        var routes = Routes()
        routes.matchLink = { _ in .json(500, #"{"error":"boom"}"#) }
        let harness = try DetourHarness(handler: routes.handler)
        #expect(await harness.detour.resolveInitialLink(config: harness.config()) == .empty())
        await harness.restart()
        #expect(await harness.detour.resolveInitialLink(config: harness.config()) == .empty())
        #expect(harness.requests(Self.matchPath).count == 1)
        await harness.finish()
    }

    @Test("deferred links go through the pipeline: short links resolve and stay deferred")
    func deferredShortLink() async throws {
        var routes = Routes.matching(#""https://acme.godetour.link/s1""#)
        routes.resolveShort = { _ in
            .json(200, #"{"link":"https://acme.godetour.link/AbC/promo/summer?src=qr"}"#)
        }
        let harness = try DetourHarness(handler: routes.handler)
        let result = await harness.detour.resolveInitialLink(config: harness.config())
        #expect(result.link?.route == "/promo/summer?src=qr")
        #expect(result.link?.type == .deferred)
        #expect(result.link?.url == "https://acme.godetour.link/AbC/promo/summer?src=qr")
        let offered = harness.requests("/api/link/resolve-short").first?.jsonBody?["url"] as? String
        #expect(offered == "https://acme.godetour.link/s1")
        await harness.finish()
    }

    /// A match-link answer and whether it gives a link.
    struct MatchAnswer: Sendable, CustomStringConvertible {
        let description: String
        let reply: TestHTTPServer.Reply
        let route: String?
        let mode: LinkProcessingMode
        let log: (DetourLogger.Level, String)?

        init(
            _ description: String, _ reply: TestHTTPServer.Reply, route: String? = nil,
            mode: LinkProcessingMode = .all,
            log: (DetourLogger.Level, String)? = nil
        ) {
            self.description = description
            self.reply = reply
            self.route = route
            self.mode = mode
            self.log = log
        }
    }

    nonisolated static let matchAnswers: [MatchAnswer] = [
        MatchAnswer("web link", .json(200, #"{"link":"https://a.b/h/p?x=1"}"#), route: "/p?x=1"),
        MatchAnswer("plain path", .json(201, #"{"link":"h/promo/summer"}"#), route: "/promo/summer"),
        MatchAnswer("scheme link", .json(200, #"{"link":"myapp://promo"}"#), route: "/promo"),
        MatchAnswer("scheme link in web-only", .json(200, #"{"link":"myapp://promo"}"#), mode: .webOnly),
        MatchAnswer(
            "web link in deferred-only", .json(200, #"{"link":"https://a.b/h/p"}"#), route: "/p",
            mode: .deferredOnly),
        MatchAnswer("infrastructure link", .json(200, #"{"link":"about:blank"}"#)),
        MatchAnswer("null link", .json(200, #"{"link":null}"#), log: (.info, "no deferred link matched")),
        MatchAnswer("missing link", .json(200, #"{"other":1}"#), log: (.info, "no deferred link matched")),
        MatchAnswer("empty link", .json(200, #"{"link":""}"#), log: (.info, "no deferred link matched")),
        MatchAnswer("404", .json(404, #"{"error":"no match"}"#), log: (.info, "(404)")),
        MatchAnswer(
            "500 with a string error", .json(500, #"{"error":"boom"}"#), log: (.warning, "status 500: boom")),
        MatchAnswer(
            "400 with an object error", .json(400, #"{"error":{"code":7}}"#),
            log: (.warning, #"status 400: {"code":7}"#)),
        MatchAnswer("503 without error field", .respond(status: 503), log: (.warning, "no error field")),
        MatchAnswer("malformed JSON", .json(200, "{nope"), log: (.warning, "not a JSON object")),
        MatchAnswer("no reply", .hang, log: (.warning, "timed out after 0.3 s")),
        MatchAnswer("dropped connection", .dropConnection, log: (.warning, "transport error")),
        MatchAnswer(
            "302 redirect", .respond(status: 302, headers: ["Location": "/follow-me"]), log: (.warning, "302")
        ),
    ]

    @Test("match-link answers", arguments: matchAnswers)
    func matchAnswer(_ answer: MatchAnswer) async throws {
        let harness = try DetourHarness(timeouts: DetourTimeouts(matchLink: 0.3)) { request in
            switch request.path {
            case Self.matchPath: answer.reply
            case "/follow-me": .json(200, #"{"link":"/h/redirected"}"#)
            default: .json(200, "{}")
            }
        }
        async let resolved = harness.detour.resolveInitialLink(config: harness.config(mode: answer.mode))
        if case .hang = answer.reply {
            // The server never answers; the deadline passes when the test moves its clock.
            await harness.passDeadline(of: 0.3)
        }
        let result = await resolved
        #expect(result.processed)
        #expect(result.link?.route == answer.route)
        if answer.route != nil {
            #expect(result.link?.type == .deferred)
        }
        if let (level, text) = answer.log {
            #expect(harness.logs.contains(level, text), "\(harness.logs.all)")
        }
        #expect(harness.requests("/follow-me").isEmpty)
        await harness.finish()
    }

    @Test("a second call in the same process gives empty at once, even concurrently")
    func sessionGuard() async throws {
        let harness = try DetourHarness(handler: Routes.matching(#""/h/promo""#).handler)
        let detour = harness.detour
        let config = harness.config()
        async let first = detour.resolveInitialLink(config: config)
        async let second = detour.resolveInitialLink(config: config)
        let results = await [first, second]
        #expect(results.filter { $0.link?.route == "/promo" }.count == 1)
        #expect(results.filter { $0 == .empty() }.count == 1)
        #expect(harness.requests(Self.matchPath).count == 1)
        #expect(await detour.resolveInitialLink(config: config) == .empty())
        #expect(harness.requests(Self.matchPath).count == 1)
        await harness.finish()
    }

    @Test("the completion runs once, on the main actor, after the call returned")
    func completionTiming() async throws {
        let harness = try DetourHarness(handler: Routes.matching(#""/h/promo""#).handler)
        let detour = harness.detour
        let probe = CompletionProbe()
        detour.resolveInitialLink(
            config: harness.config(), launchContext: DetourLaunchContext(), completion: probe.completion)
        #expect(probe.results.isEmpty)
        #expect(detour.isSessionHandled)
        // The second call is decided before the first finishes, and its empty result still
        // arrives asynchronously.
        detour.resolveInitialLink(config: harness.config(), completion: probe.completion)
        #expect(probe.results.isEmpty)
        let results = [await probe.result(0), await probe.result(1)]
        #expect(results.contains(.empty()))
        #expect(results.contains { $0.link?.route == "/promo" && $0.link?.type == .deferred })
        // Each completion is the last statement of its own task, so no third call can follow.
        #expect(probe.results.count == 2)
        #expect(harness.requests(Self.matchPath).count == 1)
        await harness.finish()
    }

    @Test("resetSession without deferred retry: empty again; with it: match-link runs again")
    func resetSession() async throws {
        let harness = try DetourHarness(handler: Routes.matching(#""/h/promo""#).handler)
        let detour = harness.detour
        let config = harness.config()
        #expect(await detour.resolveInitialLink(config: config).route == "/promo")
        detour.resetSession()
        #expect(!detour.isSessionHandled)
        #expect(await detour.resolveInitialLink(config: config) == .empty())
        #expect(harness.requests(Self.matchPath).count == 1)
        detour.resetSession(allowDeferredRetry: true)
        #expect(harness.makeEnvironment().store.bool(forKey: "DetourFirstEntranceFlag") == false)
        #expect(await detour.resolveInitialLink(config: config).route == "/promo")
        #expect(harness.requests(Self.matchPath).count == 2)
        // The app_open guard and the device id are untouched by resets.
        _ = await harness.analytics.flush()
        #expect(harness.requests("/api/analytics/retention").count == 1)
        await harness.finish()
    }

    @Test("a launch URL is processed, marks the first entrance and skips deferred matching")
    func launchURL() async throws {
        let harness = try DetourHarness(handler: Routes.matching(#""/h/promo""#).handler)
        let context = DetourLaunchContext(launchURL: URL(string: "myapp://product/42?color=red"))
        let result = await harness.detour.resolveInitialLink(config: harness.config(), launchContext: context)
        #expect(result.link?.route == "/product/42?color=red")
        #expect(result.link?.type == .scheme)
        #expect(harness.requests(Self.matchPath).isEmpty)
        #expect(harness.makeEnvironment().store.bool(forKey: "DetourFirstEntranceFlag") == true)
        await harness.restart()
        #expect(await harness.detour.resolveInitialLink(config: harness.config()) == .empty())
        #expect(harness.requests(Self.matchPath).isEmpty)
        await harness.finish()
    }

    @Test("the mode applies to the launch URL, which still marks the first entrance")
    func launchURLFiltered() async throws {
        let harness = try DetourHarness(handler: Routes.matching(#""/h/promo""#).handler)
        let context = DetourLaunchContext(launchURL: URL(string: "myapp://product/42"))
        let result = await harness.detour.resolveInitialLink(
            config: harness.config(mode: .webOnly), launchContext: context)
        #expect(result == .empty())
        #expect(harness.requests(Self.matchPath).isEmpty)
        #expect(harness.makeEnvironment().store.bool(forKey: "DetourFirstEntranceFlag") == true)
        await harness.finish()
    }

    @Test("an infrastructure launch URL falls through to deferred matching")
    func infrastructureLaunchURL() async throws {
        let harness = try DetourHarness(handler: Routes.matching(#""/h/promo""#).handler)
        let context = DetourLaunchContext(launchURL: URL(string: "exp://127.0.0.1:8081/--/x"))
        let result = await harness.detour.resolveInitialLink(config: harness.config(), launchContext: context)
        #expect(result.link?.route == "/promo")
        #expect(result.link?.type == .deferred)
        #expect(harness.requests(Self.matchPath).count == 1)
        await harness.finish()
    }

    @Test("a universal-link activity is processed and logged as opened_via_universal_link")
    func universalLink() async throws {
        let harness = try DetourHarness(handler: Routes.matching(#""/h/promo""#).handler)
        let web = try #require(URL(string: "https://acme.godetour.link/AbC/products/42?color=red"))
        let context = DetourLaunchContext(
            launchURL: nil,
            userActivities: [
                DetourUserActivity(
                    activityType: "com.example.other", webpageURL: URL(string: "https://x.y/h/other")),
                DetourUserActivity(activityType: DetourUserActivity.browsingWeb, webpageURL: nil),
                DetourUserActivity(activityType: DetourUserActivity.browsingWeb, webpageURL: web),
            ])
        let result = await harness.detour.resolveInitialLink(config: harness.config(), launchContext: context)
        #expect(result.link?.route == "/products/42?color=red")
        #expect(result.link?.type == .verified)
        #expect(harness.requests(Self.matchPath).isEmpty)
        #expect(await harness.analytics.flush().pending == 0)
        let event = try #require(harness.requests("/api/analytics/event").first?.jsonBody)
        #expect(event["event_name"] as? String == "opened_via_universal_link")
        #expect((event["data"] as? [String: String]) == ["url": web.absoluteString])
        #expect(
            harness.requests("/api/analytics/retention").first?.jsonBody?["event_name"] as? String
                == "app_open")
        await harness.finish()
    }

    @Test("a browsing activity without a usable URL gives empty and marks the first entrance")
    func browsingWithoutURL() async throws {
        for url in [nil, URL(string: "about:blank")] {
            let harness = try DetourHarness(handler: Routes.matching(#""/h/promo""#).handler)
            let context = DetourLaunchContext(
                userActivities: [
                    DetourUserActivity(activityType: DetourUserActivity.browsingWeb, webpageURL: url)
                ])
            let result = await harness.detour.resolveInitialLink(
                config: harness.config(), launchContext: context)
            #expect(result == .empty())
            #expect(harness.requests(Self.matchPath).isEmpty)
            #expect(harness.makeEnvironment().store.bool(forKey: "DetourFirstEntranceFlag") == true)
            await harness.finish()
        }
    }

    @Test("deferred-only skips the launch URL and universal links and matches instead")
    func deferredOnlySkipsLaunchInput() async throws {
        let harness = try DetourHarness(handler: Routes.matching(#""https://a.b/h/promo""#).handler)
        let context = DetourLaunchContext(
            launchURL: URL(string: "myapp://product/42"),
            userActivities: [
                DetourUserActivity(
                    activityType: DetourUserActivity.browsingWeb, webpageURL: URL(string: "https://a.b/h/x"))
            ])
        let result = await harness.detour.resolveInitialLink(
            config: harness.config(mode: .deferredOnly), launchContext: context)
        #expect(result.link?.route == "/promo")
        #expect(result.link?.type == .deferred)
        #expect(harness.requests(Self.matchPath).count == 1)
        await harness.finish()
    }

    @Test("resolveInitialLink mounts analytics once and app_open is sent once per process")
    func mountsAnalytics() async throws {
        let harness = try DetourHarness(handler: Routes.matching("null").handler)
        #expect(!harness.analytics.isMounted)
        _ = await harness.detour.resolveInitialLink(config: harness.config())
        #expect(harness.analytics.isMounted)
        harness.detour.resetSession(allowDeferredRetry: true)
        _ = await harness.detour.resolveInitialLink(config: harness.config())
        harness.detour.unmountAnalytics()
        #expect(!harness.analytics.isMounted)
        harness.detour.mountAnalytics(config: harness.config())
        #expect(await harness.analytics.flush().pending == 0)
        let retention = harness.requests("/api/analytics/retention").compactMap {
            $0.jsonBody?["event_name"] as? String
        }
        #expect(retention == ["app_open"])
        await harness.restart()
        harness.detour.mountAnalytics(config: harness.config())
        #expect(await harness.analytics.flush().pending == 0)
        #expect(harness.requests("/api/analytics/retention").count == 2)
        await harness.finish()
    }
}
