import Foundation

/// Links that arrive before the app can show them (Documentation/spec/routing.md §10): a
/// cold start before the navigation stack exists, onboarding, a sign-in screen. Both faces
/// have one, ``Router/delivery`` and `DestinationRouter.delivery` (WaypointNavigation), and
/// it works the same on each.
///
/// ```swift
/// import Waypoint
///
/// extension LinkCondition {
///     static let signedIn: LinkCondition = "signedIn"
/// }
///
/// func coldStart(_ router: Router) throws {
///     router.delivery.hold()  // links wait until the first screen is up
///     try router.register("/orders/:id") { link in print("order", link.routeParameters["id"] ?? "") }
///     router.delivery.require(.signedIn, for: "/orders/:id")
///     router.delivery.onDeferredResult { report in print(report.url, report.result.isHandled) }
///     // …once the app can navigate:
///     router.delivery.release()
/// }
/// ```
///
/// - **Hold.** ``hold(limit:)`` makes every link handed to the face wait, in arrival order;
///   ``release()`` delivers them, each once, in that order. The hold keeps at most `limit`
///   of the links that arrive during it, the newest: an older one dropped to make room is
///   reported as ``RoutingFailure/dropped``. Links that arrive while a release delivers go
///   after the ones it took up, whatever the limit.
/// - **Conditions.** ``require(_:for:)`` makes a route's links wait until the app has
///   granted a condition (``grant(_:)``), such as signed in. A link whose winning route
///   requires a condition the app has not granted waits in that condition's slot, one link
///   per condition, until the app grants the condition or approves the link
///   (``approveWaiting(_:)``), which runs it; ``denyWaiting(_:)`` drops it, and a newer link
///   for the same condition supersedes it.
///
/// `handle` and `dispatch` return at once for such a link, with
/// ``DeepLinkResult/pending`` ``PendingDelivery/held`` or
/// ``PendingDelivery/awaitingApproval(_:)``; what becomes of it later is reported to
/// ``onDeferredResult(_:)``, once per deferral. The article "Async handlers and waiting links"
/// states every guarantee: which links are delivered once, in what order, and which are
/// dropped, when, and how each is reported.
public struct LinkDelivery: Sendable {
    private let face: any DeliveryFace

    package init(_ face: any DeliveryFace) {
        self.face = face
    }

    // MARK: Hold

    /// Holds delivery from now on: links handed to the face wait, in arrival order, until
    /// ``release()``.
    ///
    /// - Parameter limit: the most links the hold keeps of those that arrive during it (at
    ///   least 1); when one more arrives the oldest of them is dropped and reported as
    ///   ``RoutingFailure/dropped``. A cold start or a sign-in brings a handful; the default
    ///   keeps 64.
    public func hold(limit: Int = 64) {
        face.deferred.hold(limit: limit)
        face.republishHold()
    }

    /// Whether delivery is held (``hold(limit:)``).
    public var isHolding: Bool {
        face.deferred.isHolding
    }

    /// Lifts the hold and delivers the held links now, in arrival order, each once, as
    /// `handle` would have when they arrived; each result goes to ``onDeferredResult(_:)``.
    /// A link that arrives while they are delivered (from a handler, or another thread) is
    /// delivered after them, whatever the hold's limit.
    ///
    /// Delivery goes on on the calling thread until a link must wait: for the main actor
    /// (a main-actor handler or receiver, when this is called off the main actor) or for an
    /// asynchronous handler or builder. From there a task delivers that link and the rest,
    /// still one at a time and in order, and reports each once it has finished. Call this on
    /// the main actor when the handlers are main-actor code, so that they run before it
    /// returns.
    ///
    /// - Returns: how many links this call delivered before it returned.
    @discardableResult
    public func release() -> Int {
        face.deferred.release(through: face)
    }

    // MARK: Conditions

    /// Makes the links `route` wins wait until the app grants `condition`.
    ///
    /// ```swift
    /// import Waypoint
    ///
    /// func gate(_ router: Router) {
    ///     router.delivery.require("signedIn", for: "/orders/:id")
    /// }
    /// ```
    ///
    /// The requirement belongs to the route: registering it again keeps it, removing it
    /// drops it.
    ///
    /// - Returns: whether `route` is registered; nothing changes when it is not.
    @discardableResult
    public func require(_ condition: LinkCondition, for route: RouteName) -> Bool {
        face.setRequirement(condition, for: route.route)
    }

    /// Removes the condition `route` requires.
    ///
    /// - Returns: whether `route` is registered.
    @discardableResult
    public func removeRequirement(for route: RouteName) -> Bool {
        face.setRequirement(nil, for: route.route)
    }

    /// The condition `route` requires, if any.
    public func requirement(for route: RouteName) -> LinkCondition? {
        face.requirement(of: route.route)
    }

    /// Grants `condition` (the user signed in): the link waiting for it runs now, and links
    /// that need it run at once until ``revoke(_:)``.
    public func grant(_ condition: LinkCondition) {
        face.deferred.grant(condition, through: face)
    }

    /// Revokes `condition` (the user signed out): links that need it wait again.
    public func revoke(_ condition: LinkCondition) {
        face.deferred.revoke(condition)
    }

    /// Whether the app has granted `condition`.
    public func isGranted(_ condition: LinkCondition) -> Bool {
        face.deferred.isGranted(condition)
    }

    /// Runs the link waiting for `condition` now, once, without granting the condition.
    ///
    /// - Returns: whether a link was waiting.
    @discardableResult
    public func approveWaiting(_ condition: LinkCondition) -> Bool {
        face.deferred.approveWaiting(condition, through: face)
    }

    /// Drops the link waiting for `condition` (the user cancelled the sign-in), reported as
    /// ``RoutingFailure/denied``.
    ///
    /// - Returns: whether a link was waiting.
    @discardableResult
    public func denyWaiting(_ condition: LinkCondition) -> Bool {
        face.deferred.denyWaiting(condition)
    }

    /// The URL of the link waiting for `condition`, if any.
    public func waitingLink(for condition: LinkCondition) -> URL? {
        face.deferred.waitingURL(for: condition)
    }

    // MARK: Reports

    /// Sets the handler that receives the outcome of every deferred link: a held link once
    /// released and delivered, or dropped; a waiting link once granted or approved and
    /// delivered, or denied or superseded. Setting it again replaces it; nil removes it.
    ///
    /// It is called on the thread where the outcome happens (the one that releases, grants,
    /// approves or denies, or that handles the link that drops or supersedes another; a
    /// task's, for a link that had to wait for the main actor or an asynchronous handler),
    /// after the face's locks are released, so it may call the face.
    public func onDeferredResult(_ handler: (@Sendable (DeferredLinkResult) -> Void)?) {
        face.deferred.setReport(handler)
    }
}

/// A face as its ``LinkDelivery`` reaches it: the gate it owns, how it delivers a link the
/// gate hands back, and the requirements its routes carry.
package protocol DeliveryFace: DeferredDelivery {
    /// The face's held and waiting links, one for its life.
    var deferred: DeliveryGate { get }
    /// Sets the condition `route` requires; nil for none.
    ///
    /// - Returns: whether the route is registered.
    func setRequirement(_ condition: LinkCondition?, for route: String) -> Bool
    /// The condition `route` requires, if any.
    func requirement(of route: String) -> LinkCondition?
}
