/// The auth slot's content (spec §6.3): the gated link waiting for approval.
struct PaylisherAuthSlot {
    /// The waiting link.
    var arrival: PaylisherArrival
    /// Binds completions to this stay in the slot; a completion with another token is stale.
    let token: UInt64
    /// When the link entered the slot, on the manager's clock.
    let enteredAt: Duration
    /// When the link times out, or nil when the timer is disabled.
    let deadline: Duration?
    /// Whether the link was passed to the auth callback.
    var offered: Bool
    /// Whether the link's campaign resolved while it waited, so `onCampaignResolved` is owed
    /// once the link is approved (spec §6.1).
    var owesCampaignCallback = false
    /// The task that fires the timeout.
    var timer: Task<Void, Never>?
}
