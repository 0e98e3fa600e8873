import Waypoint
import WaypointAssociation

/// The characters `waypoint aasa` compares route and rule automata over: every character a
/// route literal or a rule pattern names, their other-case forms, `/`, and two stand-ins
/// for all the characters nobody names — one written as itself in a URL, one
/// percent-encoded. Two paths that differ only in unnamed characters of the same kind are
/// treated alike by every automaton, so exploring this alphabet explores every path.
struct PathAlphabet: Sendable {
    /// Each symbol's character (decoded).
    let scalars: [Unicode.Scalar]
    /// The symbol of each named character.
    private let index: [Unicode.Scalar: Int]
    /// The symbol of `/`.
    let slash: Int

    /// The alphabet of `named` characters.
    init(naming named: Set<Unicode.Scalar>) {
        var characters = named
        for scalar in named {
            characters.insert(UniversalLinkProgram.folded(scalar))
            for variant in Self.caseVariants(scalar) { characters.insert(variant) }
        }
        characters.insert("/")
        var scalars = characters.sorted { $0.value < $1.value }
        // The stand-ins: characters no automaton names.
        let plain = "qzxjkvw0123456789-_~".unicodeScalars.first {
            !characters.contains($0) && !characters.contains(UniversalLinkProgram.folded($0))
        }
        let encoded = " \u{B7}\u{A4}\u{2603}".unicodeScalars.first { !characters.contains($0) }
        scalars += [plain ?? "\u{1F600}", encoded ?? "\u{1F601}"]
        self.scalars = scalars
        index = Dictionary(uniqueKeysWithValues: scalars.enumerated().map { ($1, $0) })
        slash = index["/"] ?? 0
    }

    /// The number of symbols.
    var count: Int { scalars.count }

    /// The symbols in the order exploration tries them, so that witnesses read well: the
    /// unnamed plain character first, then lower-case letters, digits, other characters
    /// written as themselves, upper-case letters, and encoded characters last.
    var explorationOrder: [Int] {
        let plainStandIn = count - 2
        func rank(_ symbol: Int) -> Int {
            let scalar = scalars[symbol]
            if symbol == plainStandIn { return 0 }
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
                where candidate.isASCII && UniversalLinkProgram.folded(candidate) == folded {
                    set.insert(symbol)
                }
            } else if let symbol = index[scalar] {
                set.insert(symbol)
            }
        } else if foldingCase {
            let folded = UniversalLinkProgram.folded(scalar)
            for (symbol, candidate) in scalars.enumerated()
            where UniversalLinkProgram.folded(candidate) == folded {
                set.insert(symbol)
            }
        } else if let symbol = index[scalar] {
            set.insert(symbol)
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
