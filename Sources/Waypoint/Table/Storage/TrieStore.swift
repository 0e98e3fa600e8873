/// The nodes, edge tables, keys and route lists of every trie of a table, in append-only
/// logs, edited one route at a time and published without copying.
///
/// A published table reads the elements that existed when it was published and nothing
/// else, so the store never writes them again: to change such a node, it appends a copy
/// (with a copy of its edge table) and points the parent, itself copied the same way, at
/// the copy, up to a new root (path copying). Nodes and tables appended since the last
/// ``publish()`` are private and are edited in place, so a bulk registration copies each
/// node at most once. Route lists and keys are never edited, only appended.
///
/// Replaced copies are garbage that no new table reads; ``garbage`` counts them so the
/// owner can rebuild the store from the live routes once they outweigh it, which keeps
/// memory per route bounded and costs O(1) amortised per registration.
///
/// A large edge table is not copied anew each time its node changes after a publication,
/// which would cost O(n) for an edge under a node with n literal children and make n
/// registrations one at a time O(n²): it keeps spare copies that only older tables read
/// (``CopyRing``). The node moves to a spare that no live table reads (``TableCensus``),
/// brought up to date with the writes it lacks, so changing a large table costs O(the
/// writes since), O(1) amortised; only when tables still read every spare is the table
/// copied as before.
struct TrieStore: Sendable {
    private(set) var nodes = AppendLog<Trie.Node>(capacity: 64)
    private(set) var slots = AppendLog<Trie.Slot>(capacity: 64)
    private(set) var keys = AppendLog<UInt8>(capacity: 256)
    private(set) var terminals = AppendLog<Trie.Terminals>(capacity: 16)
    private(set) var orders = AppendLog<Int32>(capacity: 64)
    /// Per record of ``terminals``: where the room reserved after its tails in ``orders``
    /// ends. A tail added to the node goes there while there is room, so N tails under one
    /// prefix cost O(N) in all rather than a copy of the list each (decisions.md, "Registering one route at a time: the real bound"); the slots
    /// past a record's tails are read by no table. Only the store reads it, so searches do
    /// not carry it.
    private(set) var tailRoom = AppendLog<Int32>(capacity: 16)
    /// Nodes, slots and route list records below these indices may be read by published
    /// tables.
    private var sharedNodes = 0
    private var sharedSlots = 0
    private var sharedTerminals = 0
    /// Elements (nodes, slots, route lists) appended that no new table reads.
    private(set) var garbage = 0
    /// Edge slots read to recompute subtree minima after removals, in all: the work that
    /// ``remove(_:order:root:)`` bounds (tests read it).
    private(set) var minimumReads = 0
    /// The spare copies of the large edge tables, by where the table a node uses now starts
    /// in ``slots``; a write is an offset in the table and the slot written there.
    private var rings: [Int32: CopyRing<Int32, (offset: Int32, slot: Trie.Slot)>] = [:]
    /// The tables published from the store, and which may be alive.
    private(set) var census = TableCensus()

    /// Edge tables of at least this many slots keep spares; smaller ones are copied, which
    /// costs less than keeping spares and the writes to replay.
    static let sparedTableSize = 16
    /// The most spares a table keeps: enough for a table or two held by dispatches in
    /// flight while registrations go on.
    static let maxSpares = 3

    /// All elements appended, live or not.
    var size: Int { nodes.count + slots.count + terminals.count + orders.count }

    /// Pointers for searching what the store holds now.
    var arena: TrieArena {
        TrieArena(
            nodes: UnsafePointer(nodes.base), slots: UnsafePointer(slots.base),
            keys: UnsafePointer(keys.base),
            terminals: UnsafePointer(terminals.base), orders: UnsafePointer(orders.base))
    }

    /// The logs a table published from the store reads, which it keeps alive.
    struct Logs: Sendable {
        let nodes: AppendLog<Trie.Node>
        let slots: AppendLog<Trie.Slot>
        let keys: AppendLog<UInt8>
        let terminals: AppendLog<Trie.Terminals>
        let orders: AppendLog<Int32>

