/// A set of automaton states below ``SegmentAutomaton/maximumStates``, as a bit mask.
struct StateSet: Sendable, Hashable, Sequence {
    private(set) var bits: UInt64 = 0

    init() {}

    /// The set holding `state`.
    init(_ state: Int) {
        insert(state)
    }

    var isEmpty: Bool {
        bits == 0
    }

    mutating func insert(_ state: Int) {
        bits |= 1 << UInt64(state)
    }

    func makeIterator() -> Iterator {
        Iterator(remaining: bits)
    }

    /// The states, lowest first.
    struct Iterator: IteratorProtocol {
        var remaining: UInt64

        mutating func next() -> Int? {
            guard remaining != 0 else { return nil }
            let state = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return state
        }
    }
}
