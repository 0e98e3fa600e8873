import Foundation
import Waypoint

/// The push side (Documentation/spec/routing.md §11): links handed to the destination router
/// become destinations delivered to the app's receiver, through the same dispatch, hold and
/// conditions as `Router`'s handlers.
///
/// ```swift
/// import Foundation
/// import Waypoint
/// import WaypointNavigation
///
/// enum Screen: Hashable, Sendable { case product(Int) }
///
/// @MainActor final class Navigation {
///     var path: [Screen] = []
///     let screens = DestinationRouter<Screen>()
///
///     init() throws {
///         try screens.register("/products/:id") { link in
///             .product(try link.parameters.require("id", as: Int.self))
///         }
///         screens.onDestination { [weak self] screen in self?.path.append(screen) }
///     }
///
///     func open(_ url: URL) {
///         screens.handle(url)  // from SwiftUI's onOpenURL, on the main actor
///     }
/// }
/// ```
extension DestinationRouter {
    /// Sets where pushed destinations go: the receiver runs on the main actor with each
    /// destination a pushed link gives (``handle(_:)-(URL)``, ``dispatch(_:isolation:)-(URL,_)``,
    /// and the links ``delivery`` releases or approves). Setting it again replaces it, as
    /// setting ``onStack(_:)`` does; nil removes it, and a pushed link then fails with
    /// `RoutingFailure.handlerHasNoTarget`.
    public func onDestination(_ receiver: (@MainActor @Sendable (Destination) -> Void)?) {
        push.setReceiver(receiver.map { .destination($0) })
    }

    /// Sets where pushed stacks go: the receiver runs on the main actor with the whole
    /// navigation stack each pushed link opens (``stack(for:)-(URL)``: its route's parents'
    /// destinations, root first, then its own), for a `NavigationStack`'s path.
    ///
    /// ```swift
    /// import Foundation
    /// import Waypoint
    /// import WaypointNavigation
    ///
    /// enum Screen: Hashable, Sendable { case orders, order(Int) }
    ///
    /// @MainActor final class Navigation {
    ///     var path: [Screen] = []
    ///     let screens = DestinationRouter<Screen>()
    ///
    ///     init() throws {
    ///         try screens.register("/orders") { _ in .orders }
    ///         try screens.register("/orders/:id", parent: "/orders") { link in
    ///             .order(try link.parameters.require("id", as: Int.self))
    ///         }
    ///         screens.onStack { [weak self] stack in self?.path = stack }
    ///     }
    /// }
    /// ```
    ///
    /// The router has one receiver, in one form or the other: setting this replaces an
    /// ``onDestination(_:)`` receiver, and the reverse. Nil removes it.
    ///
    /// Every builder of the stack runs for the link: a parent whose builder returns nil or
    /// throws is left out. When a builder of the stack is asynchronous, the whole stack is
    /// built in one fetch, the builders running at once, which a newer link supersedes as it
    /// supersedes one asynchronous builder; such a route takes every link it wins, as an
    /// asynchronous builder's route does.
    public func onStack(_ receiver: (@MainActor @Sendable ([Destination]) -> Void)?) {
        push.setReceiver(receiver.map { .stack($0) })
    }

    /// Links that wait: the hold until the app is ready, the conditions routes require,
    /// and the reports of what became of each (`LinkDelivery`), as `Router.delivery`.
    public var delivery: LinkDelivery {
        LinkDelivery(self)
    }

    /// Pushes `url`: the destination of the earliest-registered matching route whose builder
    /// gives one goes to the receiver (``onDestination(_:)``), on the main actor, before
    /// this returns when it is called there.
    ///
    /// As `Router.handle(_:)` does with a main-actor handler, called off the main
    /// actor it stops with `RoutingFailure.requiresMainActor`: use
    /// ``dispatch(_:isolation:)-(URL,_)`` there. An asynchronous builder is started in a task
    /// (`PendingDelivery.running(_:)`); a held link or one waiting for a condition is
    /// `PendingDelivery.held` or `PendingDelivery.awaitingApproval(_:)`.
    ///
    /// - Returns: handled when the receiver got the destination; otherwise why not
    ///   (`RoutingFailure.routeNotFound` when no builder gave one).
    @discardableResult
    public func handle(_ url: URL) -> DeepLinkResult {
        LinkDispatch.handle(LinkRequest(url), in: book.snapshot, handlers: handlers)
    }

