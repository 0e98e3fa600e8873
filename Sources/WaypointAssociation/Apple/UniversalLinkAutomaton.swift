import Waypoint

/// A ``UniversalLinkPattern`` with substitution variables, matched by sets of positions
/// (Documentation/aasa.md §3.3): for each of the pattern's elements in turn, the set of
/// places in the text where a match of the pattern so far can end, 64 places to a machine
/// word. A character shifts the set by one place and keeps the places after that
/// character, `?` shifts it, `*` fills it from its first place on, and a variable is the
/// union of the sets its values give. Patterns without variables are matched by
/// ``UniversalLinkGlob``.
///
/// Simulating the pattern's automaton state by state cost one step per live state per
/// character: a variable with thousands of values that each start with `*` keeps all of
/// them live, and one 8 KB URL took minutes (Documentation/decisions.md, "Association
/// files at any size"). A set of places costs the same whatever is live.
///
/// - Complexity: O(*m* × ⌈*n* / 64⌉) for *m* pattern states and *n* characters, and only
///   the words between the set's first and last place are read; O(*n*) memory, plus a
///   mask of ⌈*n* / 64⌉ words for each distinct character the pattern reaches in the text.
package struct UniversalLinkAutomaton: Sendable, Hashable {
    /// The pattern's elements, characters case-folded when the program ignores case.
    package let elements: [UniversalLinkPattern.Element]
    /// The characters every match starts with (the pattern's leading literal, case-folded
    /// when the program ignores case), compared before the sets are built: most rules of a
    /// large file fail there.
    package let prefix: [Unicode.Scalar]

    /// Compiles `pattern`; with `ignoringCase`, characters compare by
    /// ``UniversalLinkProgram/folded(_:)``.
    package init(_ pattern: UniversalLinkPattern, ignoringCase: Bool) {
        elements = ignoringCase ? Self.folded(pattern.elements) : pattern.elements
        prefix = elements.prefix { if case .scalar = $0 { true } else { false } }.compactMap { element in
            if case .scalar(let scalar) = element { scalar } else { nil }
        }
    }

    private static func folded(_ elements: [UniversalLinkPattern.Element]) -> [UniversalLinkPattern.Element] {
        elements.map { element in
            switch element {
            case .scalar(let scalar): .scalar(UniversalLinkProgram.folded(scalar))
            case .variable(let name, let values): .variable(name: name, values: values.map(folded))
            case .anyScalar, .anyRun: element
            }
        }
    }

    /// Whether the pattern matches all of `text` (case-folded already when it ignores
    /// case), counting a step per character of the prefix, per element, and per word of a
    /// set that an element reads into `steps`.
    package func matches(_ text: [Unicode.Scalar], steps: inout Int) -> Bool {
        guard text.count >= prefix.count else { return false }
        for (index, expected) in prefix.enumerated() {
            steps += 1
            guard text[index] == expected else { return false }
        }
        var places = UniversalLinkPlaces(text: text)
        var set = UniversalLinkPlaces.PlaceSet(count: text.count + 1)
        set.insert(prefix.count)
        guard places.apply(elements[prefix.count...], to: &set, steps: &steps) else { return false }
        return set.contains(text.count)
    }
}

/// The text that ``UniversalLinkAutomaton`` matches, with a mask per character: the places
/// that character ends at.
struct UniversalLinkPlaces {
    /// A set of places 0...*n* in a text of *n* characters, as bits, with the range of words
    /// that may hold any: every word outside `low..<high` is zero.
    struct PlaceSet {
        private(set) var words: [UInt64]
        private(set) var low = 0
        private(set) var high = 0
        /// The places there are: 0..<count.
        let count: Int

        init(count: Int) {
            self.count = count
            words = Array(repeating: 0, count: (count + 63) / 64)
        }

        var isEmpty: Bool { low == high }

        func contains(_ place: Int) -> Bool {
            words[place / 64] & (1 << UInt64(place % 64)) != 0
        }

        mutating func insert(_ place: Int) {
            let word = place / 64
            words[word] |= 1 << UInt64(place % 64)
            if isEmpty {
                (low, high) = (word, word + 1)
            } else {
                (low, high) = (min(low, word), max(high, word + 1))
            }
        }

