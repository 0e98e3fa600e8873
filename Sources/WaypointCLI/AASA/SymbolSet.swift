/// A set of ``PathAlphabet`` symbols, as a bit mask: the first 64 symbols inline, so that the
/// sets of the usual alphabets allocate nothing, the others in words after them.
struct SymbolSet: Sendable, Hashable {
    private var first: UInt64 = 0
    private var rest: [UInt64]

    /// The empty set over an alphabet of `count` symbols.
    init(count: Int) {
        rest = count > 64 ? Array(repeating: 0, count: (count - 1) / 64) : []
    }

    /// Every symbol of an alphabet of `count` symbols.
    static func all(count: Int) -> SymbolSet {
        var set = SymbolSet(count: count)
        for symbol in 0..<count { set.insert(symbol) }
        return set
    }

    mutating func insert(_ symbol: Int) {
        if symbol < 64 {
            first |= 1 << UInt64(symbol)
        } else {
            rest[(symbol >> 6) - 1] |= 1 << UInt64(symbol & 63)
        }
    }

    mutating func remove(_ symbol: Int) {
        if symbol < 64 {
            first &= ~(1 << UInt64(symbol))
        } else {
            rest[(symbol >> 6) - 1] &= ~(1 << UInt64(symbol & 63))
        }
    }

    func contains(_ symbol: Int) -> Bool {
        symbol < 64
            ? first & (1 << UInt64(symbol)) != 0 : rest[(symbol >> 6) - 1] & (1 << UInt64(symbol & 63)) != 0
    }

    var isEmpty: Bool {
        first == 0 && rest.allSatisfy { $0 == 0 }
    }
}
