/// A link in the delivery queue (spec §6.1): it waits for the links ahead of it and, when it
/// is a short link with a campaign key, for its own campaign.
struct PaylisherQueuedArrival {
    /// Where a short link's campaign resolution stands.
    enum Resolution {
        /// The request with this id in `resolutionTasks` is in flight.
        case pending(UInt64)
        /// The request ended: the campaign, or nil when resolution failed or timed out.
        case finished(PaylisherResolvedDeepLinkPayload?)
    }

    /// The link.
    var arrival: PaylisherArrival
    /// When its wait ends, on the manager's clock: its entry into the queue plus
    /// `resolveTimeout`. A short link still resolving then is delivered without its campaign.
    let deadline: Duration
    /// The short link's resolution, or nil for a link that is not resolved before delivery.
    var resolution: Resolution?
}
