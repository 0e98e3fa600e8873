import CWaypointAtomics

/// The route tables published from one ``TrieStore`` that are still alive, whatever thread
/// holds them: each counts itself in when it is made and out when it is destroyed.
///
/// The store keeps the table it published last, so a count of one means that no older
/// table is left, and with it nothing that only older tables read: the store may then
/// write over the edge tables it kept for them (``TrieStore``'s twinned tables). A count
/// read as more is only a missed chance to reuse, never a wrong answer, so a table held
/// elsewhere (by a dispatch in flight, say) costs a copy and nothing else.
final class TableCensus: @unchecked Sendable {
    // @unchecked Sendable: the cell is only touched through the atomic operations of
    // WaypointAtomics.h (`wp_census`), and is freed when the last table and the store that
    // share the census are gone.
    private let cell: UnsafeMutablePointer<wp_census>

    init() {
        cell = .allocate(capacity: 1)
        cell.initialize(to: wp_census(live: 0))
    }

    deinit {
        cell.deinitialize(count: 1)
        cell.deallocate()
    }

    /// Counts a table made (by the store's owner, under its lock).
    func tableMade() {
        wp_census_enter(cell)
    }

    /// Counts a table destroyed, on whatever thread released it last.
    func tableDestroyed() {
        wp_census_leave(cell)
    }

    /// The tables alive now; what they read before they were destroyed happens before
    /// whatever the caller does after reading the count.
    var live: Int {
        wp_census_count(cell)
    }
}
