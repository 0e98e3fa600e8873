import Foundation
import Testing
import Waypoint

@testable import WaypointPaylisher

/// Documentation/spec/paylisher.md §8: a Paylisher link is routed by its normalised segments.
@Suite("Router hand-off (Documentation/spec/paylisher.md §8)")
struct RouterHandOffTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let link: String
        let route: String?
        let routeParameters: RouteParameters
        let queryParameters: [String: JSONValue]
        let matchedURL: String
        var testDescription: String { link }
    }

    static let routes = ["/products/:id/reviews", "/products/:id", "yourapp:///wallet/:tab", "/**"]

    /// The spec's table, plus the scheme and fallback rules.
    static let rows: [Row] = [
        Row(
            link: "yourapp://products/42/reviews?src=push", route: "/products/:id/reviews",
            routeParameters: ["id": "42"],
            queryParameters: ["src": "push"], matchedURL: "yourapp:/products/42/reviews?src=push"),
        Row(
            link: "https://link.paylisher.com/products/42/reviews", route: "/products/:id/reviews",
            routeParameters: ["id": "42"], queryParameters: [:], matchedURL: "https:/products/42/reviews"),
        Row(
            link: "yourapp://products/a%2Fb", route: "/products/:id", routeParameters: ["id": "a/b"],
            queryParameters: [:], matchedURL: "yourapp:/products/a%2Fb"),
        Row(
            link: "YourApp://wallet/history?x=1+2", route: "yourapp:///wallet/:tab",
            routeParameters: ["tab": "history"],
            queryParameters: ["x": "1+2"], matchedURL: "YourApp:/wallet/history?x=1+2"),
        Row(
            link: "otherapp://wallet/history", route: "/**", routeParameters: ["**": "wallet/history"],
            queryParameters: [:], matchedURL: "otherapp:/wallet/history"),
    ]

    @Test("the link dispatches to the route of its segments", arguments: rows)
    func dispatches(_ row: Row) throws {
        let router = Router()
        let seen = Locked<[DeepLink]>([])
        for route in Self.routes {
            try router.register(RouteName(route)) { link in seen.withLock { $0.append(link) } }
        }
        let link = try PaylisherDeepLink(url: URL(string: row.link)!)
        #expect(router.match(link)?.route == row.route)
        let result = router.handle(link)
        #expect(result.route == row.route)
        let delivered = try #require(seen.withLock { $0.first })
        #expect(delivered.routeParameters == row.routeParameters)
        #expect(delivered.queryParameters == row.queryParameters)
        #expect(delivered.url == link.url, "handlers get the original URL")
        #expect(delivered.matchedURL.absoluteString == row.matchedURL, "and the URL of its route")
        #expect(delivered.paylisherLink == link)
    }

    @Test("host routes take no part, even a catch-all")
    func hostRoutes() throws {
        let router = Router()
        try router.register(".*") { _ in }
        try router.register("products/:id") { _ in }
        let link = try PaylisherDeepLink(url: URL(string: "yourapp://products/42")!)
        #expect(router.match(link) == nil)
        #expect(router.handle(link).failure == .routeNotFound)
        // The same router still routes ordinary URLs with its host routes.
        #expect(router.match(URL(string: "yourapp://products/42")!)?.route == ".*")
    }

    @Test("completion and async variants")
    @MainActor
    func variants() async throws {
        let router = Router()
        try router.register("/products/:id") { _ in }
        let link = try PaylisherDeepLink(url: URL(string: "yourapp://products/7")!)
        let result = await withCheckedContinuation { continuation in
            router.handle(link) { continuation.resume(returning: $0) }
        }
        #expect(result.deepLink?.routeParameters == ["id": "7"])
        let awaited = await router.dispatch(link)
        #expect(awaited.isHandled)
        #expect(router.handle(link).isHandled, "the synchronous call compiles in async code too")
    }

    @Test("a deep link from an ordinary URL has no Paylisher link")
    func noAttachment() throws {
        let router = Router()
        try router.register("/x") { _ in }
        #expect(router.handle(URL(string: "s://h/x")!).deepLink?.paylisherLink == nil)
    }
}

/// A Paylisher link reaches asynchronous handlers as a Detour link does.
@Suite("Paylisher links and asynchronous handlers")
struct PaylisherSeamTests {
    @Test("an asynchronous handler gets the Paylisher link, and dispatch waits for it")
    func asynchronousHandler() async throws {
        let router = Router()
        let seen = Locked<[String]>([])
        try router.register("/products/:id") { link in
            await Task.yield()
            seen.withLock { $0.append(link.paylisherLink?.destination ?? "") }
        }
        let link = try PaylisherDeepLink(url: URL(string: "yourapp://products/42")!)
        let result = await router.dispatch(link)
        #expect(result.isHandled && seen.withLock { $0 } == ["products"])
        #expect(link.routeURL == "yourapp:/products/42" && link.receivedURL == link.url)
        guard case .running(let task)? = router.handle(link).pending else {
            Issue.record("a synchronous handle starts the asynchronous handler")
            return
        }
        #expect(await task.value.isHandled)
    }
}
