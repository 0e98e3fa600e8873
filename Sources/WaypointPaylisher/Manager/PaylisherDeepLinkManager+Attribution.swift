import Foundation
import Waypoint

extension PaylisherDeepLinkManager {
    /// The attribution properties every event starts with (spec §7.2): `campaign_key`,
    /// `deeplink_key` and `campaign_source` of the session's last link with a campaign key,
    /// and `jid`, `journey_source` and `journey_age_hours` of the current journey, each only
    /// while the session it was recorded in is the current one.
    public func attributionProperties() -> [String: JSONValue] {
        let session = sessionID()
        var properties: [String: JSONValue] = [:]
        if let campaign = campaignAttribution, campaign.sessionID == session {
            properties["campaign_key"] = .string(campaign.key)
            properties["deeplink_key"] = .string(campaign.key)
            properties["campaign_source"] = .string(campaign.source.rawValue)
        }
        if let journey = currentJourney(), journey.sessionID == session {
            let age = max(0, clock.date(at: clock.now()).timeIntervalSince(journey.recordedAt))
            properties["jid"] = .string(journey.jid)
            properties["journey_source"] = .string(journey.source.rawValue)
            properties["journey_age_hours"] = .number(age / 3600)
        }
        return properties
    }

    /// Forgets the journey id.
    public func resetJourney() {
        journeyStore.saveJourney(nil)
    }

    /// The stored journey unless it is seven days old or older, in which case it is removed.
    private func currentJourney() -> PaylisherJourney? {
        guard let journey = journeyStore.loadJourney() else { return nil }
        let age = clock.date(at: clock.now()).timeIntervalSince(journey.recordedAt)
        guard age < PaylisherJourney.lifetime else {
            journeyStore.saveJourney(nil)
            return nil
        }
        return journey
    }

    /// Makes `jid` the journey id, recorded now in the current session.
    func recordJourney(jid: String, source: PaylisherJourneySource) {
        journeyStore.saveJourney(
            PaylisherJourney(
                jid: jid, source: source, recordedAt: clock.date(at: clock.now()), sessionID: sessionID()))
    }

    /// Records the campaign attribution of a processed link, or clears it for a link without
    /// a key; nothing when `autoRegisterCampaignKeys` is off.
    func recordCampaignAttribution(for link: PaylisherDeepLink) {
        guard config.autoRegisterCampaignKeys else { return }
        campaignAttribution = link.campaignKeyName.map { key in
            PaylisherCampaignAttribution(key: key, source: link.canonicalSource, sessionID: sessionID())
        }
    }
}
