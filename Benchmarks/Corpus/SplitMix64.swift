/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64), so every corpus
/// and every lookup order is the same on every machine and every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// Whether an event of probability `percent`/100 happens.
    mutating func chance(_ percent: Int) -> Bool {
        Int(next() % 100) < percent
    }

    /// A uniformly chosen element of a non-empty collection.
    mutating func pick<C: RandomAccessCollection>(_ items: C) -> C.Element where C.Index == Int {
        items[items.startIndex + Int(next() % UInt64(items.count))]
    }

    /// A value in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
