import Waypoint
import WaypointAssociation

extension PathAutomaton {
    /// One step of a rule's path pattern over decoded characters.
    private indirect enum Step {
        /// One character of the set.
        case one(SymbolSet)
        /// Any run of characters of the set.
        case run(SymbolSet)
        /// One of several sequences.
        case either([[Step]])
    }

    /// The paths a rule's path pattern matches, as decoded canonical paths (aasa.md C26).
    ///
    /// With `percentEncoded` the pattern is compared with the URL as written: a `%XX` run
    /// stands for the character it encodes when that character is written encoded in a
    /// canonical URL (and, case-sensitively, when its hex digits are upper case, as they are
    /// there); a character that a canonical URL always encodes, or never does, can never
    /// match where the pattern writes the other form; `?` is one character written as
    /// itself. Without it, the pattern is compared with the decoded path character for
    /// character.
    init(
        rule pattern: UniversalLinkPattern, caseSensitive: Bool, percentEncoded: Bool, alphabet: PathAlphabet
    ) {
        self.init()
        let steps = Self.steps(
            pattern.elements, caseSensitive: caseSensitive, percentEncoded: percentEncoded, alphabet: alphabet
        )
        let start = state()
        starts = [start]
        let end = build(steps, from: start)
        accept(end)
    }

    private mutating func build(_ steps: [Step], from start: Int) -> Int {
        var current = start
        for step in steps {
            switch step {
            case .one(let symbols):
                let next = state()
                edge(from: current, symbols, to: next)
                current = next
            case .run(let symbols):
                let loop = state()
                move(from: current, to: loop)
                edge(from: loop, symbols, to: loop)
                current = loop
            case .either(let alternatives):
                let end = state()
                for alternative in alternatives {
                    let entry = state()
                    move(from: current, to: entry)
                    move(from: build(alternative, from: entry), to: end)
                }
                current = end
            }
        }
        return current
    }

    private static func steps(
        _ elements: [UniversalLinkPattern.Element], caseSensitive: Bool, percentEncoded: Bool,
        alphabet: PathAlphabet
    ) -> [Step] {
        var steps: [Step] = []
        var literal: [Unicode.Scalar] = []
        func flush() {
            steps += literalSteps(
                literal, caseSensitive: caseSensitive, percentEncoded: percentEncoded, alphabet: alphabet)
            literal = []
        }
        for element in elements {
            switch element {
            case .scalar(let scalar):
                literal.append(scalar)
            case .anyScalar:
                flush()
                steps.append(.one(alphabet.all(plainOnly: percentEncoded)))
            case .anyRun:
                flush()
                steps.append(.run(alphabet.all()))
            case .variable(_, let values):
                flush()
                steps.append(
                    .either(
                        values.map {
                            Self.steps(
                                $0, caseSensitive: caseSensitive, percentEncoded: percentEncoded,
                                alphabet: alphabet)
                        }))
            }
        }
        flush()
        return steps
    }

    /// The steps of literal pattern text.
    private static func literalSteps(
        _ scalars: [Unicode.Scalar], caseSensitive: Bool, percentEncoded: Bool, alphabet: PathAlphabet
    ) -> [Step] {
        let never = SymbolSet(count: alphabet.count)
        guard percentEncoded else {
            return scalars.map { .one(alphabet.symbols(matching: $0, foldingCase: !caseSensitive)) }
        }
        var steps: [Step] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "%" {
                // A run of escapes: the bytes they encode, read as UTF-8.
                var bytes: [UInt8] = []
                var canonicalHex = true
                while index < scalars.count, scalars[index] == "%",
                    let byte = Self.hexByte(scalars, at: index + 1)
                {
                    bytes.append(byte)
                    canonicalHex =
                        canonicalHex
                        && !scalars[(index + 1)...(index + 2)].contains { ("a"..."f").contains($0) }
                    index += 3
                }
                guard !bytes.isEmpty else {
                    // A "%" that starts no escape: a canonical URL never has one.
                    steps.append(.one(never))
                    index += 1
                    continue
                }
                let text = String(decoding: bytes, as: UTF8.self)
                guard text.utf8.elementsEqual(bytes), canonicalHex || !caseSensitive else {
                    steps += repeatElement(.one(never), count: max(1, text.unicodeScalars.count))
                    continue
                }
                for decoded in text.unicodeScalars {
                    // Only characters a canonical URL encodes are written as escapes there.
                    if decoded == "/" || CanonicalURL.isPlain(decoded) {
                        steps.append(.one(never))
                    } else {
                        steps.append(.one(alphabet.symbols(matching: decoded, foldingCase: false)))
                    }
                }
                continue
            }
            if scalar == "/" || CanonicalURL.isPlain(scalar) {
                steps.append(.one(alphabet.symbols(matching: scalar, foldingCase: !caseSensitive)))
            } else {
                steps.append(.one(never))
            }
            index += 1
        }
        return steps
    }

    private static func hexByte(_ scalars: [Unicode.Scalar], at index: Int) -> UInt8? {
        guard index + 1 < scalars.count, scalars[index].isASCII, scalars[index + 1].isASCII,
            let high = PercentDecoding.hexValue(UInt8(scalars[index].value)),
            let low = PercentDecoding.hexValue(UInt8(scalars[index + 1].value))
        else { return nil }
        return high << 4 | low
    }
}
