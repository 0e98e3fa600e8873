import Foundation

/// A journey id kept for attribution (spec §7.2): it contributes `jid`, `journey_source`
/// and `journey_age_hours` to events for seven days, while the session it was recorded in
/// lasts.
public struct PaylisherJourney: Sendable, Hashable, Codable {
    /// How long a journey contributes to attribution.
    public static let lifetime: TimeInterval = 7 * 24 * 60 * 60

    /// The journey id.
    public var jid: String
    /// Where the id came from.
    public var source: PaylisherJourneySource
    /// When the id was recorded.
    public var recordedAt: Date
    /// The session the id was recorded in.
    public var sessionID: String

    /// Creates a journey record.
    public init(jid: String, source: PaylisherJourneySource, recordedAt: Date, sessionID: String) {
        self.jid = jid
        self.source = source
        self.recordedAt = recordedAt
        self.sessionID = sessionID
    }
}