        /// All elements appended to these logs so far, live or not (``TrieStore/size``):
        /// for tests, on the thread that registers.
        var size: Int { nodes.count + slots.count + terminals.count + orders.count }
    }

    /// What a table published now reads.
    var logs: Logs {
        Logs(nodes: nodes, slots: slots, keys: keys, terminals: terminals, orders: orders)
    }

    /// Marks everything appended so far as read by `table`, which is published.
    mutating func publish(_ table: RouteTable) {
        sharedNodes = nodes.count
        sharedSlots = slots.count
        sharedTerminals = terminals.count
        census.publish(table.token)
    }

    /// A new, empty root.
    mutating func makeRoot() -> Int32 {
        appendNode()
    }

    /// The node `index`.
    func node(_ index: Int32) -> Trie.Node {
        nodes[Int(index)]
    }

    /// Adds `route` with registration order `order` (larger than every order in the store)
    /// to the trie at `root`, and returns the trie's root after the change.
    mutating func insert(_ route: CompiledRoute, order: Int32, root: Int32) -> Int32 {
        let newRoot = makePrivate(root)
        var node = newRoot
        lowerMinimum(node, to: order)
        for step in route.steps {
            node = privateChild(of: node, step: step, creating: true)
            lowerMinimum(node, to: order)
        }
        if route.terminal == .tail, appendTailInPlace(order, to: node) { return newRoot }
        var lists = routeLists(of: node)
        switch route.terminal {
        case .end:
            lists.ends.append(order)
        case .optional:
            lists.ends.append(order)
            let any = privateChild(of: node, step: .any, creating: true)
            var anyLists = routeLists(of: any)
            anyLists.optionalEnds.append(order)
            setRouteLists(anyLists, of: any)
            lowerMinimum(any, to: order)
        case .glob:
            lists.globs.append(order)
        case .tail:
            lists.tails.append(order)
        }
        setRouteLists(lists, of: node)
        return newRoot
    }

    /// Removes `route`, registered with `order`, from the trie at `root`, and returns the
    /// trie's root after the change. Nodes left without routes stay, and are skipped by
    /// searches once their subtree minimum is `Int32.max`.
    ///
    /// The subtree minima on the route's path are brought up to date from the bottom, and
    /// only while they change. A node with a large table of literal edges is not scanned on
    /// every removal that takes its minimum: its bound stays (a bound below the true
    /// minimum, which searches read correctly) until it has seen an eighth of its table's
    /// size in removals, so removing n routes one at a time costs O(n) table reads in all,
    /// not O(n) each (decisions.md, "Removing routes one at a time").
    mutating func remove(_ route: CompiledRoute, order: Int32, root: Int32) -> Int32 {
        var path = [makePrivate(root)]
        for step in route.steps {
            path.append(privateChild(of: path[path.count - 1], step: step, creating: false))
        }
        let node = path[path.count - 1]
        var lists = routeLists(of: node)
        lists.removeAll(order)
        setRouteLists(lists, of: node)
        if case .optional = route.terminal {
            let any = privateChild(of: node, step: .any, creating: false)
            var anyLists = routeLists(of: any)
            anyLists.removeAll(order)
            setRouteLists(anyLists, of: any)
            _ = updateMinimum(any, removing: order)
        }
        for index in path.reversed() where !updateMinimum(index, removing: order) { break }
        return path[0]
    }

    // MARK: Nodes

    private mutating func appendNode() -> Int32 {
        nodes = nodes.appending(Trie.Node())
        return Int32(nodes.count - 1)
    }

    /// `index` if the node is private, else the index of a private copy (with a private
    /// edge table).
    private mutating func makePrivate(_ index: Int32) -> Int32 {
        guard Int(index) < sharedNodes else { return index }
        var copy = nodes[Int(index)]
        if copy.edgeMask >= 0 {
            copy.edgeStart = privateTable(start: copy.edgeStart, size: Int(copy.edgeMask) + 1)
        }
        garbage += 1
        nodes = nodes.appending(copy)
        return Int32(nodes.count - 1)
    }

