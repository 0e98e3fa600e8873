import Foundation
import TestHTTPServer
import Testing

@testable import WaypointDetour

/// Short links against a local server (Documentation/spec/detour.md §5, §7).
@Suite("Detour short links")
struct ShortLinkTests {
    static let resolvePath = "/api/link/resolve-short"

    @Test("resolve-short is a POST with the §7 headers and the normalised link")
    func requestShape() async throws {
        let harness = try DetourHarness { _ in
            .json(
                200,
                #"{"link":"https://acme.godetour.link/AbC/promo/summer?src=qr","route":"/x","parameters":"y"}"#
            )
        }
        let result = await harness.detour.processLink(
            "  //acme.godetour.link/s1 \n", config: harness.config())
        #expect(result.link?.route == "/promo/summer?src=qr")
        #expect(result.link?.pathname == "/promo/summer")
        #expect(result.link?.params == ["src": "qr"])
        #expect(result.link?.type == .verified)
        #expect(result.link?.url == "https://acme.godetour.link/AbC/promo/summer?src=qr")
        let request = try #require(harness.server.requests.first)
        #expect(harness.server.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.target == Self.resolvePath)
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["authorization"] == "Bearer key-1")
        #expect(request.headers["x-app-id"] == "app-1")
        #expect(request.headers["x-sdk"] == "waypoint-detour/\(DetourVersion.library)")
        #expect(request.headers["idempotency-key"] == nil)
        let body = try #require(request.jsonBody)
        #expect(body.count == 1)
        #expect(body["url"] as? String == "https://acme.godetour.link/s1")
        await harness.finish()
    }

    /// A server answer that must leave the short link unresolved.
    struct Misbehaviour: Sendable, CustomStringConvertible {
        let description: String
        let reply: TestHTTPServer.Reply
    }

    static let misbehaviours: [Misbehaviour] = [
        Misbehaviour(description: "500 with an error field", reply: .json(500, #"{"error":"boom"}"#)),
        Misbehaviour(description: "404", reply: .json(404, #"{"error":"unknown link"}"#)),
        Misbehaviour(description: "401", reply: .json(401, #"{"link":"https://x.y/h/never"}"#)),
        Misbehaviour(description: "no reply before the timeout", reply: .hang),
        Misbehaviour(description: "malformed JSON", reply: .json(200, "{not json")),
        Misbehaviour(description: "a JSON array", reply: .json(200, #"["https://x.y/h/p"]"#)),
        Misbehaviour(description: "empty link", reply: .json(200, #"{"link":""}"#)),
        Misbehaviour(description: "missing link", reply: .json(200, #"{"route":"/p"}"#)),
        Misbehaviour(description: "null link", reply: .json(200, #"{"link":null}"#)),
        Misbehaviour(description: "numeric link", reply: .json(200, #"{"link":42}"#)),
        Misbehaviour(description: "empty body", reply: .respond(status: 204)),
        Misbehaviour(description: "dropped connection", reply: .dropConnection),
        Misbehaviour(description: "garbled response", reply: .raw(Data("garbage\r\n\r\n".utf8))),
        Misbehaviour(
            description: "302 redirect (not followed)",
            reply: .respond(status: 302, headers: ["Location": "/follow-me"])),
        Misbehaviour(
            description: "301 redirect (not followed)",
            reply: .respond(status: 301, headers: ["Location": "/follow-me"])),
    ]

    @Test(
        "any other answer leaves the link unresolved: built from the original URL", arguments: misbehaviours)
    func fallback(_ misbehaviour: Misbehaviour) async throws {
        let harness = try DetourHarness(timeouts: DetourTimeouts(shortLink: 0.3)) { request in
            // A followed redirect would land here and resolve the link.
            request.path == "/follow-me"
                ? .json(200, #"{"link":"https://x.y/h/redirected"}"#) : misbehaviour.reply
        }
        async let processed = harness.detour.processLink(
            "https://acme.godetour.link/AbC?x=1", config: harness.config())
        if case .hang = misbehaviour.reply {
            // The server never answers; once the request is out, the deadline passes when the
            // test moves its clock.
            _ = await waitUntil { !harness.server.requests.isEmpty }
            await harness.passDeadline(of: 0.3)
        }
        let result = await processed
        #expect(result.processed)
        #expect(result.link?.route == "/?x=1")
        #expect(result.link?.url == "https://acme.godetour.link/AbC?x=1")
        #expect(result.link?.params == ["x": "1"])
        #expect(result.link?.type == .verified)
        #expect(harness.server.requests.map(\.path) == [Self.resolvePath])
        #expect(harness.logs.contains(.debug, "not resolved"))
        #expect(harness.logs.messages(.warning).isEmpty)
        if case .hang = misbehaviour.reply {
            // The adapter's own timer fired (URLSession would report a transport error, and
            // only after whole seconds).
            #expect(harness.logs.contains(.debug, "not resolved: timed out after 0.3 s"))
        }
        await harness.finish()
    }

    @Test("the server's error field is logged with the failure")
    func errorFieldLogged() async throws {
        let harness = try DetourHarness { _ in .json(500, #"{"error":{"code":"E42","message":"boom"}}"#) }
        _ = await harness.detour.processLink("https://acme.godetour.link/s1", config: harness.config())
        #expect(harness.logs.contains(.debug, "status 500"))
        #expect(harness.logs.contains(.debug, #"{"code":"E42","message":"boom"}"#))
        await harness.finish()
    }

    @Test("a cycle stops at the link already offered")
    func cycle() async throws {
        let harness = try DetourHarness { request in
            let url = request.jsonBody?["url"] as? String ?? ""
            return url.hasSuffix("/s1")
                ? .json(200, #"{"link":"https://acme.godetour.link/s2?from=s1"}"#)
                : .json(200, #"{"link":"https://acme.godetour.link/s1"}"#)
        }
        let result = await harness.detour.processLink(
            "https://acme.godetour.link/s1", config: harness.config())
        let offered = harness.server.requests.compactMap { $0.jsonBody?["url"] as? String }
        #expect(offered == ["https://acme.godetour.link/s1", "https://acme.godetour.link/s2?from=s1"])
        #expect(result.link?.url == "https://acme.godetour.link/s1")
        #expect(result.link?.route == "/")
        await harness.finish()
    }

    @Test("a link resolving to itself is requested once")
    func selfLoop() async throws {
        let harness = try DetourHarness { _ in .json(200, #"{"link":" https://acme.godetour.link/s1 "}"#) }
        let result = await harness.detour.processLink(
            "https://acme.godetour.link/s1", config: harness.config())
        #expect(harness.server.requests.count == 1)
        #expect(result.link?.url == "https://acme.godetour.link/s1")
        await harness.finish()
    }

    @Test("resolution stops after 5 hops and builds the fifth resolved link")
    func hopBound() async throws {
        let harness = try DetourHarness { request in
            let url = request.jsonBody?["url"] as? String ?? ""
            let number = Int(url.split(separator: "s").last ?? "") ?? 0
            return .json(200, #"{"link":"https://acme.godetour.link/s\#(number + 1)"}"#)
        }
        let result = await harness.detour.processLink(
            "https://acme.godetour.link/s1", config: harness.config())
        let offered = harness.server.requests.compactMap { $0.jsonBody?["url"] as? String }
        #expect(offered == (1...5).map { "https://acme.godetour.link/s\($0)" })
        #expect(result.link?.url == "https://acme.godetour.link/s6")
        #expect(result.link?.route == "/")
        #expect(harness.logs.contains(.debug, "5 resolutions"))
        await harness.finish()
    }

    @Test("a resolved link restarts the pipeline with the same mode")
    func resolvedLinkIsFiltered() async throws {
        let harness = try DetourHarness { _ in .json(200, #"{"link":"myapp://promo/summer"}"#) }
        let webOnly = await harness.detour.processLink(
            "https://acme.godetour.link/s1", config: harness.config(mode: .webOnly))
        #expect(webOnly == .empty())
        let all = await harness.detour.processLink("https://acme.godetour.link/s1", config: harness.config())
        #expect(all.link?.route == "/promo/summer")
        #expect(all.link?.type == .scheme)
        #expect(harness.server.requests.count == 2)
        await harness.finish()
    }

    @Test("no request without a config, for non-candidates, or for runtime links in deferred-only")
    func noRequest() async throws {
        let harness = try DetourHarness { _ in .json(200, #"{"link":"https://x.y/h/resolved"}"#) }
        let detour = harness.detour
        #expect(await detour.processLink("https://acme.godetour.link/s1").link?.route == "/")
        #expect(
            await detour.processLink("https://acme.godetour.link/h/p", config: harness.config()).route == "/p"
        )
        #expect(await detour.processLink("https://acme.godetour.link", config: harness.config()).route == "/")
        #expect(
            await detour.processLink("https://acme.godetour.link/a/b", config: harness.config()).route == "/b"
        )
        #expect(await detour.processLink("myapp://s1", config: harness.config()).route == "/s1")
        #expect(await detour.processLink("/s1", config: harness.config()).route == "/")
        let deferredOnly = harness.config(mode: .deferredOnly)
        #expect(await detour.processLink("https://acme.godetour.link/s1", config: deferredOnly) == .empty())
        let url = try #require(URL(string: "https://acme.godetour.link/s1"))
        #expect(await detour.processLink(url, config: deferredOnly) == .empty())
        #expect(await detour.processLink(url, config: nil).route == "/")
        #expect(await detour.processLink(url).route == "/")
        #expect(harness.server.requests.isEmpty)
        await harness.finish()
    }

    @Test("processLink(URL, config:) logs opened_via_universal_link for web links only")
    func universalLinkEvent() async throws {
        let harness = try DetourHarness { request in
            request.path == Self.resolvePath ? .respond(status: 404) : .json(200, "{}")
        }
        let config = harness.config()
        harness.analytics.mount(config: config)
        let web = try #require(URL(string: "https://acme.godetour.link/AbC/products/42?color=red"))
        let result = await harness.detour.processLink(web, config: config)
        #expect(result.route == "/products/42?color=red")
        _ = await harness.detour.processLink(try #require(URL(string: "myapp://products/42")), config: config)
        _ = await harness.detour.processLink(try #require(URL(string: "about:blank")), config: config)
        _ = await harness.detour.processLink(web, config: harness.config(mode: .deferredOnly))
        _ = await harness.detour.processLink(web, config: nil)
        let stats = await harness.analytics.flush()
        #expect(stats.pending == 0)
        let events = harness.requests("/api/analytics/event").compactMap(\.jsonBody)
        #expect(events.count == 1)
        #expect(events.first?["event_name"] as? String == "opened_via_universal_link")
        #expect((events.first?["data"] as? [String: Any])?["url"] as? String == web.absoluteString)
        await harness.finish()
    }
}
