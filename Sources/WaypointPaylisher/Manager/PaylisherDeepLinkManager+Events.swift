import Foundation
import Waypoint

extension PaylisherDeepLinkManager {
    /// Sends one event (spec §7): attribution properties first, then the event's own (which
    /// win), then `additionalEventProperties` (last, as in the SDK).
    func send(_ name: String, _ own: [String: JSONValue]) {
        guard config.captureDeepLinkEvents, let eventSink else { return }
        var properties = attributionProperties()
        properties.merge(own) { _, new in new }
        properties.merge(config.additionalEventProperties) { _, new in new }
        eventSink.capture(PaylisherEvent(name: name, properties: properties))
    }

    /// `Deep Link Opened`, with the campaign's properties when it resolved; the link's own
    /// properties win over the campaign's.
    func sendOpenedEvent(for link: PaylisherDeepLink, campaignResolved: Bool) {
        var properties = link.campaignData?.eventProperties ?? [:]
        properties["destination"] = .string(link.destination)
        properties["scheme"] = .string(link.scheme)
        properties["full_url"] = .string(link.url.absoluteString)
        properties["auth_required"] = .bool(requiresAuth(link))
        properties["campaign_source"] = .string(link.canonicalSource.rawValue)
        properties["has_campaign_key"] = .bool(link.campaignKeyName != nil)
        properties["campaign_resolved"] = .bool(campaignResolved)
        properties["campaign_key"] = link.campaignKeyName.map { .string($0) }
        properties["jid"] = Self.reportedJID(of: link).map { .string($0) }
        properties["campaign_id"] = link.campaignId.map { .string($0) }
        properties["source"] = link.source.map { .string($0) }
        properties["utm_medium"] = link.utmMedium.map { .string($0) }
        properties["referrer"] = link.referrer.map { .string($0) }
        if let hint = link.platformHint, !hint.isEmpty {
            properties["platform_hint"] = .string(hint)
        }
        if !link.parameters.isEmpty {
            properties["parameters"] = .object(link.parameters.mapValues { .string($0) })
        }
        send(PaylisherEvent.opened, properties)
    }

    /// The `jid` an opened event reports: the link's own when non-empty, else the
    /// campaign's when non-empty, else the link's empty one when it has one.
    private static func reportedJID(of link: PaylisherDeepLink) -> String? {
        if let jid = link.jid, !jid.isEmpty { return jid }
        if let jid = link.campaignData?.jid, !jid.isEmpty { return jid }
        return link.jid
    }

    /// `Deep Link Completed` for an approved gated link.
    func sendCompletedEvent(for slot: PaylisherAuthSlot) {
        let link = slot.arrival.link
        var properties: [String: JSONValue] = [
            "destination": .string(link.destination),
            "scheme": .string(link.scheme),
            "was_pending": .bool(true),
            "time_to_complete": .number((clock.now() - slot.enteredAt).paylisherSeconds),
        ]
        properties["campaign_id"] = link.campaignId.map { .string($0) }
        send(PaylisherEvent.completed, properties)
    }

    /// `Deep Link Timeout` for a gated link that waited too long.
    func sendTimeoutEvent(for slot: PaylisherAuthSlot) {
        let link = slot.arrival.link
        var properties: [String: JSONValue] = [
            "destination": .string(link.destination),
            "scheme": .string(link.scheme),
            "full_url": .string(link.url.absoluteString),
            "timeout_seconds": .number(config.pendingDeepLinkTimeout.paylisherSeconds),
            "waited_seconds": .number((clock.now() - slot.enteredAt).paylisherSeconds),
        ]
        properties["campaign_id"] = link.campaignId.map { .string($0) }
        send(PaylisherEvent.timeout, properties)
    }

    /// `Deep Link Cancelled` for a gated link cancelled by the app (`app`) or by a newer
    /// gated link (`replaced`).
    func sendCancelledEvent(for slot: PaylisherAuthSlot, reason: String) {
        let link = slot.arrival.link
        var properties: [String: JSONValue] = [
            "destination": .string(link.destination),
            "scheme": .string(link.scheme),
            "full_url": .string(link.url.absoluteString),
            "time_before_cancel": .number((clock.now() - slot.enteredAt).paylisherSeconds),
            "cancel_reason": .string(reason),
        ]
        properties["campaign_id"] = link.campaignId.map { .string($0) }
        send(PaylisherEvent.cancelled, properties)
    }

    /// `Deep Link Failed` for a URL that did not parse: its scheme when valid, and the
    /// destination it seems to name (the host, else the last path segment).
    func sendFailedEvent(url: URL) {
        let reference = PaylisherURIReference(url.absoluteString)
        var properties: [String: JSONValue] = [
            "url": .string(url.absoluteString),
            "scheme": .string(reference.hasValidScheme ? String(reference.scheme ?? "") : "unknown"),
            "failure_reason": .string("parse_error"),
        ]
        let host = PercentDecoding.decode(reference.host)
        if !host.isEmpty {
            properties["attempted_destination"] = .string(host)
        } else if let last = reference.rawPathPieces.last {
            properties["attempted_destination"] = .string(PercentDecoding.decode(last))
        }
        send(PaylisherEvent.failed, properties)
    }
}
