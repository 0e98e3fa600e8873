import Foundation
import Testing

@testable import Waypoint

/// Documentation/spec/routing.md §5 and the dispatch cases 49–55 of the DeepLinkKit model cases.
@Suite("Dispatch (Documentation/spec/routing.md §5)")
struct DispatchTests {
    /// Records which handlers ran, with the parameters they saw.
    final class Log: Sendable {
        private let entries = Locked<[String]>([])
        func append(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
        func closure(_ name: String) -> @Sendable (DeepLink) -> Void {
            { link in self.append("\(name) \(link.routeParameters.dictionary.sorted { $0.key < $1.key })") }
        }
    }

    /// A handler value that declines, has no target, or handles, and logs each call.
    struct Handler: DeepLinkHandler {
        let name: String
        let log: Log
        var accepts = true
        var outcome = DeepLinkHandling.handled
        func handle(_ deepLink: DeepLink) -> DeepLinkHandling {
            log.append("\(name) asked")
            guard accepts else { return .declined }
            log.append("\(name) handled")
            return outcome
        }
    }

    @Test("49: a declining handler passes the link on")
    func declining() async throws {
        let log = Log()
        let router = Router()
        try router.register("/say/hello", handler: Handler(name: "value", log: log, accepts: false))
        try router.register("/say/:word", handler: log.closure("closure"))
        let result = await router.dispatch(URL(string: "dlc://dlc.com/say/hello")!)
        #expect(log.all == ["value asked", #"closure [(key: "word", value: "hello")]"#])
        #expect(result.isHandled && result.failure == nil && result.route == "/say/:word")
        let completion = await completion(router, "dlc://dlc.com/say/hello")
        #expect(completion.isHandled && completion.failure == nil)
    }

    @Test("50: a handler without a target does not handle the link (22024)")
    func noTarget() async throws {
        let log = Log()
        let router = Router()
        try router.register("/say/:word", handler: Handler(name: "value", log: log, outcome: .noTarget))
        let result = await router.dispatch(URL(string: "dlc://dlc.com/say/hello")!)
        #expect(!result.isHandled)
        #expect(result.failure == .handlerHasNoTarget)
        #expect(result.failure?.code == 22024)
        #expect(result.failure?.description == "handler had no target")
        #expect(result.failure.map { ($0 as NSError).code } == 22024)
        let completion = await completion(router, "dlc://dlc.com/say/hello")
        #expect(completion.failure == .handlerHasNoTarget)
    }

    @Test("no target passes the link to the next matching route")
    func noTargetFallsThrough() throws {
        let log = Log()
        let router = Router()
        try router.register("/say/:word", handler: Handler(name: "first", log: log, outcome: .noTarget))
        try router.register("/say/hello", handler: Handler(name: "second", log: log))
        #expect(router.handle("dlc://h/say/hello").route == "/say/hello")
        #expect(log.all == ["first asked", "first handled", "second asked", "second handled"])
    }

    @Test("every matching handler declining gives routeNotFound (22023)")
    func allDecline() throws {
        let log = Log()
        let router = Router()
        try router.register("/a/:x", handler: Handler(name: "one", log: log, accepts: false))
        try router.register("/a/*", handler: Handler(name: "two", log: log, accepts: false))
        try router.register("/b", handler: Handler(name: "three", log: log))
        let result = router.handle("s://h/a/1")
        #expect(result.failure == .routeNotFound && result.failure?.code == 22023)
        #expect(log.all == ["one asked", "two asked"])
    }

    @Test("52: a browsing-web user activity is handled as its URL")
    func userActivity() async throws {
        let log = Log()
        let router = Router()
        try router.register("/say/:word", handler: log.closure("closure"))
        let activity = UserActivity(
            activityType: UserActivity.browsingWeb, webpageURL: URL(string: "https://dlc.com/say/hello"))
        #expect(router.handle(userActivity: activity))
        #expect(log.all == [#"closure [(key: "word", value: "hello")]"#])
        let result = await withCheckedContinuation { continuation in
            _ = router.handle(userActivity: activity) { continuation.resume(returning: $0) }
        }
        #expect(result.isHandled && result.failure == nil)
    }

    @Test("any other activity returns false without a completion")
    func otherActivity() async throws {
        let router = Router()
        try router.register(".*") { _ in }
        let called = Log()
        let activity = UserActivity(
            activityType: "com.example.reading", webpageURL: URL(string: "https://x/y"))
        #expect(!router.handle(userActivity: activity) { _ in called.append("called") })
        #expect(!router.handle(userActivity: UserActivity(activityType: UserActivity.browsingWeb)))
        // A completion is queued on the main queue before `handle` returns, and the main
        // queue runs its blocks in order: once this block has run, so would a completion.
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
        #expect(called.all.isEmpty)
    }

    @Test("54: registering a route again replaces its handler and keeps its place")
    func reregistration() throws {
        let log = Log()
        let router = Router()
        try router.register("/say/:word", handler: log.closure("A"))
        try router.register("/say/hello", handler: log.closure("B"))
        try router.register("/say/:word", handler: log.closure("C"))
        router.handle("dlc://dlc.com/say/hello")
        #expect(log.all == [#"C [(key: "word", value: "hello")]"#])
        #expect(router.routes == ["/say/:word", "/say/hello"])
        // Closure → handler value → closure.
        try router.register("/say/:word", handler: Handler(name: "D", log: log))
        router.handle("dlc://dlc.com/say/hello")
        try router.register("/say/:word", handler: log.closure("E"))
        router.handle("dlc://dlc.com/say/hello")
        #expect(log.all.dropFirst() == ["D asked", "D handled", #"E [(key: "word", value: "hello")]"#])
    }

