import Dispatch
import Foundation

/// Dispatch (Documentation/spec/routing.md §5): three ways to hand the router a link, for three kinds of
/// caller.
///
/// - ``handle(_:)-(URL)`` runs the handlers before it returns and returns the result: the
///   call for `onOpenURL`, scene delegates and other main-actor code, and for servers whose
///   handlers are all nonisolated. Off the main actor it does not run a main-actor handler:
///   it stops there with ``RoutingFailure/requiresMainActor``. It cannot wait for an
///   asynchronous handler: it starts it in a task and says so
///   (``PendingDelivery/running(_:)``).
/// - ``handle(_:completion:)-(URL,_)`` delivers the result on the main queue,
///   asynchronously, as DeepLinkKit does, once the handlers have finished; off the main
///   actor it hops there to run main-actor handlers first.
/// - ``dispatch(_:isolation:)-(URL,_)`` returns the result to asynchronous code once the
///   handlers have finished, hopping to the main actor for main-actor handlers when the
///   caller is elsewhere and awaiting asynchronous handlers in the caller's task.
///
/// The names differ, so both the synchronous and the asynchronous call compile inside an
/// `async` function.
extension Router {
    /// Dispatches `url` to the handler of the earliest-registered matching route, trying
    /// the next matching route when a handler declines or has no target. Handlers run on
    /// the calling thread before this returns.
    ///
    /// A main-actor handler (``RouteHandler/mainActorClosure(_:)``,
    /// ``MainActorDeepLinkHandler``) runs only when this is called on the main actor.
    /// Called elsewhere, dispatch stops at it and the result is not handled, with
    /// ``RoutingFailure/requiresMainActor`` and that handler's route: nothing is dropped
    /// silently. Use ``dispatch(_:isolation:)-(URL,_)`` or ``handle(_:completion:)-(URL,_)``
    /// there.
    ///
    /// An asynchronous handler (`register(_:handler:)` with an `async` closure) cannot
    /// finish before this returns: it is started in a new task, and the result is not
    /// handled, with ``DeepLinkResult/pending`` ``PendingDelivery/running(_:)`` holding the
    /// task, whose value is the handler's result. A held link, or one waiting for a
    /// condition, is ``PendingDelivery/held`` or ``PendingDelivery/awaitingApproval(_:)``.
    @discardableResult
    public func handle(_ url: URL) -> DeepLinkResult {
        handle(LinkRequest(url))
    }

    /// Dispatches the URL string `url` as ``handle(_:)-(URL)`` does; a string that is not a
    /// URL (Foundation cannot make a `URL` of it, or it holds a control character, U+0000 to
    /// U+001F or U+007F, which no URL holds) is not handled, with
    /// ``RoutingFailure/invalidURL``.
    @discardableResult
    public func handle(_ url: String) -> DeepLinkResult {
        guard let request = LinkRequest(text: url) else { return .failed(.invalidURL) }
        return handle(request)
    }

    /// Dispatches `url`, then calls `completion` with the result on the main queue — always
    /// asynchronously, after this method has returned, as DeepLinkKit does.
    ///
    /// Handlers run as ``handle(_:)-(URL)`` runs them, except that off the main actor the
    /// dispatch goes on on the main actor when it reaches a main-actor handler, and
    /// `completion` gets that result.
    public func handle(_ url: URL, completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void) {
        handle(LinkRequest(url), completion: completion)
    }

    /// Dispatches `url` from asynchronous code and returns the result once the handler has
    /// finished.
    ///
    /// Nonisolated handlers run on the caller's executor; main-actor handlers run on the
    /// main actor, without a hop when the caller is on it; an asynchronous handler runs on
    /// its own isolation, in the calling task: cancelling the task cancels the handler, and
    /// the result says how it ended (handled, ``RoutingFailure/handlerFailed`` or
    /// ``RoutingFailure/cancelled``, with the error in ``DeepLinkResult/error``). A held link
    /// or one waiting for a condition returns at once, ``DeepLinkResult/pending``.
    ///
    /// - Parameters:
    ///   - url: The URL to dispatch.
    ///   - isolation: The caller's actor, which the dispatch runs on; leave the default.
    @discardableResult
    public func dispatch(_ url: URL, isolation: isolated (any Actor)? = #isolation) async -> DeepLinkResult {
        await dispatch(LinkRequest(url))
    }

    /// Handles a universal link: a `NSUserActivityTypeBrowsingWeb` activity with a web page
    /// URL is dispatched as that URL by ``handle(_:)-(URL)``; any other activity is not
    /// handled.
    ///
    /// - Returns: whether the link was handled, or taken on its way (an asynchronous handler
    ///   started, a held link, a link waiting for a condition).
    @discardableResult
    package func handle(userActivity: UserActivity) -> Bool {
        guard let url = userActivity.routableURL else { return false }
        let result = handle(url)
        return result.isHandled || result.pending != nil
    }

    /// Handles a universal link as ``handle(_:completion:)-(URL,_)`` does; `completion` gets the
    /// result. Any other activity returns false and `completion` is not called.
    ///
    /// - Returns: whether the activity is a universal link, so that `completion` will be
    ///   called.
    @discardableResult
    package func handle(
        userActivity: UserActivity, completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void
    ) -> Bool {
        guard let url = userActivity.routableURL else { return false }
        handle(url, completion: completion)
        return true
    }

    // MARK: The three dispatches, for the core and the adapters

    /// Dispatches `request` synchronously, stopping at a main-actor handler off the main
    /// actor (``handle(_:)-(URL)``) and starting an asynchronous handler in a task.
    package func handle(_ request: consuming LinkRequest) -> DeepLinkResult {
        LinkDispatch.handle(request, in: snapshot, handlers: PlainHandlers())
    }

    /// Dispatches `request` and delivers the result on the main queue, asynchronously
    /// (``handle(_:completion:)-(URL,_)``), once its handlers have finished.
    package func handle(
        _ request: consuming LinkRequest, completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void
    ) {
        LinkDispatch.handle(request, in: snapshot, handlers: PlainHandlers(), completion: completion)
    }

    /// Dispatches `request` from asynchronous code (``dispatch(_:isolation:)-(URL,_)``) and
    /// returns once its handlers have finished.
    package func dispatch(
        _ request: consuming LinkRequest, isolation: isolated (any Actor)? = #isolation
    ) async -> DeepLinkResult {
        await LinkDispatch.dispatch(request, in: snapshot, handlers: PlainHandlers())
    }
}

extension Router: DeferredDelivery {
    /// Dispatches a link the delivery gate hands back.
    package func startDeferred(_ request: LinkRequest, pass: GatePass) -> DeferredStart {
        LinkDispatch.startDeferred(request, in: snapshot, handlers: PlainHandlers(), pass: pass)
    }
}
