/// Explores every path at once over several ``PathAutomaton``s (a subset construction of
/// their union, from the first `/`): each reachable end state says which automata accept
/// the paths that reach it, with a shortest such path as a witness.
///
/// For AASA rules and routes this gives, for every combination of rules and routes that
/// some path matches together, one path that shows it, which is all `waypoint aasa check`
/// needs to decide its findings by construction.
struct PathExploration: Sendable {
    /// The automata that accept together on some path, and a shortest such path.
    struct Combination: Sendable, Hashable {
        /// The indices of the accepting automata, in order.
        let accepting: [Int]
        /// A path (symbols) they all accept and the others do not.
        let witness: [Int]
    }

    /// The most subset states explored; past it the exploration stops and says so.
    static let maximumStates = 20_000
    /// The most automaton states all explored subsets may hold together, which bounds the
    /// memory a file of thousands of rules can take.
    static let maximumStoredStates = 2_000_000

    /// Every combination found, in the order found (shortest witnesses first).
    let combinations: [Combination]
    /// Whether every reachable state was explored, so that ``combinations`` is complete.
    let isComplete: Bool

    /// Explores `automata` over `alphabet`, up to `limit` subset states.
    init(_ automata: [PathAutomaton], alphabet: PathAlphabet, limit: Int = maximumStates) {
        var offsets: [Int] = []
        var owner: [Int] = []
        var total = 0
        for (index, automaton) in automata.enumerated() {
            offsets.append(total)
            total += automaton.stateCount
            owner += repeatElement(index, count: automaton.stateCount)
        }
        func closure(_ states: [Int]) -> [Int] {
            var seen = Set<Int>()
            var stack = states
            while let state = stack.popLast() {
                guard seen.insert(state).inserted else { continue }
                let automaton = automata[owner[state]]
                let local = state - offsets[owner[state]]
                for target in automaton.moves[local] { stack.append(target + offsets[owner[state]]) }
            }
            return seen.sorted()
        }
        func step(_ states: [Int], _ symbol: Int) -> [Int] {
            var next: [Int] = []
            for state in states {
                let base = offsets[owner[state]]
                for edge in automata[owner[state]].edges[state - base] where edge.symbols.contains(symbol) {
                    next.append(edge.to + base)
                }
            }
            return next.isEmpty ? [] : closure(next)
        }
        let initial = closure(
            automata.enumerated().flatMap { index, automaton in automaton.starts.map { $0 + offsets[index] } }
        )
        let first = step(initial, alphabet.slash)
        var combinations: [Combination] = []
        var found = Set<[Int]>()
        guard !first.isEmpty else {
            self.combinations = []
            isComplete = true
            return
        }
        var index: [[Int]: Int] = [first: 0]
        var sets: [[Int]] = [first]
        var parents: [(Int, Int)] = [(-1, alphabet.slash)]
        var head = 0
        var complete = true
        var stored = first.count
        let order = alphabet.explorationOrder
        while head < sets.count {
            let current = sets[head]
            let accepting = Set(
                current.filter { automata[owner[$0]].accepting[$0 - offsets[owner[$0]]] }.map { owner[$0] }
            )
            .sorted()
            if !accepting.isEmpty, found.insert(accepting).inserted {
                var witness: [Int] = []
                var cursor = head
                while cursor >= 0 {
                    witness.append(parents[cursor].1)
                    cursor = parents[cursor].0
                }
                combinations.append(Combination(accepting: accepting, witness: witness.reversed()))
            }
            for symbol in order {
                let next = step(current, symbol)
                guard !next.isEmpty, index[next] == nil else { continue }
                guard sets.count < limit, stored + next.count <= Self.maximumStoredStates else {
                    complete = false
                    continue
                }
                stored += next.count
                index[next] = sets.count
                sets.append(next)
                parents.append((head, symbol))
            }
            head += 1
        }
        self.combinations = combinations
        isComplete = complete
    }
}
