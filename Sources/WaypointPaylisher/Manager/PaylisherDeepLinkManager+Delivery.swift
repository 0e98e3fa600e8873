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
        guard deepLinkHandler != nil else {
            heldArrival = arrival
            return .waitingForHandler
        }
        enqueue(arrival)
        return .accepted
    }

    /// Handles a universal link (routing.md §5): a web-browsing activity whose page URL is
    /// an http or https URL is handled as that URL; any other activity is ignored.
    ///
    /// - Returns: the result of ``handle(_:platformHint:)``, or nil when the activity was
    ///   ignored.
    @discardableResult
    public func handle(userActivity: UserActivity) -> PaylisherHandleResult? {
        guard userActivity.activityType == UserActivity.browsingWeb, let url = userActivity.webpageURL,
            PaylisherURIReference(url.absoluteString).isWeb
        else { return nil }
        return handle(url)
    }

    #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        /// Handles an `NSUserActivity` as ``handle(userActivity:)-(UserActivity)`` does.
        @discardableResult
        public func handle(userActivity: NSUserActivity) -> PaylisherHandleResult? {
            handle(
                userActivity: UserActivity(
                    activityType: userActivity.activityType, webpageURL: userActivity.webpageURL))
        }
    #endif

    /// Appends `arrival` to the delivery queue and works through the queue.
    func enqueue(_ arrival: PaylisherArrival) {
        deliveryQueue.append(arrival)
        drainDeliveryQueue()
    }

    /// Processes queued links in order until the queue is empty or a short link resolves.
    /// Re-entrant calls (a handler handling another URL) only append, so the outer loop keeps
    /// the order.
    func drainDeliveryQueue() {
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while !isAwaitingShortLink, !deliveryQueue.isEmpty {
            process(deliveryQueue.removeFirst())
        }
    }

    /// Step 5 of spec §6.1.
    private func process(_ arrival: PaylisherArrival) {
        let link = arrival.link
        if let jid = link.jid, !jid.isEmpty {
            recordJourney(jid: jid, source: .deeplink)
        }
        recordCampaignAttribution(for: link)
        guard link.campaignKeyName != nil, let requestURL = config.resolveRequestURL(for: link) else {
            sendOpenedEvent(for: link, campaignResolved: false)
            deliver(arrival)
            return
        }
        if link.isShortLink {
            isAwaitingShortLink = true
            startResolution(of: requestURL) { manager, payload in
                manager.finishShortLink(arrival, payload: payload)
            }
        } else {
            deliver(arrival)
            startResolution(of: requestURL) { manager, payload in
                manager.finishBackgroundResolution(of: arrival, payload: payload)
            }
        }
    }

    /// A short link resolved (or failed to): report it, deliver it, then let the links that
    /// waited behind it through.
    private func finishShortLink(_ arrival: PaylisherArrival, payload: PaylisherResolvedDeepLinkPayload?) {
        let resolved = applyCampaign(payload, to: arrival)
        sendOpenedEvent(for: resolved.link, campaignResolved: payload != nil)
        deliver(resolved)
        isAwaitingShortLink = false
        drainDeliveryQueue()
    }

    /// A link delivered before resolution resolved (or failed to): report it and, on
    /// success, hand the link with its campaign to `onCampaignResolved`.
    private func finishBackgroundResolution(
        of arrival: PaylisherArrival, payload: PaylisherResolvedDeepLinkPayload?
    ) {
        let resolved = applyCampaign(payload, to: arrival)
        sendOpenedEvent(for: resolved.link, campaignResolved: payload != nil)
        if payload != nil {
            campaignResolvedHandler?(resolved.link)
        }
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
        if authSlot?.arrival.id == arrival.id {
            authSlot?.arrival.link = updated.link
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
