/// The one mechanism for links that cannot be delivered when they arrive (spec/routing.md §10),
/// shared by the router (``LinkDelivery/hold(limit:)``, ``LinkDelivery/require(_:for:)``) and the
/// Paylisher adapter's handler slot and auth gate:
///
/// - a bounded **hold**: while holding, links queue in arrival order; once the hold is
///   lifted the owner takes them back in that order, each once; when the queue is full the
///   oldest link is dropped and returned to the owner to report;
/// - one **waiting slot per condition**: a link that needs a condition the app has not
///   granted waits there until it is approved (by a ticket bound to that stay, or by
///   condition), denied, superseded by a newer link for the same condition, or expired at
///   its deadline. Every link that leaves the slot is returned to the owner, which delivers
///   or reports it.
///
/// A value with no lock, clock or thread of its own: each owner drives it under its own
/// isolation (the router under a lock, the Paylisher manager on the main actor), passes in
/// the time where deadlines matter, and acts on what each call returns, outside the call.
package struct LinkGateState<Held, Waiting> {
    /// Binds an approval to one stay of one link in a condition's slot: a ticket of a link
    /// that has left the slot is stale and does nothing.
    package struct Ticket: Hashable, Sendable {
        /// The condition whose slot the link entered.
        package let condition: LinkCondition
        /// Unique per gate, in order of entry.
        package let serial: UInt64
    }

    /// A link in a condition's slot.
    package struct Entry {
        /// The link, with whatever its owner keeps beside it.
        package var item: Waiting
        /// The ticket of this stay.
        package let ticket: Ticket
        /// When the link expires, on the owner's clock; nil for never.
        package let deadline: Duration?
    }

    /// Links the hold keeps, oldest first: the ones the limit counts.
    private var held = LinkQueue<Held>()
    /// Links that go before ``held``: those a release took up and has not delivered yet,
    /// and those that arrived while it delivered. No hold's limit counts them.
    private var ahead = LinkQueue<Held>()
    /// Whether arrivals are held.
    package private(set) var isHolding = false
    /// The most links the hold keeps; at least 1.
    package private(set) var holdLimit = 1
    /// The conditions the app has granted: links that need them run at once.
    package private(set) var granted: Set<LinkCondition> = []
    private var slots: [LinkCondition: Entry] = [:]
    private var lastSerial: UInt64 = 0

    /// The most links that may wait behind a release: 100,000. A release delivers the links
    /// that arrive while it runs after those it took up, whatever the hold's limit; only an
    /// app that hands the router links faster than its handlers take them, without end,
    /// reaches this, and the links past it are refused at once.
    package static var backlogLimit: Int { 100_000 }

    /// An open gate: nothing held, nothing granted, nothing waiting.
    package init() {}

    // MARK: The hold

    /// Holds arrivals from now on, keeping at most `limit` (at least 1) of those that
    /// arrive during this hold. Links a release took up or queued before it stay ahead of
    /// them, and the limit does not count them.
    ///
    /// - Returns: the links dropped because a lower limit left no room for them, oldest
    ///   first.
    package mutating func hold(limit: Int) -> [Held] {
        isHolding = true
        holdLimit = max(1, limit)
        var dropped: [Held] = []
        while held.count > holdLimit, let oldest = held.popFirst() { dropped.append(oldest) }
        return dropped
    }

    /// Lifts the hold: arrivals pass again. The links held so far stay queued for
    /// ``takeHeld()``.
    package mutating func lift() {
        isHolding = false
    }

    /// Lifts the hold for a release: the held links go ahead, in order, where no later
    /// hold's limit counts them, and ``queueBehindRelease(_:)`` adds arrivals after them.
    mutating func beginRelease() {
        isHolding = false
        while let link = held.popFirst() { ahead.append(link) }
    }

    /// How many links wait to be taken, held or ahead of the held ones.
    var heldCount: Int { ahead.count + held.count }

    /// Queues an arrival behind the links held before it.
    ///
    /// - Returns: the oldest held link, dropped to keep the hold within its limit; nil when
    ///   there was room.
    package mutating func enqueue(_ link: Held) -> Held? {
        held.append(link)
        return held.count > holdLimit ? held.popFirst() : nil
    }

    /// Queues a link that arrived while a release delivers, after every link queued before
    /// it; no hold's limit counts it.
    ///
    /// - Returns: false, queueing nothing, when ``backlogLimit`` links wait already.
    mutating func queueBehindRelease(_ link: Held) -> Bool {
        guard heldCount < Self.backlogLimit else { return false }
        ahead.append(link)
        return true
    }

    /// Takes the oldest waiting link, or nil when none waits.
    package mutating func takeHeld() -> Held? {
        ahead.popFirst() ?? held.popFirst()
    }

    // MARK: Conditions

    /// Whether the app has granted `condition`.
    package func isGranted(_ condition: LinkCondition) -> Bool {
        granted.contains(condition)
    }

    /// Grants `condition`: links that need it run at once from now on.
    ///
    /// - Returns: the link that was waiting for it, to deliver now.
    package mutating func grant(_ condition: LinkCondition) -> Entry? {
        granted.insert(condition)
        return slots.removeValue(forKey: condition)
    }

    /// Revokes `condition`: links that need it wait again.
    package mutating func revoke(_ condition: LinkCondition) {
        granted.remove(condition)
    }

    /// A link waits for `condition` in its slot.
    ///
    /// - Returns: the new stay's ticket, and the link it superseded (the one waiting for
    ///   the same condition before it), to report.
    package mutating func wait(
        _ link: Waiting, for condition: LinkCondition, deadline: Duration? = nil
    ) -> (ticket: Ticket, superseded: Entry?) {
        lastSerial += 1
        let ticket = Ticket(condition: condition, serial: lastSerial)
        let superseded = slots.updateValue(
            Entry(item: link, ticket: ticket, deadline: deadline), forKey: condition)
        return (ticket, superseded)
    }

    /// The link waiting for `condition`, if any.
    package func waiting(for condition: LinkCondition) -> Entry? {
        slots[condition]
    }

    /// Every waiting link.
    var allWaiting: [Entry] { Array(slots.values) }

    /// Changes what is kept with the link waiting for `condition`; nothing when none waits.
    package mutating func updateWaiting(for condition: LinkCondition, _ body: (inout Waiting) -> Void) {
        guard var entry = slots[condition] else { return }
        body(&entry.item)
        slots[condition] = entry
    }

    /// Takes the link of `ticket` out of its slot, to deliver (approved) or report
    /// (denied); nil when the ticket is stale: that link left the slot already.
    package mutating func take(_ ticket: Ticket) -> Entry? {
        guard slots[ticket.condition]?.ticket == ticket else { return nil }
        return slots.removeValue(forKey: ticket.condition)
    }

    /// Takes the link waiting for `condition` out of its slot, whichever it is, to deliver
    /// or report; nil when none waits.
    package mutating func take(waitingFor condition: LinkCondition) -> Entry? {
        slots.removeValue(forKey: condition)
    }

    /// Takes out every waiting link whose deadline is at or before `now`, to report as
    /// expired.
    package mutating func expire(now: Duration) -> [Entry] {
        let overdue = slots.values.filter { entry in entry.deadline.map { now >= $0 } ?? false }
        for entry in overdue { slots[entry.ticket.condition] = nil }
        return overdue.sorted { $0.ticket.serial < $1.ticket.serial }
    }
}

extension LinkGateState: Sendable where Held: Sendable, Waiting: Sendable {}
extension LinkGateState.Entry: Sendable where Waiting: Sendable {}

/// A first-in, first-out queue whose `popFirst` is O(1) amortised.
struct LinkQueue<Element> {
    private var elements: [Element] = []
    private var start = 0

    var count: Int { elements.count - start }

    mutating func append(_ element: Element) {
        elements.append(element)
    }

    mutating func popFirst() -> Element? {
        guard start < elements.count else { return nil }
        let first = elements[start]
        start += 1
        if start == elements.count {
            elements.removeAll(keepingCapacity: elements.count <= 64)
            start = 0
        } else if start >= 64 && start * 2 >= elements.count {
            elements.removeFirst(start)
            start = 0
        }
        return first
    }
}

extension LinkQueue: Sendable where Element: Sendable {}
