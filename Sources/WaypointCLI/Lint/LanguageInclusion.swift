/// Decides whether every URL one route automaton accepts is accepted by another, by
/// walking both at once over the atoms of the pair (a product of the later automaton with
/// the subset construction of the earlier one).
enum LanguageInclusion {
    /// A word of atoms that `later` accepts and `earlier` does not, or nil when there is
    /// none, that is when `earlier` accepts every word `later` accepts. Also nil, claiming
    /// nothing, when `later` has more states than a ``StateSet`` holds; use
    /// ``isIncluded(_:in:strictTrailingSlash:)`` to tell the cases apart.
    ///
    /// The word's first atom is the host, the others are path segments.
    ///
    /// - Complexity: proportional to the pairs of state sets reached, which for route
    ///   automata (chains with at most a loop at the end) is about the product of their
    ///   lengths times the number of atoms.
    static func counterexample(
        later: SegmentAutomaton, earlier: SegmentAutomaton, strictTrailingSlash: Bool
    ) -> [Atom]? {
        guard later.fitsStateSets, earlier.fitsStateSets else { return nil }
        // A quick answer first: a shortest word of `later` that `earlier` rejects.
        if let word = later.shortestWord, !earlier.accepts(word, strictTrailingSlash: strictTrailingSlash) {
            return word
        }
        let laterAtoms = later.namedAtoms
        let earlierAtoms = earlier.namedAtoms
        let hostAlphabet = alphabet(laterAtoms.host.union(earlierAtoms.host))
        let pathAlphabet = alphabet(laterAtoms.path.union(earlierAtoms.path))

        struct Node: Hashable {
            let later: StateSet
            let earlier: StateSet
            let atHost: Bool
        }
        let start = Node(later: StateSet(0), earlier: StateSet(0), atHost: true)
        var parents: [Node: (Node, Atom)] = [:]
        var seen: Set<Node> = [start]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            if !node.atHost && later.accepts(node.later, strictTrailingSlash: strictTrailingSlash)
                && !earlier.accepts(node.earlier, strictTrailingSlash: strictTrailingSlash)
            {
                var word: [Atom] = []
                var cursor = node
                while let (parent, atom) = parents[cursor] {
                    word.append(atom)
                    cursor = parent
                }
                return word.reversed()
            }
            for atom in node.atHost ? hostAlphabet : pathAlphabet {
                let nextLater = later.successors(of: node.later, on: atom)
                guard !nextLater.isEmpty else { continue }
                let next = Node(
                    later: nextLater, earlier: earlier.successors(of: node.earlier, on: atom), atHost: false)
                if seen.insert(next).inserted {
                    parents[next] = (node, atom)
                    queue.append(next)
                }
            }
        }
        return nil
    }

    /// Whether `earlier` accepts every word `later` accepts; false when an automaton is too
    /// large to decide (which can only hide a shadowing, never invent one).
    static func isIncluded(
        _ later: SegmentAutomaton, in earlier: SegmentAutomaton, strictTrailingSlash: Bool
    ) -> Bool {
        guard later.fitsStateSets, earlier.fitsStateSets else { return false }
        return counterexample(later: later, earlier: earlier, strictTrailingSlash: strictTrailingSlash) == nil
    }

    /// The named atoms plus the empty segment and *other*, in a stable order.
    private static func alphabet(_ named: Set<Atom>) -> [Atom] {
        [.empty, .other] + named.sorted { $0.sortKey < $1.sortKey }
    }
}
