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

    /// The auth slot, unless its deadline has passed (the timeout is then due and will be
    /// reported by the timer or by the next operation on the gate).
    private var pendingSlot: PaylisherAuthSlot? {
        guard let slot = authSlot else { return nil }
        if let deadline = slot.deadline, clock.now() >= deadline { return nil }
        return slot
    }

    /// Approves the pending link, as its completion's `true` does: `Deep Link Completed`,
    /// then the handler gets the link with `requiresAuth == false`.
    ///
    /// - Returns: whether a link was pending.
    @discardableResult
    public func completePendingDeepLink() -> Bool {
        expireOverdueLink()
        guard let slot = authSlot else { return false }
        approve(slot)
        return true
    }

    /// Cancels the pending link and sends `Deep Link Cancelled` (`cancel_reason: "app"`).
    ///
    /// - Returns: whether a link was pending.
    @discardableResult
    public func cancelPendingDeepLink() -> Bool {
        expireOverdueLink()
        guard let slot = takeSlot() else { return false }
        sendCancelledEvent(for: slot, reason: "app")
        return true
    }

    /// Drops the pending link without an event, as its completion's `false` does.
    ///
    /// - Returns: whether a link was pending.
    @discardableResult
    public func clearPendingDeepLink() -> Bool {
        expireOverdueLink()
        return takeSlot() != nil
    }

    /// A gated link enters the slot (spec §6.3): a link already there is cancelled as
    /// replaced; the timer starts; the handler gets `(link, true)`; then the auth callback,
    /// if any, is offered the link.
    func enterAuthGate(_ arrival: PaylisherArrival) {
        expireOverdueLink()
        if let replaced = takeSlot() {
            sendCancelledEvent(for: replaced, reason: "replaced")
        }
        let token = issueID()
        let now = clock.now()
        let timeout = config.pendingDeepLinkTimeout
        let deadline = timeout > .zero ? now + timeout : nil
        var slot = PaylisherAuthSlot(
            arrival: arrival, token: token, enteredAt: now, deadline: deadline, offered: false, timer: nil)
        if let deadline {
            let clock = clock
            slot.timer = Task { [weak self] in
                do {
                    try await clock.sleep(until: deadline)
                } catch {
                    return
                }
                self?.timerFired(token: token)
            }
        }
        authSlot = slot
        deepLinkHandler?(arrival.link, true)
        offerPendingLinkIfNeeded()
    }

    /// Offers the pending link to the auth callback when there is one and the link was
    /// never offered.
    func offerPendingLinkIfNeeded() {
        guard let slot = authSlot, !slot.offered, let authHandler else { return }
        authSlot?.offered = true
        let token = slot.token
        let completion = PaylisherAuthCompletion(deepLink: slot.arrival.link) { [weak self] approved in
            self?.answer(token: token, approved: approved)
        }
        authHandler(slot.arrival.link, completion)
    }

    /// A completion's answer: acts only while its link is still the pending one.
    private func answer(token: UInt64, approved: Bool) {
        expireOverdueLink()
        guard let slot = authSlot, slot.token == token else { return }
        if approved {
            approve(slot)
        } else {
            _ = takeSlot()
        }
    }

    /// Empties the slot, sends `Deep Link Completed` and delivers `(link, false)`; then
    /// `onCampaignResolved` when the link's campaign resolved while it waited (spec §6.1).
    private func approve(_ slot: PaylisherAuthSlot) {
        _ = takeSlot()
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
        guard let slot = authSlot, let deadline = slot.deadline, clock.now() >= deadline else { return }
        _ = takeSlot()
        sendTimeoutEvent(for: slot)
    }

    /// The timer of the link with `token` fired.
    private func timerFired(token: UInt64) {
        guard authSlot?.token == token, let slot = takeSlot() else { return }
        sendTimeoutEvent(for: slot)
    }

    /// Empties the slot and stops its timer.
    private func takeSlot() -> PaylisherAuthSlot? {
        guard let slot = authSlot else { return nil }
        authSlot = nil
        slot.timer?.cancel()
        return slot
    }
}
