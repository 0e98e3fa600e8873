import Waypoint

/// What the auth gate keeps with a gated link while it waits for approval (spec §6.3): the
/// link's stay in the core gate's slot (``LinkGateState``) carries its ticket and deadline;
/// this is the rest.
struct PaylisherAuthSlot: Sendable {
    /// The waiting link.
    var arrival: PaylisherArrival
    /// When the link entered the slot, on the manager's clock.
    let enteredAt: Duration
    /// Whether the link was passed to the auth callback.
    var offered = false
    /// Whether the link's campaign resolved while it waited, so `onCampaignResolved` is owed
    /// once the link is approved (spec §6.1).
    var owesCampaignCallback = false
    /// The task that fires the timeout.
    var timer: Task<Void, Never>?
}

extension LinkCondition {
    /// The condition of the Paylisher auth gate's one slot: a logged-in user, approved link
    /// by link (it is never granted for good).
    static let paylisherAuth = LinkCondition("paylisher.auth")
}

/// The manager's links that cannot be delivered yet, on the core's one mechanism: the
/// handler slot is a hold of one link (lifted while `onDeepLink` is registered, a newer
/// link replacing an older one), and the auth slot is the condition
/// ``Waypoint/LinkCondition/paylisherAuth``.
typealias PaylisherGate = LinkGateState<PaylisherArrival, PaylisherAuthSlot>
