import Foundation

/// The router's held links and links waiting for conditions: ``LinkGateState`` under a
/// lock, with the report handler and the release in progress. Operations decide under the
/// lock and deliver or report outside it, so handlers and reports may call the router.
final class DeliveryGate: Sendable {
    private struct State: Sendable {
        /// Held links and links waiting for a condition, with what the gate knows of each.
        var gate = LinkGateState<Deferred, LinkRequest>()
        /// A release is delivering the held links: arrivals queue behind them.
        var isReleasing = false
        var report: (@Sendable (DeferredLinkResult) -> Void)?
    }

    private let state = Locked(State())

    /// A held link and the condition it was approved for, if any.
    struct Deferred: Sendable {
        let request: LinkRequest
        let approved: LinkCondition?
    }

    /// Dispatches a link the gate hands back.
    typealias Deliver = (LinkRequest, GatePass) -> DeepLinkResult

    /// Whether links must come here before they are matched: delivery is held, or a release
    /// is still delivering the links it held.
    var holdsOrReleases: Bool {
        state.withLock { $0.gate.isHolding || $0.isReleasing }
    }

    var isHolding: Bool {
        state.withLock { $0.gate.isHolding }
    }

    /// Sets the handler that receives every deferred link's outcome.
    func setReport(_ report: (@Sendable (DeferredLinkResult) -> Void)?) {
        state.withLock { $0.report = report }
    }

    // MARK: Hold

    /// Holds arrivals, keeping at most `limit`; reports the links a lower limit drops.
    func hold(limit: Int) {
        let (dropped, report) = state.withLock { state in (state.gate.hold(limit: limit), state.report) }
        for link in dropped { report?(DeferredLinkResult(url: link.request.url, result: .failed(.dropped))) }
    }

    /// Holds `request` when delivery is held, or while a release delivers the links held
    /// before it; nil when it may go on.
    func holdIfHeld(_ request: LinkRequest, pass: GatePass) -> DeepLinkResult? {
        let outcome: (dropped: Deferred?, report: (@Sendable (DeferredLinkResult) -> Void)?)? =
            state.withLock { state in
                guard state.gate.isHolding || state.isReleasing else { return nil }
                return (state.gate.enqueue(Deferred(request: request, approved: pass.approved)), state.report)
            }
        guard let outcome else { return nil }
        if let dropped = outcome.dropped {
            outcome.report?(DeferredLinkResult(url: dropped.request.url, result: .failed(.dropped)))
        }
        return .pending(.held)
    }

    /// Lifts the hold and delivers the held links through `deliver`, in arrival order, each
    /// once, reporting each result; links that arrive meanwhile queue behind them. A release
    /// already under way on another thread delivers them instead, and a new hold stops the
    /// delivery where it stands.
    ///
    /// - Returns: how many links this call delivered.
    func release(through deliver: Deliver) -> Int {
        let starts = state.withLock { state in
            state.gate.lift()
            guard !state.isReleasing else { return false }
            state.isReleasing = true
            return true
        }
        guard starts else { return 0 }
        var delivered = 0
        while true {
            let next: (Deferred, (@Sendable (DeferredLinkResult) -> Void)?)? = state.withLock { state in
                guard !state.gate.isHolding, let link = state.gate.takeHeld() else {
                    state.isReleasing = false
                    return nil
                }
                return (link, state.report)
            }
            guard let (link, report) = next else { return delivered }
            let result = deliver(link.request, GatePass(isReleased: true, approved: link.approved))
            delivered += 1
            report?(DeferredLinkResult(url: link.request.url, result: result))
        }
    }

    // MARK: Conditions

    /// Makes `request` wait for `condition` unless the app granted it or approved this
    /// link for it; nil when it may run.
    func waitIfNeeded(
        _ request: LinkRequest, for condition: LinkCondition, pass: GatePass,
        deepLink: @autoclosure () -> DeepLink, route: String
    ) -> DeepLinkResult? {
        guard pass.approved != condition else { return nil }
        let outcome: (superseded: LinkRequest?, report: (@Sendable (DeferredLinkResult) -> Void)?)? =
            state.withLock { state in
                guard !state.gate.isGranted(condition) else { return nil }
                return (state.gate.wait(request, for: condition).superseded?.item, state.report)
            }
        guard let outcome else { return nil }
        if let superseded = outcome.superseded {
            outcome.report?(DeferredLinkResult(url: superseded.url, result: .failed(.superseded)))
        }
        return .pending(.awaitingApproval(condition), deepLink: deepLink(), route: route)
    }

    func isGranted(_ condition: LinkCondition) -> Bool {
        state.withLock { $0.gate.isGranted(condition) }
    }

    /// Grants `condition` and delivers the link that waited for it.
    func grant(_ condition: LinkCondition, through deliver: Deliver) {
        let taken = state.withLock { state in (state.gate.grant(condition)?.item, state.report) }
        deliverApproved(taken, condition, through: deliver)
    }

    func revoke(_ condition: LinkCondition) {
        state.withLock { $0.gate.revoke(condition) }
    }

    /// Delivers the link waiting for `condition`, once.
    ///
    /// - Returns: whether a link was waiting.
    func approveWaiting(_ condition: LinkCondition, through deliver: Deliver) -> Bool {
        let taken = state.withLock { state in (state.gate.take(waitingFor: condition)?.item, state.report) }
        deliverApproved(taken, condition, through: deliver)
        return taken.0 != nil
    }

    /// Drops the link waiting for `condition`, reported as denied.
    ///
    /// - Returns: whether a link was waiting.
    func denyWaiting(_ condition: LinkCondition) -> Bool {
        let (request, report) = state.withLock { state in
            (state.gate.take(waitingFor: condition)?.item, state.report)
        }
        guard let request else { return false }
        report?(DeferredLinkResult(url: request.url, result: .failed(.denied)))
        return true
    }

    /// The URL of the link waiting for `condition`.
    func waitingURL(for condition: LinkCondition) -> URL? {
        state.withLock { $0.gate.waiting(for: condition)?.item.url }
    }

    private func deliverApproved(
        _ taken: (LinkRequest?, (@Sendable (DeferredLinkResult) -> Void)?), _ condition: LinkCondition,
        through deliver: Deliver
    ) {
        guard let request = taken.0 else { return }
        let result = deliver(request, GatePass(approved: condition))
        taken.1?(DeferredLinkResult(url: request.url, result: result))
    }
}
