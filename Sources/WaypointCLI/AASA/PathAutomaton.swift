/// A nondeterministic automaton over the symbols of a ``PathAlphabet``: the paths a route or
/// an AASA rule matches, character by character.
///
/// States are numbered from 0. A state has consuming edges (a set of symbols and a target)
/// and empty moves. Acceptance is a flag per state.
struct PathAutomaton: Sendable {
    struct Edge: Sendable {
        let symbols: SymbolSet
        let to: Int
    }

    private(set) var edges: [[Edge]] = []
    private(set) var moves: [[Int]] = []
    private(set) var accepting: [Bool] = []
    /// The states the automaton starts in.
    var starts: [Int] = []

    var stateCount: Int { edges.count }

    /// Adds a state and returns it.
    mutating func state(accepting isAccepting: Bool = false) -> Int {
        edges.append([])
        moves.append([])
        accepting.append(isAccepting)
        return edges.count - 1
    }

    mutating func edge(from: Int, _ symbols: SymbolSet, to: Int) {
        guard !symbols.isEmpty else { return }
        edges[from].append(Edge(symbols: symbols, to: to))
    }

    mutating func move(from: Int, to: Int) {
        moves[from].append(to)
    }

    mutating func accept(_ state: Int) {
        accepting[state] = true
    }
}