    /// Pushes the URL string `url` as ``handle(_:)-(URL)`` does; a string that is not a URL
    /// (Foundation cannot make a `URL` of it, or it holds a control character, U+0000 to
    /// U+001F or U+007F, which no URL holds) is not handled, with
    /// `RoutingFailure.invalidURL`.
    @discardableResult
    public func handle(_ url: String) -> DeepLinkResult {
        guard let request = LinkRequest(text: url) else { return .failed(.invalidURL) }
        return LinkDispatch.handle(request, in: book.snapshot, handlers: handlers)
    }

    /// Pushes an adapter's link, matched as `Router.match(_:)` matches it,
    /// as ``handle(_:)-(URL)`` pushes a URL.
    @discardableResult
    public func handle(_ link: some RoutableLink) -> DeepLinkResult {
        LinkDispatch.handle(link.linkRequest, in: book.snapshot, handlers: handlers)
    }

    /// Pushes `url`, then calls `completion` with the result on the main queue, always
    /// asynchronously, as `Router.handle(_:completion:)` does.
    public func handle(_ url: URL, completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void) {
        LinkDispatch.handle(LinkRequest(url), in: book.snapshot, handlers: handlers, completion: completion)
    }

    /// Pushes `url` from asynchronous code and returns once the receiver has the destination
    /// (or why it has none), hopping to the main actor for it and awaiting an asynchronous
    /// builder in the calling task: cancelling the task cancels the builder.
    ///
    /// - Parameters:
    ///   - url: The URL to push.
    ///   - isolation: The caller's actor, which the dispatch runs on; leave the default.
    @discardableResult
    public func dispatch(_ url: URL, isolation: isolated (any Actor)? = #isolation) async -> DeepLinkResult {
        await LinkDispatch.dispatch(LinkRequest(url), in: book.snapshot, handlers: handlers)
    }

    /// Pushes an adapter's link from asynchronous code, as ``dispatch(_:isolation:)-(URL,_)``
    /// pushes a URL.
    @discardableResult
    public func dispatch(
        _ link: some RoutableLink, isolation: isolated (any Actor)? = #isolation
    ) async -> DeepLinkResult {
        await LinkDispatch.dispatch(link.linkRequest, in: book.snapshot, handlers: handlers)
    }

    /// What a pushed link's routes run.
    var handlers: DestinationHandlers<Destination> {
        DestinationHandlers(push: push)
    }
}

extension DestinationRouter: DeliveryFace {
    package func startDeferred(_ request: LinkRequest, pass: GatePass) -> DeferredStart {
        LinkDispatch.startDeferred(request, in: book.snapshot, handlers: handlers, pass: pass)
    }

    package func republishHold() {
        book.republishHold { deferred.holdsOrReleases }
    }

    package func setRequirement(_ condition: LinkCondition?, for route: String) -> Bool {
        book.setRequirement(condition, for: route)
    }

    package func requirement(of route: String) -> LinkCondition? {
        book.requirement(of: route)
    }
}

/// Where a destination router's pushed destinations go, and which asynchronous build is
/// the newest: a build that a newer link overtook is cancelled and delivers nothing.
final class DestinationPush<Destination: Sendable>: Sendable {
    /// The app's receiver: of each link's destination, or of its whole stack.
    enum Receiver: Sendable {
        case destination(@MainActor @Sendable (Destination) -> Void)
        case stack(@MainActor @Sendable ([Destination]) -> Void)

        /// Hands `stack`, root first and never empty, to the receiver: all of it, or its top.
        @MainActor
        func receive(_ stack: some BidirectionalCollection<Destination>) {
            switch self {
            case .destination(let receiver): if let top = stack.last { receiver(top) }
            case .stack(let receiver): receiver(Array(stack))
            }
        }

