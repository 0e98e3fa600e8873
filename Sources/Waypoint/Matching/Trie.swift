/// The routes of one kind (path or host) and one scheme (or none), as a flat trie.
///
/// Each edge consumes one URL segment: a literal edge (looked up in ``EdgeTable``) or the
/// node's single *any* edge, shared by every `:name` and `*` at that position because they
/// match the same segments (the names are per route, in ``CompiledRoute/captures``).
/// Nodes list the routes that end at them, in registration order, and know the smallest
/// registration order in their subtree, so a search can skip every subtree that cannot
/// beat the best match found so far.
///
/// A final class rather than a struct: a table holds several tries and a lookup reads
/// them through an array, where a struct of four arrays would be copied (four retains and
/// releases) at every access.
final class Trie: Sendable {
    /// A node, 16 bytes. Most nodes end no route, and most that do end exactly one route
    /// (an end, nothing else); only the others keep their route lists apart, in
    /// ``Trie/terminals``, so a search reads no more than the node to find a plain end.
    struct Node: Sendable {
        /// The smallest route order in this subtree.
        var minOrder: Int32 = .max
        /// The child under the any edge, or -1.
        var anyChild: Int32 = -1
        /// With ``endsOneRoute``, the order of the single route that ends here; otherwise
        /// the index of this node's route lists in ``Trie/terminals``, or -1 for none.
        var terminals: Int32 = -1
        /// Bit 0: whether literal edges leave this node (if not, no edge lookup is made).
        /// Bit 1: ``endsOneRoute``.
        var flags: UInt32 = 0

        /// Whether literal edges leave this node.
        var hasLiteralChildren: Bool { flags & 1 != 0 }
        /// Whether exactly one route ends here, as a plain end, and `terminals` is its order.
        var endsOneRoute: Bool { flags & 2 != 0 }
    }

    /// The routes that end at a node, as ranges of ``Trie/orders``.
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

    /// Nodes; index 0 is the root.
    let nodes: [Node]
    /// The route lists of the nodes that have any.
    let terminals: [Terminals]
    /// Literal edges.
    let edges: EdgeTable
    /// Route orders referenced by terminal ranges, ascending within each range.
    let orders: [Int32]
    /// Whether this trie holds host routes (its depth-0 literals are hosts).
    let isHost: Bool

    /// Whether this trie has no routes.
    var isEmpty: Bool { nodes[0].minOrder == .max }

    /// The order of the earliest-registered route in this trie (`Int32.max` when empty).
    var earliestOrder: Int32 { nodes[0].minOrder }

    /// Builds the trie of `routes`, each with its registration order.
    init(routes: [(order: Int32, route: CompiledRoute)], isHost: Bool) {
        self.isHost = isHost
        let root = BuildNode()
        var edgeCount = 0
        for (order, route) in routes {
            var node = root
            for step in route.steps {
                switch step {
                case .literal(let key):
                    if let next = node.literals[key] {
                        node = next
                    } else {
                        let next = BuildNode()
                        node.literals[key] = next
                        node.literalKeys.append(key)
                        edgeCount += 1
                        node = next
                    }
                case .any:
                    if node.any == nil { node.any = BuildNode() }
                    node = node.any!
                }
            }
            switch route.terminal {
            case .end:
                node.ends.append(order)
            case .optional:
                node.ends.append(order)
                if node.any == nil { node.any = BuildNode() }
                node.any!.optionalEnds.append(order)
            case .glob:
                node.globs.append(order)
            case .tail:
                node.tails.append(order)
            }
        }
        // Breadth-first numbering, so children always come after their parent.
        var queue = [root]
        var nodes: [Node] = []
        var terminals: [Terminals] = []
        var orders: [Int32] = []
        var edges = EdgeTable(capacity: edgeCount)
        var head = 0
        func range(_ list: [Int32]) -> Range<Int32> {
            let start = Int32(orders.count)
            orders.append(contentsOf: list)
            return start..<Int32(orders.count)
        }
        while head < queue.count {
            let build = queue[head]
            let index = Int32(head)
            head += 1
            var node = Node()
            let firstOrders = [
                build.ends.first, build.optionalEnds.first, build.globs.first, build.tails.first,
            ]
            .compactMap { $0 }
            if build.ends.count == 1 && firstOrders.count == 1 {
                node.terminals = build.ends[0]
                node.flags |= 2
            } else if !firstOrders.isEmpty {
                node.terminals = Int32(terminals.count)
                terminals.append(
                    Terminals(
                        ends: range(build.ends), optionalEnds: range(build.optionalEnds),
                        globs: range(build.globs), tails: range(build.tails)))
            }
            node.minOrder = firstOrders.min() ?? .max
            if !build.literalKeys.isEmpty { node.flags |= 1 }
            for key in build.literalKeys {
                edges.insert(parent: index, key: key, child: Int32(queue.count))
                queue.append(build.literals[key]!)
            }
            if let any = build.any {
                node.anyChild = Int32(queue.count)
                queue.append(any)
            }
            nodes.append(node)
        }
        // Unlink the build nodes while the queue holds each of them, so they are freed one at
        // a time: releasing the root would free a chain as deep as the longest route by
        // recursion, and overflow the stack for a route of some thousands of segments.
        for build in queue {
            build.literals = [:]
            build.any = nil
        }
        // Children have larger indices: one backward pass folds subtree minima upwards.
        var parents = [Int32](repeating: -1, count: nodes.count)
        for slot in edges.slots where slot.parent != -1 { parents[Int(slot.child)] = slot.parent }
        for (index, node) in nodes.enumerated() where node.anyChild != -1 {
            parents[Int(node.anyChild)] = Int32(index)
        }
        for index in stride(from: nodes.count - 1, to: 0, by: -1) {
            let parent = Int(parents[index])
            nodes[parent].minOrder = min(nodes[parent].minOrder, nodes[index].minOrder)
        }
        self.nodes = nodes
        self.terminals = terminals
        self.edges = edges
        self.orders = orders
    }

    /// A mutable node used only while building.
    private final class BuildNode {
        var literals: [[UInt8]: BuildNode] = [:]
        var literalKeys: [[UInt8]] = []
        var any: BuildNode?
        var ends: [Int32] = []
        var optionalEnds: [Int32] = []
        var globs: [Int32] = []
        var tails: [Int32] = []
    }
}