    @Test("55: removing a route and adding it again moves it to the end")
    func removal() throws {
        let log = Log()
        let router = Router()
        try router.register("/say/:word", handler: log.closure("A"))
        try router.register("/say/hello", handler: log.closure("B"))
        #expect(router.remove("/say/:word"))
        #expect(!router.remove("/say/:word"))
        let missing = router.handle("dlc://dlc.com/say/hi")
        #expect(missing.failure == .routeNotFound && missing.failure?.description == "no route matched")
        try router.register("/say/:word", handler: log.closure("C"))
        router.handle("dlc://dlc.com/say/hello")
        #expect(log.all == ["B []"])
        #expect(router.routes == ["/say/hello", "/say/:word"])
    }

    @Test("the subscript registers, reads, replaces and removes")
    func subscriptAPI() throws {
        let log = Log()
        let router = Router()
        router["/a/:x"] = .closure(log.closure("A"))
        router["/a/:x"] = .closure(log.closure("B"))
        #expect(router["/a/:x"] != nil)
        router.handle("s://h/a/1")
        router["/a/:x"] = nil
        #expect(router["/a/:x"] == nil && router.routes.isEmpty)
        #expect(log.all == [#"B [(key: "x", value: "1")]"#])
    }

    @Test("the earliest-registered matching route wins, even behind a later literal")
    func registrationOrder() throws {
        let log = Log()
        let router = Router()
        try router.register("/:section/list", handler: log.closure("param"))
        try router.register("/books/list", handler: log.closure("literal"))
        try router.register("/books/:id", handler: log.closure("books"))
        #expect(router.handle("s://h/books/list").route == "/:section/list")
        #expect(
            router.matches("s://h/books/list").map(\.route) == [
                "/:section/list", "/books/list", "/books/:id",
            ])
        #expect(router.match("s://h/books/7")?.route == "/books/:id")
    }

    @Test("the gate can refuse every link")
    func gate() throws {
        let log = Log()
        let router = Router()
        try router.register(".*", handler: log.closure("all"))
        let open = Log()
        router.gate = { url in !open.all.isEmpty && url.scheme == "s" }
        let refused = router.handle("s://h/x")
        #expect(!refused.isHandled && refused.failure == .refusedByGate)
        open.append("open")
        #expect(router.handle("s://h/x").isHandled)
        #expect(router.handle("t://h/x").failure == .refusedByGate)
        router.gate = nil
        #expect(router.handle("t://h/x").isHandled)
        #expect(log.all.count == 2)
    }

    /// The test runs on the main actor, so a completion queued on the main queue cannot run
    /// before this job suspends: if it ran inside `handle`, it would see `returned` false.
    @Test("the completion runs on the main queue, after handle returned")
    @MainActor
    func completionIsAsynchronous() async throws {
        // On Linux, dispatchMain() services the main queue from a thread that is not the
        // process's first thread, so the queue is identified by a queue-specific value.
        let mainQueue = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: mainQueue, value: true)
        let router = Router()
        try router.register("/x") { _ in }
        var returned = false
        let (result, sawReturned, onMainQueue) = await withCheckedContinuation { continuation in
            router.handle(URL(string: "s://h/x")!) { result in
                continuation.resume(
                    returning: (result, returned, DispatchQueue.getSpecific(key: mainQueue) == true))
            }
            returned = true
        }
        #expect(result.isHandled)
        #expect(sawReturned, "handle returned before the completion ran")
        #expect(onMainQueue, "the completion ran on the main queue")
    }

    @Test("the async dispatch returns the result")
    func asyncVariant() async throws {
        let log = Log()
        let router = Router()
        try router.register("/x/:id", handler: log.closure("x"))
        let result = await router.dispatch(URL(string: "s://h/x/3")!)
        #expect(result.isHandled && result.deepLink?.routeParameters == ["id": "3"])
        #expect(await router.dispatch(URL(string: "s://h/y")!).failure == .routeNotFound)
    }

    @Test("handlers get the URL, route parameters and query parameters")
    func deepLinkValue() throws {
        let seen = Locked<DeepLink?>(nil)
        let router = Router()
        try router.register("/ride/:id") { link in seen.withLock { $0 = link } }
        router.handle("dpl://dpl.io/ride/abc123?partner=uber&partner=lyft")
        let link = try #require(seen.withLock { $0 })
        #expect(link.url == URL(string: "dpl://dpl.io/ride/abc123?partner=uber&partner=lyft"))
        #expect(link.routeParameters == ["id": "abc123"])
        #expect(link.queryParameters == ["partner": "lyft"])
        #expect(link["id"] == "abc123")
    }

    @Test("a string that is not a URL is not handled")
    func invalidString() throws {
        let router = Router()
        try router.register(".*") { _ in }
        #expect(router.handle("no scheme").failure == .invalidURL)
        #expect(router.handle("").failure == .invalidURL)
    }

    private func completion(_ router: Router, _ url: String) async -> DeepLinkResult {
        await withCheckedContinuation { continuation in
            router.handle(URL(string: url)!) { continuation.resume(returning: $0) }
        }
    }
}
