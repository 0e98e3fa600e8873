/// A set of ``PathAlphabet`` symbols, as a bit mask.
struct SymbolSet: Sendable, Hashable {
    private var words: [UInt64]

    /// The empty set over an alphabet of `count` symbols.
    init(count: Int) {
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    /// Every symbol of an alphabet of `count` symbols.
    static func all(count: Int) -> SymbolSet {
        var set = SymbolSet(count: count)
        for symbol in 0..<count { set.insert(symbol) }
        return set
    }

    mutating func insert(_ symbol: Int) {
        words[symbol >> 6] |= 1 << UInt64(symbol & 63)
    }

    mutating func remove(_ symbol: Int) {
        words[symbol >> 6] &= ~(1 << UInt64(symbol & 63))
    }

    func contains(_ symbol: Int) -> Bool {
        words[symbol >> 6] & (1 << UInt64(symbol & 63)) != 0
    }

    var isEmpty: Bool {
        words.allSatisfy { $0 == 0 }
    }
}
