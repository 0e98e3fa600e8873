/// The routes of one kind (path or host) and one scheme (or none), as a trie in a
/// ``TrieStore``: its root node and whether its first segment is a host.
///
/// Each edge consumes one URL segment: a literal edge (looked up in the node's own hash
/// table of literal children) or the node's single *any* edge, shared by every `:name` and
/// `*` at that position because they match the same segments (the names are per route, in
/// ``CompiledRoute/captures``). Nodes list the routes that end at them, in registration
/// order, and know the smallest registration order in their subtree, so a search can skip
/// every subtree that cannot beat the best match found so far.
struct Trie: Sendable {
    /// A node, 32 bytes. Most nodes end no route, and most that do end exactly one route
    /// (an end, nothing else); only the others keep their route lists apart, in
    /// ``TrieStore/terminals``, so a search reads no more than the node to find a plain end.
    ///
    /// 32 bytes rather than the 28 the fields need: the logs are aligned on cache lines
    /// (``AppendLog``), so two nodes fill a line and no node straddles two, where with 28
    /// bytes almost half of them did and cost a second cache miss in a large table.
    struct Node: Sendable {
        /// No route of this subtree has a smaller order: the smallest order in it, or less
        /// while ``staleRemovals`` is not 0. A search only skips a subtree whose bound is at
        /// least the best route found, so a bound below the true minimum costs a visit,
        /// never an answer.
        var minOrder: Int32 = .max
        /// The child under the any edge, or -1.
        var anyChild: Int32 = -1
        /// With ``endsOneRoute``, the order of the single route that ends here; otherwise
        /// the index of this node's route lists in ``TrieStore/terminals``, or -1 for none.
        var terminals: Int32 = -1
        /// Bit 0: whether literal edges leave this node (if not, no edge lookup is made).
        /// Bit 1: ``endsOneRoute``.
        var flags: UInt32 = 0
        /// Where this node's table of literal edges starts in ``TrieStore/slots``.
        var edgeStart: Int32 = 0
        /// The table's size minus one (a power of two minus one), or -1 without a table.
        var edgeMask: Int32 = -1
        /// The literal edges in the table.
        var edgeCount: Int32 = 0
        /// Removals since ``minOrder`` was last recomputed from a literal edge table too
        /// large to scan on every removal (``TrieStore/remove(_:order:root:)``); 0 when it
        /// is exact as far as the children's bounds are.
        var staleRemovals: Int32 = 0

        /// Whether literal edges leave this node.
        var hasLiteralChildren: Bool { flags & 1 != 0 }
        /// Whether exactly one route ends here, as a plain end, and `terminals` is its order.
        var endsOneRoute: Bool { flags & 2 != 0 }
    }

    /// A literal edge in a node's open-addressing table; `child == -1` marks an empty slot.
    /// 32 bytes, two to a cache line (the logs are aligned on lines, ``AppendLog``). The
    /// slot holds the full hash and the key's first sixteen bytes, so a key of up to sixteen
    /// bytes, nearly every URL segment, is compared without reading ``TrieStore/keys``: one
    /// cache line fewer per segment in a large table.
    struct Slot: Sendable {
        /// The key's first eight bytes as a little-endian word, zero past its end
        /// (``SegmentKey/word(_:at:count:padded:)``).
        var head: UInt64 = 0
        /// The key's bytes 8..<16 as a little-endian word, zero past its end.
        var second: UInt64 = 0
        var hash: UInt32 = 0
        /// Where the key's bytes start in ``TrieStore/keys``.
        var key: UInt32 = 0
        var length: UInt32 = 0
        var child: Int32 = -1
    }

    /// The routes that end at a node, as ranges of ``TrieStore/orders``.
    struct Terminals: Sendable {
        /// Routes that end here (also `:name?` routes whose segment is absent).
        var ends: Range<Int32> = 0..<0
        /// `:name?` routes whose optional segment is the one consumed into this node.
        var optionalEnds: Range<Int32> = 0..<0
        /// `**` routes whose glob starts here.
        var globs: Range<Int32> = 0..<0
        /// Routes whose regex tail starts here.
        var tails: Range<Int32> = 0..<0
    }

    /// The root node in the store.
    var root: Int32
    /// Whether this trie holds host routes (its depth-0 literals are hosts).
    let isHost: Bool
    /// The order of the earliest-registered route in this trie (`Int32.max` when empty).
    var earliestOrder: Int32 = .max
}

/// What a search reads of a ``TrieStore``: pointers to its logs, valid while the table
/// that holds the logs lives.
struct TrieArena: @unchecked Sendable {
    // @unchecked Sendable: the pointers are only read through, and only the elements a
    // published table was published with, which the store never writes again (see
    // ``AppendLog``); the table that holds an arena also holds the logs it points into.
    let nodes: UnsafePointer<Trie.Node>
    let slots: UnsafePointer<Trie.Slot>
    let keys: UnsafePointer<UInt8>
    let terminals: UnsafePointer<Trie.Terminals>
    let orders: UnsafePointer<Int32>

    /// The child of `node` under the literal `key`, or -1; `node` must have literal
    /// children. With `foldCase`, ASCII letters of `key` are lowered before comparing
    /// with the stored (lower-cased) keys.
    @inline(__always)
    ///
    /// `key` is a segment of a ``SegmentView``, which can be read ``SegmentKey/padding``
    /// bytes from its start (``SegmentKey``).
    func child(of node: Trie.Node, key: UnsafeBufferPointer<UInt8>, foldCase: Bool) -> Int32 {
        let table = slots + Int(node.edgeStart)
        let mask = Int(node.edgeMask)
        let count = key.count
        if count > 0, count <= 8, let base = key.baseAddress {
            // Most segments: the key is one word, read once for the hash and the compare
            // with the slot's first word (``SegmentKey/hash(_:foldCase:padded:)`` hashes a
            // key of up to eight bytes as this one word).
            let word = SegmentKey.shortWord(UnsafeRawPointer(base), count: count, foldCase: foldCase)
            let hash = SegmentKey.hash(shortWord: word, count: count)
            var index = Int(hash) & mask
            while true {
                let slot = table[index]
                if slot.child == -1 { return -1 }
                if slot.hash == hash && slot.head == word && Int(slot.length) == count { return slot.child }
                index = (index &+ 1) & mask
            }
        }
        return longChild(table: table, mask: mask, key: key, foldCase: foldCase)
    }

    /// ``child(of:key:foldCase:)`` for an empty key or one longer than a word: not inlined,
    /// so that each search's copy of the walk carries only the short path (a key of more
    /// than eight bytes is a sixth of a GitHub API hit's edge lookups, and a call costs it
    /// a few instructions; four inlined copies cost every app about 2 KB).
    @inline(never)
    private func longChild(
        table: UnsafePointer<Trie.Slot>, mask: Int, key: UnsafeBufferPointer<UInt8>, foldCase: Bool
    ) -> Int32 {
        let hash = SegmentKey.hash(key, foldCase: foldCase, padded: true)
        var index = Int(hash) & mask
        while true {
            let slot = table[index]
            if slot.child == -1 { return -1 }
            if slot.hash == hash && Int(slot.length) == key.count
                && SegmentKey.equal(
                    key, head: slot.head, second: slot.second, stored: UnsafeRawPointer(keys + Int(slot.key)),
                    foldCase: foldCase)
            {
                return slot.child
            }
            index = (index + 1) & mask
        }
    }
}
