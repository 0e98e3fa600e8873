import Foundation
import Waypoint

extension PaylisherDeepLinkManager {
    /// Handles one incoming URL (spec §6.1).
    ///
    /// In order: a bridge page goes to `openBridgeURL`; a URL that does not parse sends
    /// `Deep Link Failed` and calls `onDeepLinkFailed`; a repeat of the last accepted URL
    /// within `duplicateWindow` is dropped; with no `onDeepLink` handler the link waits for
    /// one; otherwise the link is processed: a short link with a campaign key is resolved
    /// before it is delivered, another link with a key is delivered and then resolved, a
    /// link without a key is delivered. Deliveries keep arrival order.
    ///
    /// - Parameters:
    ///   - url: the incoming URL.
    ///   - platformHint: a launch-source hint such as the opening app's bundle id.
    /// - Returns: what was done with the URL.
    @discardableResult
    public func handle(_ url: URL, platformHint: String? = nil) -> PaylisherHandleResult {
        expireOverdueLink()
        let now = clock.now()
        let link: PaylisherDeepLink
        do {
            link = try PaylisherDeepLink(
                url: url, platformHint: platformHint, config: config, timestamp: clock.date(at: now))
        } catch {
            sendFailedEvent(url: url)
            failureHandler?(url, error)
            return .failed(error)
        }
        if link.isBridgePage {
            config.openBridgeURL?(url)
            return .bridge
        }
        let absolute = url.absoluteString
        if config.duplicateWindow > .zero, let last = lastAccepted, last.url == absolute,
            now - last.at < config.duplicateWindow
        {
            return .duplicate
        }
        lastAccepted = (absolute, now)
        let arrival = PaylisherArrival(id: issueID(), link: link)
        lastDeepLink = link
        lastArrivalID = arrival.id
        guard !gate.isHolding else {
            // One slot: a newer link replaces the one waiting, silently (spec §6.1 step 4).
            _ = gate.enqueue(arrival)
            return .waitingForHandler
        }
        enqueue(arrival)
        return .accepted
    }

    /// Handles a universal link (Documentation/spec/routing.md §5): a web-browsing activity whose page URL is
    /// an http or https URL is handled as that URL; any other activity is ignored.
    ///
    /// - Returns: the result of ``handle(_:platformHint:)``, or nil when the activity was
    ///   ignored.
    @discardableResult
    package func handle(userActivity: UserActivity) -> PaylisherHandleResult? {
        guard userActivity.activityType == UserActivity.browsingWeb, let url = userActivity.webpageURL,
            PaylisherURIReference(url.absoluteString).isWeb
        else { return nil }
        return handle(url)
    }

    /// Appends `arrival` to the delivery queue and works through the queue. A short link
    /// with a campaign key starts resolving at once, so its wait, like every link's, ends
    /// `resolveTimeout` after it entered the queue (spec §6.1).
    ///
    /// - Parameter wait: how long the link may still wait; `resolveTimeout` for a new
    ///   arrival, what is left of it for a link taken over from another manager.
    func enqueue(_ arrival: PaylisherArrival, wait: Duration? = nil) {
        let remaining = min(max(wait ?? config.resolveTimeout, .zero), config.resolveTimeout)
        let deadline = clock.now() + remaining
        var entry = PaylisherQueuedArrival(arrival: arrival, deadline: deadline, resolution: nil)
        let link = arrival.link
        if link.isShortLink, link.campaignKeyName != nil, let requestURL = config.resolveRequestURL(for: link)
        {
            let id = startResolution(of: requestURL, deadline: deadline) { manager, payload in
                manager.finishShortLinkResolution(of: arrival.id, payload: payload)
            }
            entry.resolution = .pending(id)
        }
        deliveryQueue.append(entry)
        drainDeliveryQueue()
    }

    /// Delivers queued links in arrival order until the queue is empty or its first link is
    /// a short link still resolving within its wait. A short link whose wait has ended is
    /// delivered without its campaign, so no link behind it waits past its own deadline.
    /// Re-entrant calls (a handler handling another URL) only append, so the outer loop keeps
    /// the order.
    func drainDeliveryQueue() {
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while let head = deliveryQueue.first {
            switch head.resolution {
            case nil:
                deliveryQueue.removeFirst()
                process(head.arrival)
            case .finished(let payload):
                deliveryQueue.removeFirst()
                processShortLink(head.arrival, payload: payload)
            case .pending(let id):
                guard clock.now() >= head.deadline else { return }
                resolutionTasks.removeValue(forKey: id)?.cancel()
                deliveryQueue.removeFirst()
                processShortLink(head.arrival, payload: nil)
            }
        }
    }

    /// A queued short link's resolution ended: record it and deliver what is ready. A link
    /// already delivered without its campaign (its wait ended first) is left alone.
    private func finishShortLinkResolution(of arrivalID: UInt64, payload: PaylisherResolvedDeepLinkPayload?) {
        guard let index = deliveryQueue.firstIndex(where: { $0.arrival.id == arrivalID }),
            case .pending = deliveryQueue[index].resolution
        else { return }
        deliveryQueue[index].resolution = .finished(payload)
        drainDeliveryQueue()
    }