    /// Where a private table equal to the shared edge table of `size` slots at `start`
    /// starts: a spare that no live table reads, brought up to date, or a new copy.
    private mutating func privateTable(start: Int32, size: Int) -> Int32 {
        guard size >= Self.sparedTableSize else {
            garbage += size
            return copyTable(start: start, size: size)
        }
        // A table without a ring yet may be read by any table published so far.
        var ring = rings.removeValue(forKey: start) ?? CopyRing(firstReader: 0)
        let next: Int32
        switch ring.move(from: start, census: census, maxSpares: Self.maxSpares) {
        case .reuse(let spare, let missing?):
            for write in missing { slots[Int(spare) + Int(write.offset)] = write.slot }
            next = spare
        case .reuse(let spare, nil):
            (slots.base + Int(spare)).update(from: slots.base + Int(start), count: size)
            next = spare
        case .fresh(let abandoned):
            garbage += size * abandoned.count
            next = copyTable(start: start, size: size)
        }
        rings[next] = ring
        return next
    }

    /// Where a new copy of the `size` slots at `start` starts.
    private mutating func copyTable(start: Int32, size: Int) -> Int32 {
        let newStart = slots.count
        slots = slots.appending(Trie.Slot(), repeated: size)
        (slots.base + newStart).update(from: slots.base + Int(start), count: size)
        return Int32(newStart)
    }

    /// Writes `slot` at `offset` in the edge table of the private node `entry`, and notes
    /// the write for the table's spares, if it has any.
    private mutating func setSlot(_ slot: Trie.Slot, at offset: Int, inTableOf entry: Trie.Node) {
        slots[Int(entry.edgeStart) + offset] = slot
        let size = Int(entry.edgeMask) + 1
        if size >= Self.sparedTableSize {
            rings[entry.edgeStart]?.note((Int32(offset), slot), limit: size / 4)
        }
    }

    /// The private child of the private node `node` along `step`, made private (and the
    /// edge pointed at it) or, with `creating`, created when absent. Without `creating`
    /// the child must exist.
    private mutating func privateChild(of node: Int32, step: CompiledRoute.TrieStep, creating: Bool) -> Int32
    {
        switch step {
        case .literal(let key):
            if let slot = slot(of: node, key: key) {
                var edge = slots[slot]
                let child = makePrivate(edge.child)
                if child != edge.child {
                    edge.child = child
                    let entry = nodes[Int(node)]
                    setSlot(edge, at: slot - Int(entry.edgeStart), inTableOf: entry)
                }
                return child
            }
            precondition(creating, "TrieStore: removing a route that is not in the trie")
            let child = appendNode()
            addEdge(from: node, key: key, to: child)
            return child
        case .any:
            let existing = nodes[Int(node)].anyChild
            precondition(creating || existing >= 0, "TrieStore: removing a route that is not in the trie")
            let child = existing >= 0 ? makePrivate(existing) : appendNode()
            nodes[Int(node)].anyChild = child
            return child
        }
    }

    /// The index in ``slots`` of the edge of `node` under `key`, if there is one.
    private func slot(of node: Int32, key: [UInt8]) -> Int? {
        let entry = nodes[Int(node)]
        guard entry.edgeMask >= 0 else { return nil }
        let hash = key.withUnsafeBufferPointer { SegmentKey.hash($0, foldCase: false, padded: false) }
        let mask = Int(entry.edgeMask)
        var index = Int(hash) & mask
        while true {
            let slot = slots[Int(entry.edgeStart) + index]
            if slot.child == -1 { return nil }
            if slot.hash == hash && Int(slot.length) == key.count
                && (0..<key.count).allSatisfy({ keys[Int(slot.key) + $0] == key[$0] })
            {
                return Int(entry.edgeStart) + index
            }
            index = (index + 1) & mask
        }
    }

