import Foundation

/// Links that arrive before the app can show them (issue 23 §4): a cold start before the
/// navigation stack exists, onboarding, a login screen.
///
/// - **Hold.** ``holdDelivery(limit:)`` makes every link handed to the router wait, in
///   arrival order; ``releaseDelivery()`` delivers them, each once, in that order. The hold
///   keeps at most `limit` links, the newest: an older one dropped to make room is reported
///   as ``RoutingFailure/dropped``.
/// - **Conditions.** ``require(_:for:)`` makes a route's links wait until the app has
///   granted a condition (``grant(_:)``), such as signed in. A link whose winning route
///   requires a condition the app has not granted waits in that condition's slot, one link
///   per condition, until the app grants the condition or approves the link
///   (``approveWaiting(_:)``), which runs it; ``denyWaiting(_:)`` drops it, and a newer link
///   for the same condition supersedes it. Both are reported.
///
/// `handle` and `dispatch` return at once for such a link, with
/// ``DeepLinkResult/pending`` ``PendingDelivery/held`` or
/// ``PendingDelivery/awaitingApproval(_:)``; what becomes of it later is reported to
/// ``onDeferredResult(_:)``, once per deferral. Delivery after a release or an approval
/// runs as ``handle(_:)-(URL)`` runs, on the thread that releases or approves: call these
/// on the main actor when handlers are main-actor code.
extension Router {
    /// Holds delivery from now on: links handed to the router wait, in arrival order, until
    /// ``releaseDelivery()``.
    ///
    /// - Parameter limit: the most links the hold keeps (at least 1); when one more arrives
    ///   the oldest is dropped and reported as ``RoutingFailure/dropped``. A cold start or a
    ///   login brings a handful; the default keeps 64.
    public func holdDelivery(limit: Int = 64) {
        delivery.hold(limit: limit)
        republishHold()
    }

    /// Whether delivery is held (``holdDelivery(limit:)``).
    public var isHoldingDelivery: Bool {
        delivery.isHolding
    }

    /// Lifts the hold and delivers the held links now, in arrival order, each once, as
    /// ``handle(_:)-(URL)`` would have when they arrived; each result goes to
    /// ``onDeferredResult(_:)``. A link that arrives while they are delivered (from a
    /// handler, or another thread) is delivered after them.
    ///
    /// - Returns: how many held links this call delivered.
    @discardableResult
    public func releaseDelivery() -> Int {
        let delivered = delivery.release { request, pass in handle(request, pass: pass) }
        republishHold()
        return delivered
    }

    /// Makes the links `route` wins wait until the app grants `condition`.
    ///
    /// ```swift
    /// try router.register("/orders/:id", onMainActor: model.showOrder)
    /// router.require(.signedIn, for: "/orders/:id")
    /// ```
    ///
    /// The requirement belongs to the route: registering it again keeps it, removing it
    /// drops it.
    ///
    /// - Returns: whether `route` is registered; nothing changes when it is not.
    @discardableResult
    public func require(_ condition: LinkCondition, for route: String) -> Bool {
        setRequirement(condition, for: route)
    }

    /// Removes the condition `route` requires.
    ///
    /// - Returns: whether `route` is registered.
    @discardableResult
    public func removeRequirement(for route: String) -> Bool {
        setRequirement(nil, for: route)
    }

    /// The condition `route` requires, if any.
    public func requirement(for route: String) -> LinkCondition? {
        requirementOf(route)
    }

    /// Grants `condition` (the user signed in): the link waiting for it runs now, and links
    /// that need it run at once until ``revoke(_:)``.
    public func grant(_ condition: LinkCondition) {
        delivery.grant(condition) { request, pass in handle(request, pass: pass) }
    }

    /// Revokes `condition` (the user signed out): links that need it wait again.
    public func revoke(_ condition: LinkCondition) {
        delivery.revoke(condition)
    }

    /// Whether the app has granted `condition`.
    public func isGranted(_ condition: LinkCondition) -> Bool {
        delivery.isGranted(condition)
    }

    /// Runs the link waiting for `condition` now, once, without granting the condition.
    ///
    /// - Returns: whether a link was waiting.
    @discardableResult
    public func approveWaiting(_ condition: LinkCondition) -> Bool {
        delivery.approveWaiting(condition) { request, pass in handle(request, pass: pass) }
    }

    /// Drops the link waiting for `condition` (the user cancelled the login), reported as
    /// ``RoutingFailure/denied``.
    ///
    /// - Returns: whether a link was waiting.
    @discardableResult
    public func denyWaiting(_ condition: LinkCondition) -> Bool {
        delivery.denyWaiting(condition)
    }

    /// The URL of the link waiting for `condition`, if any.
    public func waitingLink(for condition: LinkCondition) -> URL? {
        delivery.waitingURL(for: condition)
    }

    /// Sets the handler that receives the outcome of every deferred link: a held link once
    /// released or dropped, a waiting link once granted, approved, denied or superseded.
    /// Setting it again replaces it; nil removes it.
    ///
    /// It is called on the thread where the outcome happens (the one that releases, grants,
    /// approves or denies, or that handles the link that drops or supersedes another), after
    /// the router's locks are released, so it may call the router.
    public func onDeferredResult(_ handler: (@Sendable (DeferredLinkResult) -> Void)?) {
        delivery.setReport(handler)
    }
}
