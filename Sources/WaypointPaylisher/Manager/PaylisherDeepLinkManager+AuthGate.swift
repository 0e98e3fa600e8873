import Waypoint

extension PaylisherDeepLinkManager {
    /// Whether a gated link is waiting for approval.
    public var hasPendingDeepLink: Bool {
        pendingSlot != nil
    }

    /// The gated link waiting for approval, or nil.
    public var pendingDeepLink: PaylisherDeepLink? {
        pendingSlot?.arrival.link
    }

    /// The raw ``PaylisherDeepLink/destination`` of the gated link waiting for approval.
    public var pendingDeepLinkDestination: String? {
        pendingSlot?.arrival.link.destination
    }

    /// The link waiting in the auth slot, unless its deadline has passed (the timeout is
    /// then due and will be reported by the timer or by the next operation on the gate).
    private var pendingSlot: PaylisherAuthSlot? {
        guard let entry = gate.waiting(for: .paylisherAuth) else { return nil }
        if let deadline = entry.deadline, clock.now() >= deadline { return nil }
        return entry.item
    }

    /// Approves the pending link, as its completion's `true` does: `Deep Link Completed`,
    /// then the handler gets the link with `requiresAuth == false`.
    ///
    /// - Returns: whether a link was pending.
    @discardableResult
    public func completePendingDeepLink() -> Bool {
        expireOverdueLink()
        guard let slot = leaveSlot(gate.take(waitingFor: .paylisherAuth)) else { return false }
        approve(slot)
        return true
    }

    /// Cancels the pending link and sends `Deep Link Cancelled` (`cancel_reason: "app"`).
    ///
    /// - Returns: whether a link was pending.
    @discardableResult
    public func cancelPendingDeepLink() -> Bool {
        expireOverdueLink()
        guard let slot = leaveSlot(gate.take(waitingFor: .paylisherAuth)) else { return false }
        sendCancelledEvent(for: slot, reason: "app")
        return true
    }

    /// Drops the pending link without an event, as its completion's `false` does.
    ///
    /// - Returns: whether a link was pending.
    @discardableResult
    public func clearPendingDeepLink() -> Bool {
        expireOverdueLink()
        return leaveSlot(gate.take(waitingFor: .paylisherAuth)) != nil
    }

    /// A gated link enters the slot (spec §6.3): the link it supersedes is cancelled as
    /// replaced; the timer starts; the handler gets `(link, true)`; then the auth callback,
    /// if any, is offered the link.
    func enterAuthGate(_ arrival: PaylisherArrival) {
        expireOverdueLink()
        let now = clock.now()
        let timeout = config.pendingDeepLinkTimeout
        let deadline = timeout > .zero ? now + timeout : nil
        let (ticket, superseded) = gate.wait(
            PaylisherAuthSlot(arrival: arrival, enteredAt: now), for: .paylisherAuth, deadline: deadline)
        if let replaced = leaveSlot(superseded) {
            sendCancelledEvent(for: replaced, reason: "replaced")
        }
        if let deadline {
            let clock = clock
            let timer = Task { [weak self] in
                do {
                    try await clock.sleep(until: deadline)
                } catch {
                    return
                }
                self?.timerFired(ticket: ticket)
            }
            gate.updateWaiting(for: .paylisherAuth) { $0.timer = timer }
        }
        deepLinkHandler?(arrival.link, true)
        offerPendingLinkIfNeeded()
    }

    /// Offers the pending link to the auth callback when there is one and the link was
    /// never offered.
    func offerPendingLinkIfNeeded() {
        guard let entry = gate.waiting(for: .paylisherAuth), !entry.item.offered, let authHandler else {
            return
        }
        gate.updateWaiting(for: .paylisherAuth) { $0.offered = true }
        let ticket = entry.ticket
        let completion = PaylisherAuthCompletion(deepLink: entry.item.arrival.link) { [weak self] approved in
            self?.answer(ticket: ticket, approved: approved)
        }
        authHandler(entry.item.arrival.link, completion)
    }

    /// A completion's answer: acts only while its link is still the pending one (its ticket
    /// is stale once the link has left the slot).
    private func answer(ticket: PaylisherGate.Ticket, approved: Bool) {
        expireOverdueLink()
        guard let slot = leaveSlot(gate.take(ticket)) else { return }
        if approved { approve(slot) }
    }

    /// Sends `Deep Link Completed` and delivers `(link, false)` for a link that left the
    /// slot approved; then `onCampaignResolved` when the link's campaign resolved while it
    /// waited (spec §6.1).
    private func approve(_ slot: PaylisherAuthSlot) {
        if gatedResolutions[slot.arrival.id] != nil {
            gatedResolutions[slot.arrival.id] = true
        }
        sendCompletedEvent(for: slot)
        deepLinkHandler?(slot.arrival.link, false)
        if slot.owesCampaignCallback {
            campaignResolvedHandler?(slot.arrival.link)
        }
    }

    /// Reports the timeout when the slot's deadline has passed and empties the slot. Every
    /// operation on the gate starts with this, so the outcome depends on the clock, not on
    /// when the timer task happens to run.
    func expireOverdueLink() {
        for entry in gate.expire(now: clock.now()) {
            if let slot = leaveSlot(entry) { sendTimeoutEvent(for: slot) }
        }
    }

    /// The timer of the stay with `ticket` fired.
    private func timerFired(ticket: PaylisherGate.Ticket) {
        guard let slot = leaveSlot(gate.take(ticket)) else { return }
        sendTimeoutEvent(for: slot)
    }

    /// What the gate kept with a link that left the auth slot, its timer stopped.
    private func leaveSlot(_ entry: PaylisherGate.Entry?) -> PaylisherAuthSlot? {
        entry?.item.timer?.cancel()
        return entry?.item
    }
}
