import Foundation
import Waypoint

/// Receives deep links, resolves their campaigns, gates links that need a logged-in user,
/// delivers them to the app and reports `Deep Link …` events (spec §1.4, §6, §7).
///
/// Register the handlers, then pass every incoming URL to ``handle(_:platformHint:)``:
///
/// ```swift
/// manager.onDeepLink { link, requiresAuth in if !requiresAuth { router.navigate(link) } }
/// manager.onDeepLinkRequiresAuth { _, completion in
///     if session.isLoggedIn { completion(true) } else { session.afterLogin = completion }
/// }
/// manager.handle(url)
/// ```
///
/// A link that arrives before `onDeepLink` is registered waits and is delivered on
/// registration. Callbacks run on the main actor.
@MainActor
public final class PaylisherDeepLinkManager {
    /// The configuration the manager was created with.
    public let config: PaylisherDeepLinkConfig

    let eventSink: (any PaylisherEventSink)?
    let transport: any PaylisherHTTPTransport
    let journeyStore: any PaylisherJourneyStore
    let sessionID: @Sendable () -> String
    let clock: PaylisherManagerClock

    var deepLinkHandler: (@MainActor (PaylisherDeepLink, Bool) -> Void)?
    var authHandler: (@MainActor (PaylisherDeepLink, PaylisherAuthCompletion) -> Void)?
    var failureHandler: (@MainActor (URL, PaylisherDeepLinkError) -> Void)?
    var campaignResolvedHandler: (@MainActor (PaylisherDeepLink) -> Void)?

    /// The most recent link accepted by ``handle(_:platformHint:)`` (duplicates excluded),
    /// carrying its campaign data once resolved.
    public internal(set) var lastDeepLink: PaylisherDeepLink?

    /// The id of the arrival in ``lastDeepLink``.
    var lastArrivalID: UInt64?
    /// The absolute URL string and arrival time of the last accepted link (spec §6.4).
    var lastAccepted: (url: String, at: Duration)?
    /// The handler slot (spec §6.1 step 4: a link that arrived before `onDeepLink`, held
    /// until one is registered) and the auth slot (spec §6.3), on the core's gate.
    var gate: PaylisherGate = {
        var gate = PaylisherGate()
        _ = gate.hold(limit: 1)
        return gate
    }()
    /// Links waiting for step 5, in arrival order; short links resolve while they wait.
    var deliveryQueue: [PaylisherQueuedArrival] = []
    /// Whether the queue is being worked through, so re-entrant calls only append.
    var isDraining = false
    /// The campaign attribution (spec §7.2).
    var campaignAttribution: PaylisherCampaignAttribution?
    /// Campaign resolutions in flight, by id.
    var resolutionTasks: [UInt64: Task<Void, Never>] = [:]
    /// Gated links delivered before their campaign resolved, by arrival id, while their
    /// resolution is in flight: whether the app has approved the link yet (spec §6.1).
    var gatedResolutions: [UInt64: Bool] = [:]
    private var lastIssuedID: UInt64 = 0

    /// Creates a manager.
    ///
    /// - Parameters:
    ///   - config: the configuration; SDK defaults when omitted.
    ///   - eventSink: receives the `Deep Link …` events; none by default.
    ///   - transport: performs campaign resolution; `URLSession` by default.
    ///   - journeyStore: keeps the journey id; in memory by default.
    ///   - sessionID: the current analytics session id; by default one id for the life of
    ///     this manager.
    ///   - clock: measures the duplicate window, the auth timer, the resolution timeout and
    ///     event times; `ContinuousClock` by default.
    public init(
        config: PaylisherDeepLinkConfig = PaylisherDeepLinkConfig(),
        eventSink: (any PaylisherEventSink)? = nil,
        transport: any PaylisherHTTPTransport = PaylisherURLSessionTransport(),
        journeyStore: any PaylisherJourneyStore = PaylisherInMemoryJourneyStore(),
        sessionID: (@Sendable () -> String)? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.config = config
        self.eventSink = eventSink
        self.transport = transport
        self.journeyStore = journeyStore
        if let sessionID {
            self.sessionID = sessionID
        } else {
            let session = UUID().uuidString
            self.sessionID = { session }
        }
        self.clock = PaylisherManagerClock(clock)
    }

    /// A new id, unique for this manager.
    func issueID() -> UInt64 {
        lastIssuedID += 1
        return lastIssuedID
    }

    // MARK: Registration

    /// Sets the handler that receives every delivered link, with whether it needs a
    /// logged-in user. Registering again replaces the handler.
    ///
    /// A gated link arrives first with `requiresAuth == true` (show nothing, or a login
    /// prompt) and, once approved, again with `false`. A link that was waiting for a handler
    /// is delivered at once.
    public func onDeepLink(
        _ handler: @escaping @MainActor (_ deepLink: PaylisherDeepLink, _ requiresAuth: Bool) -> Void
    ) {
        deepLinkHandler = handler
        gate.lift()
        if let held = gate.takeHeld() {
            enqueue(held)
        }
    }

    /// Sets the auth callback, which gets each gated link with a completion to call once
    /// the user may open it (spec §6.3). Registering again replaces the callback; a pending
    /// link that was never offered is offered at once.
    public func onDeepLinkRequiresAuth(
        _ handler:
            @escaping @MainActor (_ deepLink: PaylisherDeepLink, _ completion: PaylisherAuthCompletion) ->
            Void
    ) {
        authHandler = handler
        expireOverdueLink()
        offerPendingLinkIfNeeded()
    }

    /// Sets the handler called with every URL that is not a deep link, and why.
    public func onDeepLinkFailed(
        _ handler: @escaping @MainActor (_ url: URL, _ error: PaylisherDeepLinkError) -> Void
    ) {
        failureHandler = handler
    }

    /// Sets the handler called with a link delivered before its campaign resolved, again,
    /// now carrying ``PaylisherDeepLink/campaignData``. Not called when resolution fails.
    public func onCampaignResolved(_ handler: @escaping @MainActor (_ deepLink: PaylisherDeepLink) -> Void) {
        campaignResolvedHandler = handler
    }
}
