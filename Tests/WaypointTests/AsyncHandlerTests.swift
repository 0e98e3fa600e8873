import Foundation
import Testing
import Waypoint

// Asynchronous handlers, nonisolated and main-actor, compiled as app and
// server code would write them, with none of `assumeIsolated`, `@unchecked` or a `Task`.

/// What an app's store does before a link can navigate: a fetch that may fail.
struct OrderStore: Sendable {
    struct Missing: Error, Equatable { let id: Int }
    let known: Set<Int>
    let fetched: Latch

    func order(_ id: Int) async throws -> Int {
        await fetched.wait()
        guard known.contains(id) else { throw Missing(id: id) }
        return id
    }
}

/// A navigation model: its asynchronous route handler fetches, then appends to its path. The
/// closure is written as in any main-actor code, and runs on the main actor.
@MainActor
final class OrdersModel {
    enum Destination: Hashable { case order(Int), cart }

    let router = Router()
    let store: OrderStore
    private(set) var path: [Destination] = []
    private(set) var ranOnMainActor = false

    init(store: OrderStore) throws {
        self.store = store
        try router.register("/orders/:id") { [weak self] link in
            let id = try link.parameters.require("id", as: Int.self)
            guard let order = try await self?.store.order(id) else { return }
            self?.ranOnMainActor = OnMainQueue.isCurrent
            self?.path.append(.order(order))
        }
        try router.register("/cart", onMainActor: { [weak self] _ in self?.path.append(.cart) })
    }
}

/// Whether code runs on the main queue, the main actor's executor (on Linux not always the
/// process's first thread, so `Thread.isMainThread` cannot tell).
enum OnMainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// A server's asynchronous handler: nonisolated, it runs on the caller's executor.
func registerServerRoutes(_ router: Router, saved: Locked<[String]>) throws {
    try router.register("/events/:name") { link in
        await Task.yield()
        saved.withLock { $0.append(link.routeParameters["name"] ?? "") }
    }
}

@Suite("Asynchronous handlers", .timeLimit(.minutes(5)))
struct AsyncHandlerTests {
    static let order = URL(string: "shop://app/orders/7")!

    @Test("dispatch returns once a main-actor handler has fetched and navigated")
    func dispatchAwaitsMainActorHandler() async throws {
        let fetched = Latch()
        let model = try await OrdersModel(store: OrderStore(known: [7], fetched: fetched))
        let router = model.router
        let dispatching = Task.detached { await router.dispatch(Self.order) }
        // The handler waits for its fetch: nothing has navigated yet.
        await Task.yield()
        #expect(await model.path.isEmpty)
        fetched.open()
        let result = await dispatching.value
        #expect(result.isHandled && result.failure == nil && result.pending == nil)
        #expect(result.route == "/orders/:id" && result.deepLink?.routeParameters == ["id": "7"])
        #expect(await model.path == [.order(7)], "finished before dispatch returned")
        #expect(await model.ranOnMainActor)
    }

    @Test("a handler that throws fails the link with its error")
    func throwingHandler() async throws {
        let fetched = Latch()
        fetched.open()
        let model = try await OrdersModel(store: OrderStore(known: [], fetched: fetched))
        let result = await model.router.dispatch(Self.order)
        #expect(!result.isHandled && result.pending == nil)
        #expect(result.failure == .handlerFailed && result.failure?.code == 22029)
        #expect(result.error as? OrderStore.Missing == OrderStore.Missing(id: 7))
        #expect(result.route == "/orders/:id")
        let parse = await model.router.dispatch(URL(string: "shop://app/orders/seven")!)
        #expect(parse.failure == .handlerFailed && parse.error is ParameterError)
        #expect(await model.path.isEmpty)
    }

    @Test("cancelling the awaiting task cancels the handler")
    func cancellation() async throws {
        let router = Router()
        let started = Latch()
        let sawCancellation = Locked(false)
        try router.register("/slow") { _ in
            started.open()
            // Waits until cancelled; no clock is read or compared.
            let cancelled = Latch()
            await withTaskCancellationHandler {
                await cancelled.wait()
            } onCancel: {
                sawCancellation.withLock { $0 = true }
                cancelled.open()
            }
            try Task.checkCancellation()
        }
        let dispatching = Task { await router.dispatch(URL(string: "s://h/slow")!) }
        await started.wait()
        dispatching.cancel()
        let result = await dispatching.value
        #expect(result.failure == .cancelled && result.failure?.code == 22030)
        #expect(result.error is CancellationError)
        #expect(sawCancellation.withLock { $0 })
    }