    /// Adds the edge `key` → `child` to the private node `node`, growing its table to keep
    /// it at most two thirds full.
    private mutating func addEdge(from node: Int32, key: [UInt8], to child: Int32) {
        var entry = nodes[Int(node)]
        let size = Int(entry.edgeMask) + 1
        if entry.edgeMask < 0 || (Int(entry.edgeCount) + 1) * 3 > size * 2 {
            let grown = entry.edgeMask < 0 ? 4 : size * 2
            let start = slots.count
            slots = slots.appending(Trie.Slot(), repeated: grown)
            for offset in 0..<size where slots[Int(entry.edgeStart) + offset].child != -1 {
                put(slots[Int(entry.edgeStart) + offset], start: start, mask: grown - 1)
            }
            garbage += size
            // The old table and its spares are left to the tables that read them.
            if entry.edgeMask >= 0, let ring = rings.removeValue(forKey: entry.edgeStart) {
                garbage += size * ring.spareCount
            }
            entry.edgeStart = Int32(start)
            entry.edgeMask = Int32(grown - 1)
        }
        let offset = keys.count
        // The zeros after the key let a lookup read it a word at a time (``SegmentKey``).
        keys = keys.appending(contentsOf: key).appending(0, repeated: SegmentKey.padding)
        let hash = key.withUnsafeBufferPointer { SegmentKey.hash($0, foldCase: false, padded: false) }
        let slot = Trie.Slot(
            head: key.withUnsafeBufferPointer { SegmentKey.head(of: $0) },
            second: key.withUnsafeBufferPointer { SegmentKey.head(of: $0, at: 8) }, hash: hash,
            key: UInt32(offset),
            length: UInt32(key.count), child: child)
        setSlot(
            slot, at: freeOffset(for: hash, start: Int(entry.edgeStart), mask: Int(entry.edgeMask)),
            inTableOf: entry)
        entry.edgeCount += 1
        entry.flags |= 1
        nodes[Int(node)] = entry
    }

    /// Puts `slot` in the free place its hash leads to in the table at `start`.
    private mutating func put(_ slot: Trie.Slot, start: Int, mask: Int) {
        slots[start + freeOffset(for: slot.hash, start: start, mask: mask)] = slot
    }

    /// The free place `hash` leads to in the table of `mask + 1` slots at `start`.
    private func freeOffset(for hash: UInt32, start: Int, mask: Int) -> Int {
        var index = Int(hash) & mask
        while slots[start + index].child != -1 { index = (index + 1) & mask }
        return index
    }

    // MARK: Route lists and minima

    /// A node's route lists, as arrays.
    private struct RouteLists {
        var ends: [Int32] = []
        var optionalEnds: [Int32] = []
        var globs: [Int32] = []
        var tails: [Int32] = []

        var isEmpty: Bool { ends.isEmpty && optionalEnds.isEmpty && globs.isEmpty && tails.isEmpty }
        var count: Int { ends.count + optionalEnds.count + globs.count + tails.count }
        /// The smallest order in the lists (each is ascending).
        var minimum: Int32 {
            [ends.first, optionalEnds.first, globs.first, tails.first].compactMap { $0 }.min() ?? .max
        }

        mutating func removeAll(_ order: Int32) {
            ends.removeAll { $0 == order }
            optionalEnds.removeAll { $0 == order }
            globs.removeAll { $0 == order }
            tails.removeAll { $0 == order }
        }
    }

    /// Appends the tail route `order` to the private node `node`'s tail list in the room
    /// reserved after it, when there is room: the list's record is edited in place when no
    /// table reads it, else replaced by a copy (a record, not the list).
    ///
    /// - Returns: false when the node has no room (nothing is changed then).
    private mutating func appendTailInPlace(_ order: Int32, to node: Int32) -> Bool {
        let entry = nodes[Int(node)]
        guard !entry.endsOneRoute, entry.terminals >= 0 else { return false }
        var record = terminals[Int(entry.terminals)]
        guard record.tails.upperBound < tailRoom[Int(entry.terminals)] else { return false }
        orders[Int(record.tails.upperBound)] = order
        record.tails = record.tails.lowerBound..<(record.tails.upperBound + 1)
        if Int(entry.terminals) >= sharedTerminals {
            terminals[Int(entry.terminals)] = record
        } else {
            let room = tailRoom[Int(entry.terminals)]
            terminals = terminals.appending(record)
            tailRoom = tailRoom.appending(room)
            nodes[Int(node)].terminals = Int32(terminals.count - 1)
            garbage += 1
        }
        return true
    }

