/// A nondeterministic automaton over URL segments: the set of URLs a route matches, as a
/// set of words of segments (host first, then the path segments).
///
/// States are numbered from 0, the start. Every transition consumes one segment, or for a
/// ``SegmentClass/rest(_:)`` label a whole rest of the URL.
struct SegmentAutomaton: Sendable, Hashable {
    /// Why a state accepts.
    enum Acceptance: Sendable, Hashable {
        /// The route ends here as far as the router's trie is concerned: its last segment,
        /// an absent `:name?`, or a `**`. When trailing slashes are ignored, the trie also
        /// lets the URL's implied empty last segment match a final empty literal.
        case route
        /// A regex tail matched. The router never implies an empty segment for a tail.
        case tail
    }

    /// A transition.
    struct Transition: Sendable, Hashable {
        let from: Int
        let label: SegmentClass
        let to: Int
        /// Whether the step is an empty literal of the route, which the ignored trailing
        /// slash of a URL may stand for.
        let isEmptyLiteral: Bool
    }

    /// The number of states.
    private(set) var stateCount = 1
    /// Every transition.
    private(set) var transitions: [Transition] = []
    /// The accepting states.
    private(set) var acceptance: [Int: Acceptance] = [:]

    /// Adds a transition from `state` to a new state and returns the new state.
    mutating func step(from state: Int, _ label: SegmentClass, isEmptyLiteral: Bool = false) -> Int {
        let next = stateCount
        stateCount += 1
        add(from: state, label, to: next, isEmptyLiteral: isEmptyLiteral)
        return next
    }

    /// Adds a transition between existing states.
    mutating func add(from state: Int, _ label: SegmentClass, to next: Int, isEmptyLiteral: Bool = false) {
        transitions.append(Transition(from: state, label: label, to: next, isEmptyLiteral: isEmptyLiteral))
    }

    /// Makes `state` accepting.
    mutating func accept(_ state: Int, _ kind: Acceptance) {
        acceptance[state] = kind
    }

    /// The states reached from `states` by consuming `atom`, sorted.
    func successors(of states: [Int], on atom: Atom) -> [Int] {
        var next = Set<Int>()
        for transition in transitions
        where states.contains(transition.from) && transition.label.contains(atom) {
            next.insert(transition.to)
        }
        return next.sorted()
    }

    /// Whether a URL that ends in `states` matches: one of them accepts, or, when trailing
    /// slashes are ignored, an empty literal leads from one of them to a state where the
    /// route ends (the router matches the URL's segments followed by one implied empty
    /// segment, for the trie only).
    func accepts(_ states: [Int], strictTrailingSlash: Bool) -> Bool {
        if states.contains(where: { acceptance[$0] != nil }) { return true }
        guard !strictTrailingSlash else { return false }
        return transitions.contains { transition in
            transition.isEmptyLiteral && states.contains(transition.from)
                && acceptance[transition.to] == .route
        }
    }

    /// The atoms the labels of this automaton name, for the host (transitions leaving the
    /// start state) and for the path (every other transition).
    var namedAtoms: (host: Set<Atom>, path: Set<Atom>) {
        var host = Set<Atom>()
        var path = Set<Atom>()
        for transition in transitions {
            guard let atom = transition.label.namedAtom else { continue }
            if transition.from == 0 { host.insert(atom) } else { path.insert(atom) }
            if case .rest = atom {
                host.insert(atom)
                path.insert(atom)
            }
        }
        return (host, path)
    }
}
