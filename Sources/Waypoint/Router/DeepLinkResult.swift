import Foundation

/// The outcome of dispatching a URL (Documentation/spec/routing.md §5).
///
/// A link is handled (``isHandled``), not handled with a ``failure``, or on its way: when
/// the result is made before the link's handling has finished, ``pending`` says how it goes
/// on (an asynchronous handler running in a task, a held link, a link waiting for a
/// condition). ``isHandled`` is true only once a handler has finished with the link.
public struct DeepLinkResult: Sendable {
    /// Whether a handler handled the link, and finished: the result has neither a
    /// ``failure`` nor a ``pending`` delivery. Derived from them, so a result is never
    /// handled and failed at once.
    public var isHandled: Bool {
        switch outcome {
        case .plain(let failure): failure == nil
        case .rare(let rare): rare.failure == nil && rare.pending == nil
        }
    }
    /// The link given to the handler that handled it; when nothing handled it, the link of
    /// the first matching route, or nil when no route matched (or the link was not matched
    /// yet, as a held link is not).
    public let deepLink: DeepLink?
    /// The route whose handler handled the link (or the first matching route).
    public let route: String?
    /// Why the link was not handled; nil when it was, and while it is ``pending``.
    public var failure: RoutingFailure? {
        switch outcome {
        case .plain(let failure): failure
        case .rare(let rare): rare.failure
        }
    }
    /// What the route's asynchronous handler threw, for ``RoutingFailure/handlerFailed`` and
    /// ``RoutingFailure/cancelled``; nil otherwise.
    public var error: (any Error)? {
        guard case .rare(let rare) = outcome else { return nil }
        return rare.error
    }
    /// How the link goes on when its handling had not finished as the result was made: nil
    /// for a handled link or a failure.
    public var pending: PendingDelivery? {
        guard case .rare(let rare) = outcome else { return nil }
        return rare.pending
    }

    /// The failure, with ``error`` and ``pending`` boxed beside it when there are any: most
    /// results have neither, and then making and dropping a result costs what it did
    /// without them, on every dispatch.
    private let outcome: Outcome

    private enum Outcome: Sendable {
        case plain(RoutingFailure?)
        case rare(Rare)
    }

    private final class Rare: Sendable {
        let failure: RoutingFailure?
        let error: (any Error)?
        let pending: PendingDelivery?

        init(failure: RoutingFailure?, error: (any Error)?, pending: PendingDelivery?) {
            self.failure = failure
            self.error = error
            self.pending = pending
        }
    }

    /// Creates a result: handled when `failure` is nil, else not handled for that reason.
    ///
    /// ```swift
    /// let handled = DeepLinkResult(deepLink: nil, route: "/cart", failure: nil)
    /// let missed = DeepLinkResult(deepLink: nil, route: nil, failure: .routeNotFound)
    /// // handled.isHandled is true, missed.isHandled is false
    /// ```
    public init(deepLink: DeepLink?, route: String?, failure: RoutingFailure?) {
        self.init(deepLink: deepLink, route: route, failure: failure, error: nil, pending: nil)
    }

    /// Creates a result from a handled flag and a failure, which must agree.
    ///
    /// ``isHandled`` is derived from ``failure``, so `failure` decides when they do not:
    /// `isHandled: true` with a failure makes a result that is not handled, for that
    /// failure, and `isHandled: false` without one a result that is not handled, for
    /// ``RoutingFailure/routeNotFound``.
    @available(
        *, deprecated, renamed: "init(deepLink:route:failure:)", message: "isHandled is derived from failure"
    )
    public init(isHandled: Bool, deepLink: DeepLink?, route: String?, failure: RoutingFailure?) {
        self.init(deepLink: deepLink, route: route, failure: failure ?? (isHandled ? nil : .routeNotFound))
    }

    init(
        deepLink: DeepLink?, route: String?, failure: RoutingFailure?, error: (any Error)?,
        pending: PendingDelivery?
    ) {
        self.deepLink = deepLink
        self.route = route
        outcome =
            error == nil && pending == nil
            ? .plain(failure) : .rare(Rare(failure: failure, error: error, pending: pending))
    }

    /// A result for a link that was not handled.
    package static func failed(
        _ failure: RoutingFailure, deepLink: DeepLink? = nil, route: String? = nil, error: (any Error)? = nil
    ) -> DeepLinkResult {
        DeepLinkResult(deepLink: deepLink, route: route, failure: failure, error: error, pending: nil)
    }

    /// A result for a link whose handling goes on as `pending` says.
    static func pending(
        _ pending: PendingDelivery, deepLink: DeepLink? = nil, route: String? = nil
    ) -> DeepLinkResult {
        DeepLinkResult(deepLink: deepLink, route: route, failure: nil, error: nil, pending: pending)
    }
}