    @Test("a synchronous handle starts the handler in a task and never says it is handled")
    func synchronousHandleStartsTask() async throws {
        let fetched = Latch()
        let model = try await OrdersModel(store: OrderStore(known: [7], fetched: fetched))
        let router = model.router
        let result = router.handle(Self.order)
        #expect(!result.isHandled && result.failure == nil)
        #expect(result.route == "/orders/:id" && result.deepLink?.routeParameters == ["id": "7"])
        guard case .running(let task)? = result.pending else {
            Issue.record("expected a running task, got \(String(describing: result.pending))")
            return
        }
        fetched.open()
        let finished = await task.value
        #expect(finished.isHandled && finished.route == "/orders/:id")
        #expect(await model.path == [.order(7)])
        #expect(
            router.handle(
                userActivity: UserActivity(activityType: UserActivity.browsingWeb, webpageURL: Self.order)))
    }

    @Test("cancelling the task a synchronous handle returned cancels the handler")
    func cancelStartedTask() async throws {
        let router = Router()
        try router.register("/slow") { _ in
            let cancelled = Latch()
            await withTaskCancellationHandler {
                await cancelled.wait()
            } onCancel: {
                cancelled.open()
            }
            try Task.checkCancellation()
        }
        guard case .running(let task)? = router.handle(URL(string: "s://h/slow")!).pending else {
            Issue.record("expected a running task")
            return
        }
        task.cancel()
        #expect(await task.value.failure == .cancelled)
    }

    @Test("handle with a completion calls it once the handler has finished")
    func completion() async throws {
        let fetched = Latch()
        fetched.open()
        let model = try await OrdersModel(store: OrderStore(known: [7], fetched: fetched))
        let router = model.router
        let result = await withCheckedContinuation { continuation in
            router.handle(Self.order) { continuation.resume(returning: $0) }
        }
        #expect(result.isHandled)
        #expect(await model.path == [.order(7)])
    }

    @Test("a nonisolated handler runs, and dispatch waits for it")
    func serverHandler() async throws {
        let router = Router()
        let saved = Locked<[String]>([])
        try registerServerRoutes(router, saved: saved)
        let result = await router.dispatch(URL(string: "https://api.example/events/signup")!)
        #expect(result.isHandled)
        #expect(saved.withLock { $0 } == ["signup"])
    }

    @Test("a declining handler passes the link on to an asynchronous one")
    func fallThroughToAsync() async throws {
        struct Declines: DeepLinkHandler {
            func handle(_ deepLink: DeepLink) -> DeepLinkHandling { .declined }
        }
        let router = Router()
        let ran = Locked(0)
        try router.register("/p/:id", handler: Declines())
        try router.register("/p/**") { _ in
            await Task.yield()
            ran.withLock { $0 += 1 }
        }
        let result = await router.dispatch(URL(string: "s://h/p/1")!)
        #expect(result.isHandled && result.route == "/p/**" && ran.withLock { $0 } == 1)
        #expect(router.handle(URL(string: "s://h/p/1")!).pending != nil)
    }

    @Test("the subscript returns an asynchronous handler, and bulk registration takes one")
    func routeHandlerCase() async throws {
        let router = Router()
        let ran = Locked(0)
        try router.register([(RouteName("/a"), RouteHandler.asynchronous({ _ in ran.withLock { $0 += 1 } }))])
        guard case .asynchronous? = router["/a"] else {
            Issue.record("expected the asynchronous case")
            return
        }
        #expect(await router.dispatch(URL(string: "s://h/a")!).isHandled)
        #expect(ran.withLock { $0 } == 1)
    }

    @Test("many tasks dispatch to asynchronous handlers at once")
    func concurrentDispatch() async throws {
        let router = Router()
        let count = Locked(0)
        try router.register("/n/:i") { _ in
            await Task.yield()
            count.withLock { $0 += 1 }
        }
        try router.register("/fail/:i") { _ in throw CancellationError() }
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let ok = await router.dispatch(URL(string: "s://h/n/\(index)")!).isHandled
                    let failed =
                        await router.dispatch(URL(string: "s://h/fail/\(index)")!).failure == .cancelled
                    return ok && failed
                }
            }
            for await ok in group { #expect(ok) }
        }
        #expect(count.withLock { $0 } == 200)
    }
}
