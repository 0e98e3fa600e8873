/// The contents of `analytics-queue/state.json`: the next sequence number and the
/// cumulative counters (`pending` is informational; it is recomputed at load).
package struct DetourAnalyticsQueueState: Codable, Sendable, Hashable {
    /// The sequence number the next record gets.
    package var nextSeq: UInt64
    /// The cumulative counters.
    package var counters: DetourDeliveryStats
}