        var wantsStack: Bool {
            if case .stack = self { true } else { false }
        }
    }

    private struct State: Sendable {
        var receiver: Receiver?
        /// Bumped by every link that reaches a builder and is delivered or starts a fetch.
        var generation: UInt64 = 0
        /// The fetches under way, by generation, to cancel when a newer link comes.
        var fetches: [UInt64: @Sendable () -> Void] = [:]
    }

    private let state = Locked(State())

    func setReceiver(_ receiver: Receiver?) {
        state.withLock { $0.receiver = receiver }
    }

    var receiver: Receiver? {
        state.withLock { $0.receiver }
    }

    /// A newer link is delivered or starts fetching: cancels the fetches under way.
    ///
    /// - Returns: the new generation, which the fetch that starts now carries.
    func overtake(cancel: (@Sendable () -> Void)? = nil) -> UInt64 {
        let cancelled = state.withLock { state -> [@Sendable () -> Void] in
            state.generation += 1
            let cancelled = Array(state.fetches.values)
            state.fetches = cancel.map { [state.generation: $0] } ?? [:]
            return cancelled
        }
        for cancel in cancelled { cancel() }
        return state.withLock { $0.generation }
    }

    /// Ends the fetch of `generation`.
    ///
    /// - Returns: whether it is still the newest, so that its destination may be delivered.
    func finish(_ generation: UInt64) -> Bool {
        state.withLock { state in
            state.fetches[generation] = nil
            return state.generation == generation
        }
    }
}

/// What a fetch a newer link overtook throws: its dispatch fails with
/// `RoutingFailure.superseded`.
struct SupersededFetch: DispatchFailure {
    var failure: RoutingFailure { .superseded }
}

/// A destination router's routes as a pushed link's dispatch runs them: a builder (and,
/// for a stack receiver, its parents' builders), then the receiver on the main actor.
struct DestinationHandlers<Destination: Sendable>: RouteHandlers {
    let push: DestinationPush<Destination>

    func handler(
        atPriority priority: Int, in snapshot: RouteBook<AnyDestinationEntry>.Snapshot
    ) -> RouteHandler {
        let entry = DestinationEntry<Destination>.of(snapshot.value(atPriority: priority))
        let parents = snapshot.hasParents ? StackParents(snapshot: snapshot, priority: priority) : nil
        let push = push
        if let parents, push.receiver?.wantsStack == true,
            entry.isAsynchronous || parents.haveAsynchronousBuilder
        {
            return .asynchronous { link in
                try await Self.fetchThenReceive(push: push) {
                    try await Self.buildStack(link, top: entry.build, parents: parents)
                }
            }
        }
        switch entry.build {
        case .synchronous(let build):
            return .mainActorHandler(BuildThenReceive(build: build, parents: parents, push: push))
        case .asynchronous(let build):
            return .asynchronous { link in
                try await Self.fetchThenReceive(push: push) { CollectionOfOne(try await build(link)) }
            }
        }
    }

    /// Runs `fetch` (an asynchronous builder, or a stack with one) in a task a newer link can
    /// cancel, then hands what it made, root first, to the receiver unless a newer link
    /// overtook it.
    private static func fetchThenReceive<Fetched: BidirectionalCollection<Destination> & Sendable>(
        push: DestinationPush<Destination>, _ fetch: @escaping @Sendable () async throws -> Fetched
    ) async throws {
        guard push.receiver != nil else { throw NoReceiver() }
        let task = Task { try await fetch() }
        let generation = push.overtake(cancel: { task.cancel() })
        let fetched: Fetched
        do {
            fetched = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            // A fetch a newer link cancelled reports that, whatever the builder threw.
            guard push.finish(generation) else { throw SupersededFetch() }
            throw error
        }
        guard push.finish(generation) else { throw SupersededFetch() }
        guard let receiver = push.receiver else { throw NoReceiver() }
        await receiver.receive(fetched)
    }

