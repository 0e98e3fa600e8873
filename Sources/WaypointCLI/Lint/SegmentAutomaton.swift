/// A nondeterministic automaton over URL segments: the set of URLs a route matches, as a
/// set of words of segments (host first, then the path segments).
///
/// States are numbered from 0, the start. Every transition consumes one segment, or for a
/// ``SegmentClass/rest(_:)`` label a whole rest of the URL. Route automata are chains with
/// at most a short branch and a loop at the end, so sets of states are bit masks: an
/// automaton has at most ``maximumStates`` states (a route of about 60 segments).
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

    /// A transition out of a state.
    struct Transition: Sendable, Hashable {
        let label: SegmentClass
        let to: Int
        /// Whether the step is an empty literal of the route, which the ignored trailing
        /// slash of a URL may stand for.
        let isEmptyLiteral: Bool
    }

    /// The most states a set of states can hold.
    static let maximumStates = 64

    /// The transitions out of each state.
    private(set) var outgoing: [[Transition]] = [[]]
    /// Why each state accepts, when it does.
    private(set) var acceptance: [Acceptance?] = [nil]

    /// The number of states.
    var stateCount: Int {
        outgoing.count
    }

    /// Whether every set of this automaton's states fits a ``StateSet``.
    var fitsStateSets: Bool {
        stateCount <= Self.maximumStates
    }

    /// Adds a transition from `state` to a new state and returns the new state.
    mutating func step(from state: Int, _ label: SegmentClass, isEmptyLiteral: Bool = false) -> Int {
        let next = stateCount
        outgoing.append([])
        acceptance.append(nil)
        add(from: state, label, to: next, isEmptyLiteral: isEmptyLiteral)
        return next
    }

    /// Adds a transition between existing states.
    mutating func add(from state: Int, _ label: SegmentClass, to next: Int, isEmptyLiteral: Bool = false) {
        outgoing[state].append(Transition(label: label, to: next, isEmptyLiteral: isEmptyLiteral))
    }

    /// Makes `state` accepting.
    mutating func accept(_ state: Int, _ kind: Acceptance) {
        acceptance[state] = kind
    }

    /// The states reached from `states` by consuming `atom`.
    // Never inlined: inlined into `AASAChecker.classify(_:)`, the Swift 6.3.1 optimizer's
    // copy propagation broke the ownership of `outgoing` there ("non consuming use outside of
    // the lifetime being verified") and the compiler crashed in release builds.
    @inline(never)
    func successors(of states: StateSet, on atom: Atom) -> StateSet {
        var next = StateSet()
        for state in states {
            for transition in outgoing[state] where transition.label.contains(atom) {
                next.insert(transition.to)
            }
        }
        return next
    }

    /// Whether a URL that ends in `states` matches: one of them accepts, or, when trailing
    /// slashes are ignored, an empty literal leads from one of them to a state where the
    /// route ends (the router matches the URL's segments followed by one implied empty
    /// segment, for the trie only).
    func accepts(_ states: StateSet, strictTrailingSlash: Bool) -> Bool {
        for state in states {
            if acceptance[state] != nil { return true }
            if !strictTrailingSlash
                && outgoing[state].contains(where: { $0.isEmptyLiteral && acceptance[$0.to] == .route })
            {
                return true
            }
        }
        return false
    }

    /// Whether the automaton accepts `word`.
    func accepts(_ word: [Atom], strictTrailingSlash: Bool) -> Bool {
        var states = StateSet(0)
        for atom in word {
            states = successors(of: states, on: atom)
            if states.isEmpty { return false }
        }
        return accepts(states, strictTrailingSlash: strictTrailingSlash)
    }

    /// A shortest word the automaton accepts, each step taking its label's own atom
    /// (*other* for the non-empty and any classes); nil when it accepts none.
    var shortestWord: [Atom]? {
        var parents: [Int: (Int, Atom)] = [:]
        var queue = [0]
        var head = 0
        var seen: Set<Int> = [0]
        while head < queue.count {
            let state = queue[head]
            head += 1
            if state != 0 && accepts(StateSet(state), strictTrailingSlash: true) {
                var word: [Atom] = []
                var cursor = state
                while let (parent, atom) = parents[cursor] {
                    word.append(atom)
                    cursor = parent
                }
                return word.reversed()
            }
            for transition in outgoing[state] where seen.insert(transition.to).inserted {
                parents[transition.to] = (state, transition.label.representative)
                queue.append(transition.to)
            }
        }
        return nil
    }

    /// The atoms the labels of this automaton name, for the host (transitions leaving the
    /// start state) and for the path (every other transition).
    var namedAtoms: (host: Set<Atom>, path: Set<Atom>) {
        var host = Set<Atom>()
        var path = Set<Atom>()
        for (state, transitions) in outgoing.enumerated() {
            for transition in transitions {
                guard let atom = transition.label.namedAtom else { continue }
                if state == 0 { host.insert(atom) } else { path.insert(atom) }
                if case .rest = atom {
                    host.insert(atom)
                    path.insert(atom)
                }
            }
        }
        return (host, path)
    }
}
