/// A pattern without substitution variables, matched without backtracking
/// (Documentation/aasa.md §3.3).
///
/// The pattern is cut at its `*`s into pieces of characters and `?`s, each of a fixed
/// length: the *head* before the first `*` must match where the text starts, the *tail*
/// after the last `*` where it ends, and every piece between them is found, in order, at
/// its leftmost place after the previous one. Taking the leftmost place is never wrong,
/// since a piece that ends sooner leaves more room for the pieces after it, so nothing is
/// ever tried twice. A piece is searched for with the shift-and algorithm, one bit per
/// pattern position, so finding it costs one step per character of text and 64 positions
/// of the piece.
///
/// - Complexity: O(*n* × ⌈*k* / 64⌉ + *m*) for *n* characters of text, a pattern of *m*
///   characters and its longest piece of *k*: the head and tail are compared once, and the
///   middle pieces read the text between them once, whatever the mix of `*` and `?`.
package struct UniversalLinkGlob: Sendable, Hashable {
    /// A run of the pattern between two `*`s: each position a character, or nil for `?`.
    package struct Piece: Sendable, Hashable {
        package let positions: [Unicode.Scalar?]

        var count: Int { positions.count }

        /// Whether the piece matches `text` at `start` (which has room for it).
        func matches(_ text: [Unicode.Scalar], at start: Int, steps: inout Int) -> Bool {
            for (offset, expected) in positions.enumerated() {
                steps += 1
                if let expected, text[start + offset] != expected { return false }
            }
            return true
        }
    }

    /// The piece before the first `*` (the whole pattern when it has none).
    package let head: Piece
    /// The pieces between `*`s, in order, each with its shift-and masks.
    private let middles: [Search]
    /// The piece after the last `*`; nil when the pattern has no `*`.
    package let tail: Piece?
    /// The fewest characters a match has: the pattern's characters and `?`s.
    private let minimumLength: Int

    /// The glob of `elements` (no variables), whose characters are already case-folded
    /// when the rule ignores case; nil when they hold a variable.
    init?(_ elements: [UniversalLinkPattern.Element]) {
        var pieces: [[Unicode.Scalar?]] = [[]]
        for element in elements {
            switch element {
            case .scalar(let scalar): pieces[pieces.count - 1].append(scalar)
            case .anyScalar: pieces[pieces.count - 1].append(nil)
            case .anyRun: pieces.append([])
            case .variable: return nil
            }
        }
        head = Piece(positions: pieces[0])
        if pieces.count == 1 {
            middles = []
            tail = nil
        } else {
            middles = pieces[1..<(pieces.count - 1)].filter { !$0.isEmpty }.map(Search.init)
            tail = Piece(positions: pieces[pieces.count - 1])
        }
        minimumLength = pieces.reduce(0) { $0 + $1.count }
    }

    /// Whether the pattern matches all of `text`, counting a step per character compared
    /// into `steps`.
    package func matches(_ text: [Unicode.Scalar], steps: inout Int) -> Bool {
        guard let tail else {
            return text.count == head.count && head.matches(text, at: 0, steps: &steps)
        }
        guard text.count >= minimumLength, head.matches(text, at: 0, steps: &steps),
            tail.matches(text, at: text.count - tail.count, steps: &steps)
        else { return false }
        var start = head.count
        let end = text.count - tail.count
        for middle in middles {
            guard let found = middle.firstEnd(in: text, from: start, to: end, steps: &steps) else {
                return false
            }
            start = found
        }
        return true
    }

    /// A middle piece and its shift-and masks: for each character, the positions of the
    /// piece it may stand at.
    private struct Search: Sendable, Hashable {
        /// The masks' width in 64-bit words.
        let words: Int
        let count: Int
        /// The positions of `?`, which every character may stand at.
        let any: [UInt64]
        /// The positions of each character of the piece.
        let literal: [Unicode.Scalar: [UInt64]]

        init(_ positions: [Unicode.Scalar?]) {
            count = positions.count
            words = (positions.count + 63) / 64
            var any = Array(repeating: UInt64(0), count: words)
            var literal: [Unicode.Scalar: [UInt64]] = [:]
            for (index, position) in positions.enumerated() {
                let bit = UInt64(1) << UInt64(index % 64)
                if let scalar = position {
                    literal[scalar, default: Array(repeating: 0, count: words)][index / 64] |= bit
                } else {
                    any[index / 64] |= bit
                }
            }
            self.any = any
            self.literal = literal
        }

        /// The end of the leftmost place in `text[start..<end]` where the piece matches.
        func firstEnd(in text: [Unicode.Scalar], from start: Int, to end: Int, steps: inout Int) -> Int? {
            guard end - start >= count else { return nil }
            let lastWord = (count - 1) / 64
            let lastBit = UInt64(1) << UInt64((count - 1) % 64)
            if words == 1 {
                // The common case, one word: the positions matched so far end here.
                var state: UInt64 = 0
                let any = self.any[0]
                for index in start..<end {
                    steps += 1
                    state = ((state << 1) | 1) & (any | (literal[text[index]]?[0] ?? 0))
                    if state & lastBit != 0 { return index + 1 }
                }
                return nil
            }
            var state = Array(repeating: UInt64(0), count: words)
            for index in start..<end {
                let mask = literal[text[index]]
                var carry: UInt64 = 1
                for word in 0..<words {
                    steps += 1
                    let shifted = (state[word] << 1) | carry
                    carry = state[word] >> 63
                    state[word] = shifted & (any[word] | (mask?[word] ?? 0))
                }
                if state[lastWord] & lastBit != 0 { return index + 1 }
            }
            return nil
        }
    }
}
