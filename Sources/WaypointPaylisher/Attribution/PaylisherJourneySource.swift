/// Where a journey id came from (spec §7.2), reported as `journey_source`.
public enum PaylisherJourneySource: String, Sendable, Hashable, Codable {
    /// The link's own `jid` parameter.
    case deeplink
    /// The `jid` of the link's resolved campaign.
    case campaignResolution = "campaign_resolution"
}
