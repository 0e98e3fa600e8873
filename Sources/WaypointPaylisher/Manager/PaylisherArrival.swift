/// A link accepted by `handle`, with an id that tells arrivals of equal links apart.
struct PaylisherArrival: Sendable {
    /// Unique per manager, in arrival order.
    let id: UInt64
    /// The link, carrying campaign data once resolved.
    var link: PaylisherDeepLink
}
