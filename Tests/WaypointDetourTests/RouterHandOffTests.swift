import Foundation
import Testing
import Waypoint
import WaypointNavigation

@testable import WaypointDetour

/// Documentation/spec/detour.md §9: a Detour link is routed as `detour:` + its route.
@Suite("Router hand-off (Documentation/spec/detour.md §9)")
@MainActor
struct RouterHandOffTests {
    /// The spec's example: both forms of a link reach `/products/:id`, with their type.
    @Test(
        "a link reaches the route of its path, with its type",
        arguments: [
            (
                "https://acme.godetour.link/AbC/products/42?color=red", "42", ["color": "red"],
                LinkType.verified
            ),
            ("myapp://products/42", "42", [:], LinkType.scheme),
            ("/hash/products/7?x=a+b", "7", ["x": "a+b"], LinkType.verified),
        ] as [(String, String, [String: JSONValue], LinkType)])
    func dispatch(_ input: String, _ id: String, _ query: [String: JSONValue], _ type: LinkType) async throws
    {
        let router = Router()
        let seen = Locked<[DeepLink]>([])
        try router.register("/products/:id") { link in seen.withLock { $0.append(link) } }
        let result = await Detour.shared.processLink(input, config: nil)
        let dispatched = try #require(router.handle(result))
        #expect(dispatched.isHandled)
        let link = try #require(seen.withLock { $0.first })
        #expect(link.routeParameters == ["id": id])
        #expect(link.queryParameters == query, "core query rules: + stays +")
        #expect(link.detourLink == result.link)
        #expect(link.detourLink?.type == type)
        #expect(link.url.absoluteString == result.link?.url, "the link's original URL, as in Paylisher")
        #expect(link.matchedURL.absoluteString == "detour:" + (result.link?.route ?? ""))
    }

    @Test("Detour's own params decode + as a space; the core's keep it")
    func plusRules() throws {
        let router = Router()
        let seen = Locked<[DeepLink]>([])
        try router.register("/search") { link in seen.withLock { $0.append(link) } }
        let result = Detour.shared.processLink(URL(string: "https://x.com/h/search?q=a+b")!)
        router.handle(result)
        let link = try #require(seen.withLock { $0.first })
        #expect(link.queryParameters["q"] == "a+b")
        #expect(link.detourLink?.params["q"] == "a b")
    }

    @Test("host routes take no part; scheme routes match only detour")
    func routeKinds() throws {
        let router = Router()
        try router.register(".*") { _ in }
        try router.register("products/:id") { _ in }
        try router.register("myapp:///products/:id") { _ in }
        try router.register("DETOUR:///products/:id") { _ in }
        let link = try #require(Detour.shared.processLink(URL(string: "myapp://products/42")!).link)
        #expect(router.match(link)?.route == "DETOUR:///products/:id")
        // Ordinary URLs still see every route.
        #expect(router.match(URL(string: "myapp://products/42")!)?.route == ".*")
    }

    @Test("the empty result is not dispatched")
    func emptyResult() throws {
        let router = Router()
        try router.register("/**") { _ in Issue.record("must not run") }
        #expect(router.handle(DetourResult.empty()) == nil)
        #expect(router.handle(Detour.shared.processLink(URL(string: "exp://127.0.0.1:8081")!)) == nil)
    }

    @Test("percent-encoded routes are decoded by the core, trailing slash ignored")
    func decoding() throws {
        let router = Router()
        try router.register("/files/:name") { _ in }
        let link = try #require(Detour.shared.processLink(URL(string: "https://x.com/h/files/a%20b/")!).link)
        #expect(router.match(link)?.routeParameters == ["name": "a b"])
    }

