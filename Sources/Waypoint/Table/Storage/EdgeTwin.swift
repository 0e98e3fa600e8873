/// The second copy of a large edge table in a ``TrieStore``, and what it lacks.
///
/// A node's edge table and its twin were equal when the node last moved from one to the
/// other; the node's table has had the writes in ``pending`` since. Published tables read
/// the node's table (the latest) or the twin (older ones), never a table no publication
/// has reached, so once the older tables are gone the store replays the writes on the twin
/// and moves the node to it: the cost of the writes, not of the table.
struct EdgeTwin {
    /// Where the twin starts in ``TrieStore/slots``.
    let other: Int32
    /// The writes since the two were equal, as offsets in the table and the slot written,
    /// in order; nil when there were more than a quarter of the table's slots, so that the
    /// twin is better brought up to date by copying the table whole.
    private(set) var pending: [(offset: Int32, slot: Trie.Slot)]? = []

    init(other: Int32) {
        self.other = other
    }

    /// Notes that `slot` was written at `offset` in the node's table of `tableSize` slots.
    mutating func record(_ slot: Trie.Slot, at offset: Int, tableSize: Int) {
        guard pending != nil else { return }
        if pending!.count >= tableSize / 4 {
            pending = nil
        } else {
            pending!.append((Int32(offset), slot))
        }
    }

    /// Makes the twin equal to the node's table of `size` slots at `start` in `slots`.
    func replay(from start: Int32, size: Int, in slots: AppendLog<Trie.Slot>) {
        guard let pending else {
            (slots.base + Int(other)).update(from: slots.base + Int(start), count: size)
            return
        }
        for (offset, slot) in pending { slots[Int(other) + Int(offset)] = slot }
    }
}
