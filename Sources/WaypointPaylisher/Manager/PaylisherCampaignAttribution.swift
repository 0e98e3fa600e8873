/// The campaign attribution of the session (spec §7.2).
struct PaylisherCampaignAttribution: Sendable {
    /// The campaign key, reported as `campaign_key` and `deeplink_key`.
    let key: String
    /// The link's canonical source, reported as `campaign_source`.
    let source: PaylisherCampaignSource
    /// The session it belongs to.
    let sessionID: String
}
