import Waypoint

// What kind of value the reader asks for first, and in which order it asks for the others.

extension JSONValueReader {
    /// The last two kinds read at a depth, packed: `previous << 3 | last`, 7 for none.
    typealias History = UInt8

    /// No kind read yet at a depth.
    static let noHistory: History = 0o77

    /// The kinds to probe a value for, best guess first, each once; no allocation.
    struct KindOrder: Sequence, IteratorProtocol {
        private var packed: UInt32 = 0
        private var count = 0
        /// The kinds added, and the kinds already given by ``next()``.
        private var added: UInt8 = 0
        private var given: UInt8 = 0

        mutating func add(_ kind: Kind?) {
            guard let kind, added & (1 << kind.rawValue) == 0 else { return }
            added |= 1 << kind.rawValue
            packed |= UInt32(kind.rawValue) << UInt32(3 * count)
            count += 1
        }

        /// Puts `kind` next, unless it was given already.
        mutating func prepend(_ kind: Kind) {
            guard given & (1 << kind.rawValue) == 0 else { return }
            added |= 1 << kind.rawValue
            packed = packed << 3 | UInt32(kind.rawValue)
            count += 1
        }

        /// Puts `kind` next even if it was given already (for a request that moves on to
        /// another decoder without having failed).
        mutating func putBack(_ kind: Kind) {
            given &= ~(1 << kind.rawValue)
            prepend(kind)
        }

        /// The next kind not given yet.
        mutating func next() -> Kind? {
            while count > 0 {
                let kind = Kind(rawValue: UInt8(packed & 7))
                packed >>= 3
                count -= 1
                if let kind, given & (1 << kind.rawValue) == 0 {
                    given |= 1 << kind.rawValue
                    return kind
                }
            }
            return nil
        }
    }

    /// The kind to ask for first for a value at `depth` that has no member name, or whose
    /// name was not seen there yet: the kind that followed the last two kinds read at that
    /// depth, the last time they were read in that order; else the last kind read there.
    func predicted(depth: Int) -> Kind? {
        guard depth < histories.count else { return nil }
        let history = histories[depth]
        let next = transitions[depth * 64 + Int(history)]
        if next != 0 { return Kind(rawValue: next - 1) }
        return Kind(rawValue: history & 7)
    }

    /// Notes that a value of `kind` was read at `depth`: what followed the history there.
    mutating func note(_ kind: Kind, depth: Int) {
        if depth >= histories.count {
            histories += repeatElement(Self.noHistory, count: depth + 1 - histories.count)
            transitions += repeatElement(0, count: 64 * histories.count - transitions.count)
        }
        let history = histories[depth]
        transitions[depth * 64 + Int(history)] = kind.rawValue + 1
        histories[depth] = (history & 7) << 3 | kind.rawValue
    }

    /// The order to ask for a value at `depth` in, `predicted` first; `null` right after it
    /// when `includingNull` (for a member: asking whether it is null never fails).
    func guesses(predicted: Kind?, depth: Int, includingNull: Bool = false) -> KindOrder {
        var order = KindOrder()
        order.add(predicted)
        if includingNull { order.add(.null) }
        // A first sighting: the kind two levels up (chains that alternate), then the
        // parent's (chains of one kind).
        if depth >= 2, depth - 2 < path.count { order.add(path[depth - 2]) }
        if depth >= 1, depth - 1 < path.count { order.add(path[depth - 1]) }
        // Then the scalars, which end a chain, before the other containers.
        order.add(.string)
        order.add(.number)
        order.add(.bool)
        order.add(.object)
        order.add(.array)
        return order
    }
}