    /// Runs the builders of a stack at once: the top's, whose error (or nil) fails the
    /// push, and its parents', each left out when it returns nil or throws.
    ///
    /// - Returns: the stack, root first.
    private static func buildStack(
        _ link: DeepLink, top: DestinationEntry<Destination>.Build, parents: StackParents
    ) async throws -> [Destination] {
        // Root first, the top last.
        var builds: [DestinationEntry<Destination>.Build] = []
        _ = parents.visit { entry in
            builds.append(DestinationEntry<Destination>.of(entry).build)
            return true
        }
        builds.append(top)
        let topIndex = builds.count - 1
        let builders = builds
        var built = [Destination?](repeating: nil, count: builders.count)
        try await withThrowingTaskGroup(of: (Int, Destination?).self) { group in
            for (index, build) in builders.enumerated() {
                group.addTask {
                    do {
                        switch build {
                        case .synchronous(let build):
                            guard let destination = try build(link) else {
                                if index == topIndex { throw DeclinedTop() }
                                return (index, nil)
                            }
                            return (index, destination)
                        case .asynchronous(let build):
                            return (index, try await build(link))
                        }
                    } catch {
                        // A parent that fails is left out; the top's error fails the push.
                        if index == topIndex { throw error }
                        return (index, nil)
                    }
                }
            }
            for try await (index, destination) in group { built[index] = destination }
        }
        return built.compactMap { $0 }
    }

    /// What a stack fetch throws when the top's synchronous builder returns nil: the route
    /// took the link (its stack has an asynchronous builder), and it opens nothing.
    struct DeclinedTop: DispatchFailure {
        var failure: RoutingFailure { .routeNotFound }
    }

    /// What a fetch throws when no receiver takes its destination: its dispatch fails with
    /// `RoutingFailure.handlerHasNoTarget`.
    struct NoReceiver: DispatchFailure {
        var failure: RoutingFailure { .handlerHasNoTarget }
    }
}

/// A synchronous builder (and its parents' builders, for a stack receiver) and the
/// receiver, as the main-actor handler a pushed link runs.
private struct BuildThenReceive<Destination: Sendable>: MainActorDeepLinkHandler {
    let build: DestinationRouter<Destination>.Builder
    let parents: StackParents?
    let push: DestinationPush<Destination>

    nonisolated init(
        build: @escaping DestinationRouter<Destination>.Builder, parents: StackParents?,
        push: DestinationPush<Destination>
    ) {
        self.build = build
        self.parents = parents
        self.push = push
    }

    func handle(_ deepLink: DeepLink) -> DeepLinkHandling {
        guard let receiver = push.receiver else { return .noTarget }
        guard let destination = try? build(deepLink) else { return .declined }
        guard case .stack(let receive) = receiver else {
            _ = push.overtake()
            receiver.receive(CollectionOfOne(destination))
            return .handled
        }
        var stack: [Destination] = []
        if let parents {
            stack.reserveCapacity(parents.count + 1)
            _ = parents.visit { entry in
                // (A parent that became asynchronous since the dispatch chose this handler
                // cannot be waited for here: it is left out.)
                if case .synchronous(let build) = DestinationEntry<Destination>.of(entry).build,
                    let parent = try? build(deepLink)
                {
                    stack.append(parent)
                }
                return true
            }
        }
        stack.append(destination)
        _ = push.overtake()
        receive(stack)
        return .handled
    }
}

extension DestinationRouter {
    /// Pushes a universal link: a browsing-web activity is pushed as its web page URL by
    /// ``handle(_:)-(URL)``; any other activity is not. The public form takes an
    /// `NSUserActivity` (Apple platforms).
    ///
    /// - Returns: whether the receiver got a destination, or the link was taken on its way.
    @discardableResult
    package func handle(userActivity: UserActivity) -> Bool {
        guard let url = userActivity.routableURL else { return false }
        let result = handle(url)
        return result.isHandled || result.pending != nil
    }
}