        /// Makes the set empty, clearing only the words that may hold places.
        mutating func removeAll() {
            for index in low..<high { words[index] = 0 }
            (low, high) = (0, 0)
        }

        /// Makes the set equal to `other`.
        mutating func assign(_ other: PlaceSet, steps: inout Int) {
            removeAll()
            steps += other.high - other.low
            for index in other.low..<other.high { words[index] = other.words[index] }
            (low, high) = (other.low, other.high)
        }

        mutating func formUnion(_ other: PlaceSet, steps: inout Int) {
            guard !other.isEmpty else { return }
            guard !isEmpty else { return assign(other, steps: &steps) }
            steps += other.high - other.low
            for index in other.low..<other.high { words[index] |= other.words[index] }
            (low, high) = (min(low, other.low), max(high, other.high))
        }

        /// Moves every place one on, keeping those that `mask` (one word per word of the
        /// set) has, or all of them without a mask; a place past the end is dropped.
        mutating func shift(keeping mask: [UInt64]?, steps: inout Int) {
            guard !isEmpty else { return }
            let top = min(high, words.count - 1)
            steps += top - low + 1
            var index = top
            while index >= low {
                let carry = index > low ? words[index - 1] >> 63 : 0
                words[index] = words[index] << 1 | carry
                if let mask { words[index] &= mask[index] }
                index -= 1
            }
            high = top + 1
            clearPastEnd()
            trim()
        }

        /// Adds every place after the first: a `*`.
        mutating func fillFromFirst(steps: inout Int) {
            guard !isEmpty else { return }
            steps += words.count - low
            words[low] |= ~0 << UInt64(words[low].trailingZeroBitCount)
            for index in (low + 1)..<words.count { words[index] = ~0 }
            high = words.count
            clearPastEnd()
        }

        private mutating func clearPastEnd() {
            let used = count % 64
            if used != 0, high == words.count { words[words.count - 1] &= (1 << UInt64(used)) - 1 }
        }

        /// Narrows `low..<high` to the words that hold places.
        private mutating func trim() {
            while low < high, words[low] == 0 { low += 1 }
            while high > low, words[high - 1] == 0 { high -= 1 }
            if low == high { (low, high) = (0, 0) }
        }
    }

    private let text: [Unicode.Scalar]
    /// Where each character of the text is, made once per text.
    private let positions: [Unicode.Scalar: [Int]]
    /// The masks made so far: bit *p* is set when character *p* − 1 is the key.
    private var masks: [Unicode.Scalar: [UInt64]] = [:]

    init(text: [Unicode.Scalar]) {
        self.text = text
        var positions: [Unicode.Scalar: [Int]] = [:]
        for (index, scalar) in text.enumerated() { positions[scalar, default: []].append(index) }
        self.positions = positions
    }

    /// Applies `elements` to `set`; false as soon as the set is empty.
    mutating func apply(
        _ elements: ArraySlice<UniversalLinkPattern.Element>, to set: inout PlaceSet, steps: inout Int
    ) -> Bool {
        for element in elements {
            steps += 1
            switch element {
            case .scalar(let scalar):
                guard let mask = mask(scalar) else {
                    set.removeAll()
                    return false
                }
                set.shift(keeping: mask, steps: &steps)
            case .anyScalar: set.shift(keeping: nil, steps: &steps)
            case .anyRun: set.fillFromFirst(steps: &steps)
            case .variable(_, let values):
                var union = PlaceSet(count: set.count)
                var value = PlaceSet(count: set.count)
                for elements in values {
                    value.assign(set, steps: &steps)
                    if apply(elements[...], to: &value, steps: &steps) {
                        union.formUnion(value, steps: &steps)
                    }
                }
                set.assign(union, steps: &steps)
            }
            if set.isEmpty { return false }
        }
        return true
    }

    /// The mask of `scalar`, or nil when the text does not hold it.
    private mutating func mask(_ scalar: Unicode.Scalar) -> [UInt64]? {
        if let mask = masks[scalar] { return mask }
        guard let found = positions[scalar] else { return nil }
        var mask = [UInt64](repeating: 0, count: (text.count + 1 + 63) / 64)
        for position in found { mask[(position + 1) / 64] |= 1 << UInt64((position + 1) % 64) }
        masks[scalar] = mask
        return mask
    }
}
