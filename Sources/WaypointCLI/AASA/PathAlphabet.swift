import Waypoint
import WaypointAssociation

/// The characters `waypoint aasa` compares route and rule automata over: the Unicode scalars
/// cut into *symbols*, classes of characters that every automaton treats alike.
///
/// The classes are the cells of the partition that every set the automata name draws: each
/// character a route literal or a rule pattern names, with its other-case forms, gets a
/// class of its own; `/` too; and every set a route regex reads (`[0-9]`, `\w`, `.`), the
/// characters a URL writes as themselves, and the others, cut the rest. Two paths that
/// differ only in characters of the same class are treated alike by every automaton, so
/// exploring one character per class explores every path. Each class is written with one
/// representative character, chosen to read well in a witness URL.
struct PathAlphabet: Sendable {
    /// Each symbol's representative character (decoded).
    let scalars: [Unicode.Scalar]
    /// Each symbol's characters.
    private let members: [ScalarSet]
    /// The start of every elementary interval of the partition, sorted; interval `i` runs
    /// to the start of `i + 1` (the last to U+10FFFF).
    private let starts: [UInt32]
    /// The symbol of each interval, or -1 for an interval of surrogates only.
    private let intervalSymbol: [Int]
    /// The symbol of `/`.
    let slash: Int