    private func routeLists(of node: Int32) -> RouteLists {
        let entry = nodes[Int(node)]
        if entry.endsOneRoute { return RouteLists(ends: [entry.terminals]) }
        guard entry.terminals >= 0 else { return RouteLists() }
        let record = terminals[Int(entry.terminals)]
        func list(_ range: Range<Int32>) -> [Int32] { range.map { orders[Int($0)] } }
        return RouteLists(
            ends: list(record.ends), optionalEnds: list(record.optionalEnds), globs: list(record.globs),
            tails: list(record.tails))
    }

    /// Stores `lists` as the route lists of the private node `node`: inline when they are
    /// a single plain end, else as a new record.
    private mutating func setRouteLists(_ lists: RouteLists, of node: Int32) {
        var entry = nodes[Int(node)]
        if !entry.endsOneRoute && entry.terminals >= 0 {
            let old = terminals[Int(entry.terminals)]
            garbage +=
                1 + Int(max(old.tails.upperBound, tailRoom[Int(entry.terminals)])) - Int(old.ends.lowerBound)
        }
        entry.flags &= ~2
        if lists.isEmpty {
            entry.terminals = -1
        } else if lists.ends.count == 1 && lists.count == 1 {
            entry.terminals = lists.ends[0]
            entry.flags |= 2
        } else {
            func range(_ list: [Int32]) -> Range<Int32> {
                let start = Int32(orders.count)
                orders = orders.appending(contentsOf: list)
                return start..<Int32(orders.count)
            }
            let record = Trie.Terminals(
                ends: range(lists.ends), optionalEnds: range(lists.optionalEnds), globs: range(lists.globs),
                tails: range(lists.tails))
            // Room for as many tails again (at least four), so that adding tails one by one
            // copies the list O(log n) times.
            let room = lists.tails.isEmpty ? 0 : max(4, lists.tails.count)
            orders = orders.appending(-1, repeated: room)
            terminals = terminals.appending(record)
            tailRoom = tailRoom.appending(record.tails.upperBound + Int32(room))
            entry.terminals = Int32(terminals.count - 1)
        }
        nodes[Int(node)] = entry
    }

    private mutating func lowerMinimum(_ node: Int32, to order: Int32) {
        if order < nodes[Int(node)].minOrder { nodes[Int(node)].minOrder = order }
    }

    /// The largest literal edge table whose node's minimum is recomputed on every removal
    /// that may change it; larger ones are recomputed after an eighth of their size in
    /// removals.
    static let exactMinimumSlots = 64

    /// Brings the private node's subtree minimum up to date after the route `order` left
    /// its subtree, and returns whether the minimum changed (its parent's may then change
    /// too).
    private mutating func updateMinimum(_ node: Int32, removing order: Int32) -> Bool {
        let entry = nodes[Int(node)]
        // An exact minimum below the removed order stays what it is, and so do the
        // minima above it.
        if entry.minOrder < order && entry.staleRemovals == 0 { return false }
        let size = entry.edgeMask >= 0 ? Int(entry.edgeMask) + 1 : 0
        if size > Self.exactMinimumSlots {
            let stale = entry.staleRemovals + 1
            guard Int(stale) >= size / 8 else {
                nodes[Int(node)].staleRemovals = stale
                return false
            }
        }
        recomputeMinimum(node)
        return nodes[Int(node)].minOrder != entry.minOrder
    }

    /// Sets the private node's subtree minimum from its route lists and its children.
    private mutating func recomputeMinimum(_ node: Int32) {
        let entry = nodes[Int(node)]
        var minimum = routeLists(of: node).minimum
        if entry.anyChild >= 0 { minimum = min(minimum, nodes[Int(entry.anyChild)].minOrder) }
        if entry.edgeMask >= 0 {
            minimumReads += Int(entry.edgeMask) + 1
            for offset in 0...Int(entry.edgeMask) {
                let child = slots[Int(entry.edgeStart) + offset].child
                if child >= 0 { minimum = min(minimum, nodes[Int(child)].minOrder) }
            }
        }
        nodes[Int(node)].minOrder = minimum
        nodes[Int(node)].staleRemovals = 0
    }
}
