import Foundation

/// The face a ``DeliveryGate`` delivers its links through: ``Router``'s handlers, or
/// `DestinationRouter`'s builders and receiver. Each face implements dispatch its own way;
/// the gate decides when, in what order and how often.
package protocol DeferredDelivery: Sendable {
    /// Dispatches a link the gate hands back as far as it can go on the calling thread.
    func startDeferred(_ request: LinkRequest, pass: GatePass) -> DeferredStart
    /// Publishes whether links must come to the gate first, as the gate says now (the
    /// flag the face's dispatch reads without the gate's lock).
    func republishHold()
}

/// How far a deferred link's dispatch went on the thread that delivered it.
package enum DeferredStart: Sendable {
    /// It is over.
    case finished(DeepLinkResult)
    /// It stands at a main-actor handler off the main actor, or at an asynchronous handler
    /// or builder: the closure finishes it, hopping where it must.
    case suspended(@Sendable () async -> DeepLinkResult)
}

/// A face's held links and links waiting for conditions: ``LinkGateState`` under a lock,
/// with the report handler and the release in progress. Operations decide under the lock
/// and deliver or report outside it, so handlers and reports may call the router.
///
/// Every link that comes here leaves exactly once: delivered (and reported), or reported
/// dropped, denied or superseded. A release delivers in arrival order, the links it took up
/// first and those that arrived while it ran after them, one at a time: when one must wait
/// for the main actor or for an asynchronous handler, the rest wait behind it in a task that
/// goes on from there (Documentation/spec/routing.md §10).
package final class DeliveryGate: Sendable {
    private struct State: Sendable {
        /// Held links and links waiting for a condition, with what the gate knows of each.
        var gate = LinkGateState<Deferred, Deferred>()
        /// A release is delivering the held links: arrivals queue behind them.
        var isReleasing = false
        var report: (@Sendable (DeferredLinkResult) -> Void)?
    }

    private let state = Locked(State())

    package init() {}

    /// A held or waiting link and the conditions it was approved for.
    struct Deferred: Sendable {
        let request: LinkRequest
        let approvals: [LinkCondition]
    }

    /// Whether links must come here before they are matched: delivery is held, or a release
    /// is still delivering the links it held.
    package var holdsOrReleases: Bool {
        state.withLock { $0.gate.isHolding || $0.isReleasing }
    }

    var isHolding: Bool {
        state.withLock { $0.gate.isHolding }
    }

    /// Sets the handler that receives every deferred link's outcome.
    func setReport(_ report: (@Sendable (DeferredLinkResult) -> Void)?) {
        state.withLock { $0.report = report }
    }

    private var report: (@Sendable (DeferredLinkResult) -> Void)? {
        state.withLock { $0.report }
    }

    // MARK: Hold

    /// Holds arrivals, keeping at most `limit` of them; reports the links a lower limit
    /// drops.
    func hold(limit: Int) {
        let (dropped, report) = state.withLock { state in (state.gate.hold(limit: limit), state.report) }
        for link in dropped { report?(DeferredLinkResult(url: link.request.url, result: .failed(.dropped))) }
    }

    /// Holds `request` when delivery is held, or queues it while a release delivers the
    /// links before it; nil when it may go on.
    func holdIfHeld(_ request: LinkRequest, pass: GatePass) -> DeepLinkResult? {
        enum Outcome {
            case held(dropped: Deferred?, report: (@Sendable (DeferredLinkResult) -> Void)?)
            case refused
        }
        let outcome: Outcome? = state.withLock { state in
            let link = Deferred(request: request, approvals: pass.approvals)
            if state.gate.isHolding { return .held(dropped: state.gate.enqueue(link), report: state.report) }
            guard state.isReleasing else { return nil }
            return state.gate.queueBehindRelease(link) ? .held(dropped: nil, report: nil) : .refused
        }
        switch outcome {
        case nil:
            return nil
        case .refused:
            return .failed(.dropped)
        case .held(let dropped, let report):
            if let dropped {
                report?(DeferredLinkResult(url: dropped.request.url, result: .failed(.dropped)))
            }
            return .pending(.held)
        }
    }

    /// Lifts the hold and delivers the held links through `face`, in arrival order, each
    /// once, reporting each result; links that arrive meanwhile queue behind them, whatever
    /// the hold's limit. A release already under way delivers them instead, and a new hold
    /// stops the delivery where it stands.
    ///
    /// Delivery goes on on this thread until a link must wait for the main actor or an
    /// asynchronous handler; from there a task delivers it and the rest, in order.
    ///
    /// - Returns: how many links this call delivered before it returned.
    func release(through face: some DeferredDelivery) -> Int {
        let starts = state.withLock { state in
            state.gate.beginRelease()
            guard !state.isReleasing else { return false }
            state.isReleasing = true
            return true
        }
        guard starts else { return 0 }
        var delivered = 0
        while let link = next() {
            switch face.startDeferred(
                link.request, pass: GatePass(isReleased: true, approvals: link.approvals))
            {
            case .finished(let result):
                delivered += 1
                report?(DeferredLinkResult(url: link.request.url, result: result))
            case .suspended(let finish):
                Task {
                    report?(DeferredLinkResult(url: link.request.url, result: await finish()))
                    await drain(through: face)
                }
                return delivered
            }
        }
        face.republishHold()
        return delivered
    }

    /// The next link a release delivers; nil, ending the release, when none is left or a
    /// new hold began.
    private func next() -> Deferred? {
        state.withLock { state in
            guard !state.gate.isHolding, let link = state.gate.takeHeld() else {
                state.isReleasing = false
                return nil
            }
            return link
        }
    }

    /// Delivers the rest of a release, in order, awaiting each link that must wait.
    private func drain(through face: some DeferredDelivery) async {
        while let link = next() {
            let result: DeepLinkResult
            switch face.startDeferred(
                link.request, pass: GatePass(isReleased: true, approvals: link.approvals))
            {
            case .finished(let finished): result = finished
            case .suspended(let finish): result = await finish()
            }
            report?(DeferredLinkResult(url: link.request.url, result: result))
        }
        face.republishHold()
    }

    // MARK: Conditions

    /// Makes `request` wait for `condition` unless the app granted it or approved this
    /// link for it; nil when it may run.
    func waitIfNeeded(
        _ request: LinkRequest, for condition: LinkCondition, pass: GatePass,
        deepLink: @autoclosure () -> DeepLink, route: String
    ) -> DeepLinkResult? {
        guard !pass.approvals.contains(condition) else { return nil }
        let outcome: (superseded: Deferred?, report: (@Sendable (DeferredLinkResult) -> Void)?)? =
            state.withLock { state in
                guard !state.gate.isGranted(condition) else { return nil }
                let link = Deferred(request: request, approvals: pass.approvals)
                return (state.gate.wait(link, for: condition).superseded?.item, state.report)
            }
        guard let outcome else { return nil }
        if let superseded = outcome.superseded {
            outcome.report?(DeferredLinkResult(url: superseded.request.url, result: .failed(.superseded)))
        }
        return .pending(.awaitingApproval(condition), deepLink: deepLink(), route: route)
    }

    func isGranted(_ condition: LinkCondition) -> Bool {
        state.withLock { $0.gate.isGranted(condition) }
    }

    /// Grants `condition` and delivers the link that waited for it.
    func grant(_ condition: LinkCondition, through face: some DeferredDelivery) {
        let taken = state.withLock { state in (state.gate.grant(condition)?.item, state.report) }
        deliverApproved(taken, condition, through: face)
    }

    func revoke(_ condition: LinkCondition) {
        state.withLock { $0.gate.revoke(condition) }
    }

    /// Delivers the link waiting for `condition`, once.
    ///
    /// - Returns: whether a link was waiting.
    func approveWaiting(_ condition: LinkCondition, through face: some DeferredDelivery) -> Bool {
        let taken = state.withLock { state in (state.gate.take(waitingFor: condition)?.item, state.report) }
        deliverApproved(taken, condition, through: face)
        return taken.0 != nil
    }

    /// Drops the link waiting for `condition`, reported as denied.
    ///
    /// - Returns: whether a link was waiting.
    func denyWaiting(_ condition: LinkCondition) -> Bool {
        let (link, report) = state.withLock { state in
            (state.gate.take(waitingFor: condition)?.item, state.report)
        }
        guard let link else { return false }
        report?(DeferredLinkResult(url: link.request.url, result: .failed(.denied)))
        return true
    }

    /// The URL of the link waiting for `condition`.
    func waitingURL(for condition: LinkCondition) -> URL? {
        state.withLock { $0.gate.waiting(for: condition)?.item.request.url }
    }

    /// Delivers an approved link through `face` and reports the result: at once when its
    /// dispatch is over on this thread, from a task once it has finished when it must wait
    /// for the main actor or an asynchronous handler. The link keeps the approvals it had:
    /// a stack that requires several conditions waits for each once.
    private func deliverApproved(
        _ taken: (Deferred?, (@Sendable (DeferredLinkResult) -> Void)?), _ condition: LinkCondition,
        through face: some DeferredDelivery
    ) {
        guard let link = taken.0 else { return }
        let request = link.request
        let report = taken.1
        switch face.startDeferred(request, pass: GatePass(approvals: link.approvals + [condition])) {
        case .finished(let result):
            report?(DeferredLinkResult(url: request.url, result: result))
        case .suspended(let finish):
            Task { report?(DeferredLinkResult(url: request.url, result: await finish())) }
        }
    }
}