    /// Removes every link not yet delivered and stops their resolutions, for a manager that
    /// takes over (``PaylisherSDK/setup(config:eventSink:)``).
    ///
    /// - Returns: the links in arrival order, each with how long it may still wait.
    func takeUndelivered() -> [(arrival: PaylisherArrival, wait: Duration)] {
        let now = clock.now()
        let taken = deliveryQueue
        deliveryQueue.removeAll()
        return taken.map { entry in
            if case .pending(let id) = entry.resolution {
                resolutionTasks.removeValue(forKey: id)?.cancel()
            }
            return (entry.arrival, entry.deadline - now)
        }
    }

    /// Takes over links another manager accepted but had not delivered, in their order, each
    /// keeping what was left of its wait (``PaylisherSDK/setup(config:eventSink:)``).
    func adopt(_ taken: [(arrival: PaylisherArrival, wait: Duration)]) {
        for (old, wait) in taken {
            let arrival = PaylisherArrival(id: issueID(), link: old.link)
            lastDeepLink = arrival.link
            lastArrivalID = arrival.id
            enqueue(arrival, wait: wait)
        }
    }

    /// Step 5 of spec §6.1 for a link that is not resolved before delivery: a link with a
    /// key is delivered now and resolved in the background; one without is delivered.
    private func process(_ arrival: PaylisherArrival) {
        let link = arrival.link
        recordArrival(of: link)
        guard link.campaignKeyName != nil, let requestURL = config.resolveRequestURL(for: link) else {
            sendOpenedEvent(for: link, campaignResolved: false)
            deliver(arrival)
            return
        }
        let gated = requiresAuth(link) && config.autoHandleDeepLinks
        if gated {
            gatedResolutions[arrival.id] = false
        }
        deliver(arrival)
        let deadline = clock.now() + config.resolveTimeout
        startResolution(of: requestURL, deadline: deadline) { manager, payload in
            manager.finishBackgroundResolution(of: arrival, payload: payload)
        }
    }

    /// Step 5 of spec §6.1 for a short link whose resolution ended (nil: failed or timed
    /// out): report it, then deliver it with its campaign.
    private func processShortLink(_ arrival: PaylisherArrival, payload: PaylisherResolvedDeepLinkPayload?) {
        recordArrival(of: arrival.link)
        let resolved = applyCampaign(payload, to: arrival)
        sendOpenedEvent(for: resolved.link, campaignResolved: payload != nil)
        deliver(resolved)
    }

    /// The journey id and campaign attribution of a link being processed (spec §7.2).
    private func recordArrival(of link: PaylisherDeepLink) {
        if let jid = link.jid, !jid.isEmpty {
            recordJourney(jid: jid, source: .deeplink)
        }
        recordCampaignAttribution(for: link)
    }

    /// A link delivered before resolution resolved (or failed to): report it and, on
    /// success, hand the link with its campaign to `onCampaignResolved`.
    ///
    /// A gated link reaches that callback only once approved (spec §6.1): while it waits in
    /// the auth slot the campaign is attached to it and the callback follows its approved
    /// delivery; a gated link that left the slot unapproved never reaches it.
    private func finishBackgroundResolution(
        of arrival: PaylisherArrival, payload: PaylisherResolvedDeepLinkPayload?
    ) {
        let resolved = applyCampaign(payload, to: arrival)
        sendOpenedEvent(for: resolved.link, campaignResolved: payload != nil)
        let gatedApproval = gatedResolutions.removeValue(forKey: arrival.id)
        guard payload != nil else { return }
        if gatedApproval != nil, gate.waiting(for: .paylisherAuth)?.item.arrival.id == arrival.id {
            gate.updateWaiting(for: .paylisherAuth) { $0.owesCampaignCallback = true }
            return
        }
        guard gatedApproval ?? true else { return }
        campaignResolvedHandler?(resolved.link)
    }

    /// Attaches a resolved campaign to `arrival`, records its journey id and updates the
    /// copies of the arrival the manager keeps (``lastDeepLink``, the pending link).
    private func applyCampaign(
        _ payload: PaylisherResolvedDeepLinkPayload?, to arrival: PaylisherArrival
    ) -> PaylisherArrival {
        guard let payload else { return arrival }
        var updated = arrival
        updated.link = arrival.link.withCampaignData(payload)
        if let jid = payload.jid, !jid.isEmpty {
            recordJourney(jid: jid, source: .campaignResolution)
        }
        if lastArrivalID == arrival.id {
            lastDeepLink = updated.link
        }
        gate.updateWaiting(for: .paylisherAuth) { slot in
            if slot.arrival.id == arrival.id { slot.arrival.link = updated.link }
        }
        return updated
    }

    /// Delivers a processed link (spec §6.2): straight to the handler when it needs no
    /// login or the gate is off, else into the auth gate.
    func deliver(_ arrival: PaylisherArrival) {
        let link = arrival.link
        let requiresAuth = requiresAuth(link)
        if requiresAuth && config.autoHandleDeepLinks {
            enterAuthGate(arrival)
        } else {
            deepLinkHandler?(link, requiresAuth)
        }
    }

    /// Whether `link` needs a logged-in user: its raw destination is listed in
    /// `authRequiredDestinations`, or it carries `auth=required`.
    func requiresAuth(_ link: PaylisherDeepLink) -> Bool {
        link.authParamRequired || config.authRequiredDestinations.contains(link.destination)
    }
}