    /// The alphabet of the `named` characters and of the character `sets` automata read.
    init(naming named: Set<Unicode.Scalar>, sets: Set<ScalarSet> = []) {
        var generators = sets
        var singles = named
        for scalar in named {
            singles.insert(UniversalLinkProgram.folded(scalar))
            for variant in Self.caseVariants(scalar) { singles.insert(variant) }
        }
        singles.insert("/")
        for scalar in singles { generators.insert(ScalarSet(scalar)) }
        generators.insert(Self.plain)
        let list = Array(generators)
        // The elementary intervals.
        var boundaries: Set<UInt32> = [0]
        for set in list {
            for range in set.ranges {
                boundaries.insert(range.lowerBound)
                if range.upperBound < ScalarSet.maximum { boundaries.insert(range.upperBound + 1) }
            }
        }
        let starts = boundaries.sorted()
        func interval(of value: UInt32) -> Int {
            var low = 0
            var high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= value { low = middle } else { high = middle - 1 }
            }
            return low
        }
        // Which sets hold each interval; intervals held by the same sets form a class.
        var signatures = Array(repeating: [Int](), count: starts.count)
        for (id, set) in list.enumerated() {
            for range in set.ranges {
                for index in interval(of: range.lowerBound)...interval(of: range.upperBound) {
                    signatures[index].append(id)
                }
            }
        }
        var classOf: [[Int]: Int] = [:]
        var ranges: [[ClosedRange<UInt32>]] = []
        var intervalClass: [Int] = []
        for (index, signature) in signatures.enumerated() {
            let upper = index + 1 < starts.count ? starts[index + 1] - 1 : ScalarSet.maximum
            let id: Int
            if let known = classOf[signature] {
                id = known
            } else {
                id = ranges.count
                classOf[signature] = id
                ranges.append([])
            }
            ranges[id].append(starts[index]...upper)
            intervalClass.append(id)
        }
        // One representative per class; a class of surrogates alone has none and no symbol.
        var scalars: [Unicode.Scalar] = []
        var members: [ScalarSet] = []
        var symbolOfClass = Array(repeating: -1, count: ranges.count)
        for (id, classRanges) in ranges.enumerated() {
            let set = ScalarSet(classRanges)
            guard let representative = Self.representative(of: set) else { continue }
            symbolOfClass[id] = scalars.count
            scalars.append(representative)
            members.append(set)
        }
        self.scalars = scalars
        self.members = members
        self.starts = starts
        intervalSymbol = intervalClass.map { symbolOfClass[$0] }
        slash = intervalSymbol[interval(of: 0x2F)]
    }

    /// The characters a canonical URL writes as themselves in a path segment
    /// (``CanonicalURL/isPlain(_:)``).
    static let plain = ScalarSet(
        (0...0x7F).compactMap(Unicode.Scalar.init).filter(CanonicalURL.isPlain).map { $0.value...$0.value })

    /// Characters that read well in a URL, tried first as representatives.
    private static let preferred = Array(
        "qzxjkvw0123456789-_~abcdefghijklmnoprstuyQZXJKVWABCDEFGHIJKLMNOPRSTUY!$&'()*+,;=:@ \u{B7}\u{A4}\u{2603}\u{E9}"
            .unicodeScalars)

    private static func representative(of set: ScalarSet) -> Unicode.Scalar? {
        if let scalar = preferred.first(where: set.contains) { return scalar }
        var fallback: Unicode.Scalar?
        for range in set.ranges {
            var value = range.lowerBound
            while value <= range.upperBound {
                if let scalar = Unicode.Scalar(value) {
                    if value >= 0x20 && value != 0x7F { return scalar }
                    fallback = fallback ?? scalar
                } else {
                    // Skip the surrogates at once.
                    value = max(value, 0xDFFF)
                }
                if value == range.upperBound { break }
                value += 1
            }
        }
        return fallback
    }

    /// The number of symbols.
    var count: Int { scalars.count }

    /// The symbol of `scalar`.
    func symbol(of scalar: Unicode.Scalar) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= scalar.value { low = middle } else { high = middle - 1 }
        }
        return intervalSymbol[low]
    }

    /// The symbols in the order exploration tries them, so that witnesses read well: classes
    /// of many plain characters first, then lower-case letters, digits, other characters
    /// written as themselves, upper-case letters, and encoded characters last.
    var explorationOrder: [Int] {
        func rank(_ symbol: Int) -> Int {
            let scalar = scalars[symbol]
            if isPlain(symbol) && members[symbol].count > 1 && scalar != "/" { return 0 }
            if ("a"..."z").contains(scalar) { return 1 }
            if ("0"..."9").contains(scalar) { return 2 }
            if ("A"..."Z").contains(scalar) { return 4 }
            return isPlain(symbol) ? 3 : 5
        }
        return (0..<count).sorted { (rank($0), $0) < (rank($1), $1) }
    }

    /// Whether symbol `symbol` is written as itself in a URL (one character), not
    /// percent-encoded.
    func isPlain(_ symbol: Int) -> Bool {
        scalars[symbol] == "/" || CanonicalURL.isPlain(scalars[symbol])
    }

    /// The symbols equal to `scalar`, or with `foldingCase` equal after case folding (as
    /// AASA rules fold); with `asciiFolding`, only ASCII letters fold, as router literals do.
    func symbols(matching scalar: Unicode.Scalar, foldingCase: Bool, asciiFolding: Bool = false) -> SymbolSet
    {
        var set = SymbolSet(count: count)
        if foldingCase && asciiFolding {
            if scalar.isASCII {
                let folded = UniversalLinkProgram.folded(scalar)
                for (symbol, candidate) in scalars.enumerated()
                where candidate.isASCII && UniversalLinkProgram.folded(candidate) == folded
                    && members[symbol].count == 1
                {
                    set.insert(symbol)
                }
            }
            set.insert(symbol(of: scalar))
        } else if foldingCase {
            let folded = UniversalLinkProgram.folded(scalar)
            for (symbol, candidate) in scalars.enumerated()
            where UniversalLinkProgram.folded(candidate) == folded && members[symbol].count == 1 {
                set.insert(symbol)
            }
            set.insert(symbol(of: scalar))
        } else {
            set.insert(symbol(of: scalar))
        }
        return set
    }

    /// The symbols whose characters are in `scalars`, one of the sets the alphabet was made
    /// with (or a union of its classes).
    func symbols(in characters: ScalarSet) -> SymbolSet {
        var set = SymbolSet(count: count)
        for range in characters.ranges {
            var low = 0
            var high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= range.lowerBound { low = middle } else { high = middle - 1 }
            }
            var index = low
            while index < starts.count, starts[index] <= range.upperBound {
                if intervalSymbol[index] >= 0 { set.insert(intervalSymbol[index]) }
                index += 1
            }
        }
        return set
    }

    /// Every symbol; without `slash`, every symbol but `/`; with `plainOnly`, only those
    /// written as themselves.
    func all(slash includesSlash: Bool = true, plainOnly: Bool = false) -> SymbolSet {
        var set = SymbolSet(count: count)
        for symbol in 0..<count where (includesSlash || symbol != slash) && (!plainOnly || isPlain(symbol)) {
            set.insert(symbol)
        }
        return set
    }

    /// The decoded text of a word of symbols.
    func text(_ word: [Int]) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: word.map { scalars[$0] })
        return text
    }

    /// `scalar`'s upper- and lower-case forms that are single scalars.
    static func caseVariants(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        [
            scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping,
            scalar.properties.titlecaseMapping,
        ]
        .compactMap { mapping in mapping.unicodeScalars.count == 1 ? mapping.unicodeScalars.first : nil }
    }
}