    @Test("completion and async variants")
    func variants() async throws {
        let router = Router()
        try router.register("/p/:id") { _ in }
        let link = try #require(Detour.shared.processLink(URL(string: "myapp://p/5")!).link)
        let result = await withCheckedContinuation { continuation in
            router.handle(link) { continuation.resume(returning: $0) }
        }
        #expect(result.deepLink?.routeParameters == ["id": "5"])
        let awaited = await router.dispatch(link)
        #expect(awaited.isHandled)
        #expect(router.handle(link).isHandled, "the synchronous call compiles in async code too")
        #expect(await router.dispatch(URL(string: "s://h/p/5")!).deepLink?.detourLink == nil)
        let processed = await router.dispatch(Detour.shared.processLink(URL(string: "myapp://p/6")!))
        #expect(processed?.deepLink?.routeParameters == ["id": "6"])
        #expect(await router.dispatch(DetourResult.empty()) == nil)
    }
}

/// The README's routing snippet registers a route that tells how the link arrived.
@Suite("README: routing Detour links")
@MainActor
struct ReadmeRoutingTests {
    @Test("the README's route sees the link type")
    func readmeRoute() async throws {
        let router = Router()
        try routeDetourLinks(router)
        let verified = await Detour.shared.processLink("https://acme.godetour.link/AbC/products/42?color=red")
        let scheme = await Detour.shared.processLink("myapp://products/42")
        #expect(router.handle(verified)?.deepLink?.detourLink?.type == .verified)
        #expect(router.handle(scheme)?.deepLink?.detourLink?.type == .scheme)
        #expect(router.handle(DetourResult.empty()) == nil)
    }
}

/// A Detour link reaches destinations and asynchronous handlers through the
/// same seam as a Paylisher link.
@Suite("Detour links, destinations and asynchronous handlers")
@MainActor
struct DetourSeamTests {
    enum Screen: Equatable, Sendable { case product(Int, LinkType?), other }

    @Test("destination(for:) takes a Detour link")
    func destination() throws {
        let screens = DestinationRouter<Screen>()
        try screens.register("/products/:id") { link in
            .product(try link.parameters.require("id", as: Int.self), link.detourLink?.type)
        }
        try screens.register("/**") { _ in .other }
        let link = try #require(Detour.shared.processLink(URL(string: "myapp://products/42?color=red")!).link)
        #expect(screens.destination(for: link) == .product(42, .scheme))
        let hand = DetourLink(
            url: "https://x.com/h/a", route: "/a", pathname: "/a", params: [:], type: .verified)
        #expect(screens.destination(for: hand) == .other)
        #expect(hand.routeURL == "detour:/a" && hand.receivedURL.absoluteString == "https://x.com/h/a")
    }

    @Test("a processing result goes to a destination router as it goes to a router")
    func destinationOfResult() async throws {
        let screens = DestinationRouter<Screen>()
        try screens.register("/products/:id") { link in
            .product(try link.parameters.require("id", as: Int.self), link.detourLink?.type)
        }
        var pushed: [Screen] = []
        screens.onDestination { pushed.append($0) }
        let result = await Detour.shared.processLink("myapp://products/42", config: nil)
        #expect(screens.destination(for: result) == .product(42, .scheme))
        #expect(screens.handle(result)?.isHandled == true)
        #expect(await screens.dispatch(result)?.isHandled == true)
        #expect(pushed == [.product(42, .scheme), .product(42, .scheme)])
        #expect(screens.destination(for: DetourResult.empty()) == nil)
        #expect(screens.handle(DetourResult.empty()) == nil)
        #expect(await screens.dispatch(DetourResult.empty()) == nil)
    }

    @Test("an asynchronous handler gets the Detour link, and dispatch waits for it")
    func asynchronousHandler() async throws {
        let router = Router()
        let seen = Locked<[LinkType]>([])
        try router.register("/products/:id") { link in
            await Task.yield()
            seen.withLock { $0.append(link.detourLink?.type ?? .scheme) }
        }
        let link = try #require(
            Detour.shared.processLink(URL(string: "https://acme.godetour.link/AbC/products/1")!).link)
        let result = await router.dispatch(link)
        #expect(result.isHandled && seen.withLock { $0 } == [.verified])
        #expect(result.deepLink?.link(as: DetourLink.self) == link)
    }
}
