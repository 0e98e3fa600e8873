/// The spare copies of a table that published tables read (a large edge table in a
/// ``TrieStore``, or the values log of ``ReplaceableLog``), and the writes each lacks.
///
/// A copy that a published table reads is never written again while that table lives. So
/// the owner writes one copy, the current one, until its next publication; the first write
/// after that retires it to the spares and moves to a spare that no live table reads
/// (``TableCensus``), replaying the writes the spare has not had, or, when every spare is
/// still read, to a new copy. A table held for a while (a dispatch in flight) keeps one
/// spare from being reused and no more, so the copies stay few and each move costs the
/// writes since, O(1) amortised, rather than the table.
struct CopyRing<Copy: Sendable, Write: Sendable>: Sendable {
    private struct Spare {
        let copy: Copy
        /// The versions of the tables that may read it.
        let readers: ClosedRange<Int>
        /// How many of the ring's writes (counted from the first) it has had; nil when it
        /// fell so far behind that it is to be copied whole.
        var synced: Int?
    }

    /// What the owner writes next.
    enum Move {
        /// Bring `copy` up to date with the writes in `missing`, or, when nil, by copying
        /// the current copy whole, and write it.
        case reuse(Copy, missing: [Write]?)
        /// Write a new copy of the current one; the copies in `abandoned` are read by tables
        /// still alive, or not at all, and will not be written again.
        case fresh(abandoned: [Copy])
    }

    private var spares: [Spare] = []
    /// The writes the current copy has had that some spare lacks.
    private var writes: [Write] = []
    /// Writes dropped from the front of ``writes``: every spare has had them.
    private var dropped = 0
    /// The version of the first table that reads the current copy.
    private var currentSince: Int

    /// A ring whose current copy tables from version `firstReader` on may read.
    init(firstReader: Int) {
        currentSince = firstReader
    }

    /// The number of spares.
    var spareCount: Int { spares.count }

    /// The spares, which the owner lets go with the ring.
    var spareCopies: [Copy] { spares.map(\.copy) }

    /// Notes a write to the current copy. A spare that would lack more than `limit` writes
    /// is to be copied whole instead: replaying more would cost more.
    mutating func note(_ write: Write, limit: Int) {
        guard !spares.isEmpty else { return }
        writes.append(write)
        guard writes.count > limit else { return }
        let end = dropped + writes.count
        for index in spares.indices where end - (spares[index].synced ?? end) > limit {
            spares[index].synced = nil
        }
        trim()
    }

    /// Retires `current`, which the tables published up to `census.latest` may read, and
    /// says what to write instead: a spare no live table reads, or a new copy, keeping at
    /// most `maxSpares` spares.
    mutating func move(from current: Copy, census: TableCensus, maxSpares: Int) -> Move {
        let retired = Spare(
            copy: current, readers: currentSince...max(currentSince, census.latest),
            synced: dropped + writes.count)
        currentSince = census.latest + 1
        defer { trim() }
        // Of the spares no live table reads, the one retired first: taken in turn, the
        // spares all stay a few moves behind, where a spare passed over would fall
        // behind until it had to be copied whole.
        if let index = spares.firstIndex(where: { !census.anyAlive(in: $0.readers) }) {
            let spare = spares.remove(at: index)
            spares.append(retired)
            return .reuse(spare.copy, missing: spare.synced.map { Array(writes[($0 - dropped)...]) })
        }
        spares.append(retired)
        var abandoned: [Copy] = []
        while spares.count > maxSpares { abandoned.append(spares.removeFirst().copy) }
        return .fresh(abandoned: abandoned)
    }

    /// Drops the writes every spare has had.
    private mutating func trim() {
        let oldest = spares.compactMap(\.synced).min() ?? dropped + writes.count
        if oldest > dropped {
            writes.removeFirst(oldest - dropped)
            dropped = oldest
        }
    }
}
