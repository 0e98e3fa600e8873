/// The state of the durable analytics queue: pending records and cumulative counters.
///
/// Counters are cumulative across launches (persisted in the queue's `state.json`).
public struct DetourDeliveryStats: Sendable, Hashable, Codable {
    /// Records waiting to be delivered, including one in flight.
    public var pending: Int
    /// Records the server accepted with a 2xx answer.
    public var delivered: Int
    /// Records the server refused with 400, 413, 415 or 422.
    public var rejected: Int
    /// Failed attempts that will be retried (other statuses, timeouts, transport errors).
    public var retries: Int
    /// Old records deleted because the queue was full.
    public var droppedOverflow: Int
    /// Records refused because their body exceeded 64 KiB.
    public var droppedOversize: Int
    /// Events logged while analytics was not mounted.
    public var droppedUnmounted: Int
    /// Queue files that were read but are not records, deleted at load. (A file that cannot
    /// be read at all is left in place for a later launch and not counted.)
    public var droppedCorrupt: Int
    /// Records deleted by `discardPendingEvents()`.
    public var discarded: Int
    /// Records that could not be written to disk and were kept in memory.
    public var persistFailures: Int

    /// Creates statistics; every field defaults to zero.
    public init(
        pending: Int = 0, delivered: Int = 0, rejected: Int = 0, retries: Int = 0,
        droppedOverflow: Int = 0, droppedOversize: Int = 0, droppedUnmounted: Int = 0,
        droppedCorrupt: Int = 0, discarded: Int = 0, persistFailures: Int = 0
    ) {
        self.pending = pending
        self.delivered = delivered
        self.rejected = rejected
        self.retries = retries
        self.droppedOverflow = droppedOverflow
        self.droppedOversize = droppedOversize
        self.droppedUnmounted = droppedUnmounted
        self.droppedCorrupt = droppedCorrupt
        self.discarded = discarded
        self.persistFailures = persistFailures
    }
}
