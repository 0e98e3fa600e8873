import Dispatch

/// The ways a face hands a link to its handlers (Documentation/spec/routing.md §5), written
/// once for both faces: synchronously, with a completion on the main queue, from
/// asynchronous code, and for a link the delivery gate hands back.
extension LinkDispatch {
    /// Dispatches `request` synchronously: handlers that can run here run before this
    /// returns; it stops at a main-actor handler off the main actor
    /// (``RoutingFailure/requiresMainActor``) and starts an asynchronous handler in a task
    /// (``PendingDelivery/running(_:)``).
    @inline(__always)
    package static func handle(
        _ request: consuming LinkRequest, in snapshot: Snapshot, handlers: Handlers
    ) -> DeepLinkResult {
        switch start(request, in: snapshot, handlers: handlers) {
        case .finished(let result):
            return result
        case .candidates(var dispatch):
            let step = dispatch.run(onMainActor: nil)
            switch step {
            case .finished(let result): return result
            case .needsMainActor: return dispatch.requiresMainActor
            case .needsAsync: return dispatch.started(at: step)
            }
        }
    }

    /// Dispatches `request` and delivers the result on the main queue, asynchronously, once
    /// its handlers have finished: off the main actor the dispatch goes on on the main actor
    /// when it reaches a main-actor handler.
    package static func handle(
        _ request: consuming LinkRequest, in snapshot: Snapshot, handlers: Handlers,
        completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void
    ) {
        var ready: DeepLinkResult?
        var rest: (LinkDispatch, Step)?
        switch start(request, in: snapshot, handlers: handlers) {
        case .finished(let finished):
            ready = finished
        case .candidates(var dispatch):
            let step = dispatch.run(onMainActor: nil)
            if case .finished(let finished) = step { ready = finished } else { rest = (dispatch, step) }
        }
        if let ready {
            DispatchQueue.main.async {
                // The main queue runs on the main actor.
                MainActor.assumeIsolated { completion(ready) }
            }
        } else if let (dispatch, step) = rest {
            Task { @MainActor in
                completion(await finish(dispatch, from: step))
            }
        }
    }

    /// Dispatches `request` from asynchronous code and returns once its handlers have
    /// finished, hopping to the main actor for main-actor handlers and awaiting
    /// asynchronous ones in the calling task.
    package static func dispatch(
        _ request: consuming LinkRequest, in snapshot: Snapshot, handlers: Handlers,
        isolation: isolated (any Actor)? = #isolation
    ) async -> DeepLinkResult {
        switch start(request, in: snapshot, handlers: handlers) {
        case .finished(let result):
            return result
        case .candidates(var dispatch):
            let step = dispatch.run(onMainActor: nil)
            if case .finished(let result) = step { return result }
            return await finish(dispatch, from: step)
        }
    }

    /// Dispatches a link the delivery gate hands back with `pass` as far as it goes on this
    /// thread; what must wait for the main actor or an asynchronous handler is handed back
    /// to finish.
    package static func startDeferred(
        _ request: consuming LinkRequest, in snapshot: Snapshot, handlers: Handlers, pass: GatePass
    ) -> DeferredStart {
        switch start(request, in: snapshot, handlers: handlers, pass: pass) {
        case .finished(let result):
            return .finished(result)
        case .candidates(var dispatch):
            let step = dispatch.run(onMainActor: nil)
            if case .finished(let result) = step { return .finished(result) }
            let rest = dispatch
            return .suspended { await finish(rest, from: step) }
        }
    }
}
