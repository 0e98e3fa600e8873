import CWaypointAtomics

/// The tables published from one ``TrieStore``, by version (1 for the first published,
/// and so on), and which of them may still be alive, whatever thread holds them.
///
/// What only dead tables read may be written again: the store's spare copies of large edge
/// tables (``CopyRing``) and the spare values logs (``ReplaceableLog``). Each published table
/// has a ``TableToken`` that its `deinit` clears; the census keeps the tokens of the tables
/// that were alive when it last looked. An answer of "alive" for a dead table is only a
/// missed chance to reuse, never a write under a reader.
struct TableCensus: Sendable {
    /// The tokens of the published tables that were alive at the last compaction, and of
    /// those published since, in version order.
    private var tables: [(version: Int, token: TableToken)] = []
    /// How many entries ``tables`` had after its last compaction.
    private var compacted = 0
    /// The version of the last table published; 0 before the first.
    private(set) var latest = 0

    /// Counts in the table of `token`, published now as version ``latest``.
    mutating func publish(_ token: TableToken) {
        latest += 1
        tables.append((latest, token))
        // Dead entries are dropped once they could double the list: O(1) amortised.
        if tables.count > 2 * compacted + 8 {
            tables.removeAll { !$0.token.isAlive }
            compacted = tables.count
        }
    }

    /// Whether a table of a version in `versions` may still be alive.
    func anyAlive(in versions: ClosedRange<Int>) -> Bool {
        var low = 0
        var high = tables.count
        while low < high {
            let middle = (low + high) / 2
            if tables[middle].version < versions.lowerBound { low = middle + 1 } else { high = middle }
        }
        while low < tables.count && tables[low].version <= versions.upperBound {
            if tables[low].token.isAlive { return true }
            low += 1
        }
        return false
    }
}

/// Whether one published table is alive: set when the table is made, cleared by its
/// `deinit` on whatever thread released it last.
///
/// The clear is a release and the census reads it with an acquire (`wp_census` in
/// WaypointAtomics.h), so every read the table's users made happens before whatever the
/// store writes once it sees the table gone.
final class TableToken: @unchecked Sendable {
    // @unchecked Sendable: the cell is only touched through the atomic operations of
    // WaypointAtomics.h, and freed with the token, which the table and the census share.
    private let cell: UnsafeMutablePointer<wp_census>

    /// The token of a live table.
    init() {
        cell = .allocate(capacity: 1)
        cell.initialize(to: wp_census(live: 1))
    }

    deinit {
        cell.deinitialize(count: 1)
        cell.deallocate()
    }

    /// Marks the table destroyed, after its last read.
    func tableDestroyed() {
        wp_census_leave(cell)
    }

    /// Whether the table is alive.
    var isAlive: Bool {
        wp_census_count(cell) != 0
    }
}
