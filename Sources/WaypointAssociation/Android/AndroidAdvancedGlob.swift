/// Android's advanced glob (`android:pathAdvancedPattern`, `PatternMatcher.PATTERN_ADVANCED_GLOB`,
/// API level 31), parsed once into tokens and run as Android runs it (decisions.md,
/// "Android's globs as the platform runs them").
///
/// Tokens are a character, `.` (any character) and sets `[…]` / `[^…]` of characters and
/// ranges `a-z`; `\` makes the next character literal, inside a set too. A token may be
/// followed by `*`, `+`, `{n}`, `{n,}` or `{n,m}`. Matching takes the tokens in order and
/// lets each take as many characters as it can, up to its maximum, without giving any
/// back: `[a-z]*[a-z]` matches nothing. A `}` outside a range is dropped, as Android
/// drops it.
enum AndroidAdvancedGlob {
    /// One token and how often it repeats.
    struct Token: Sendable, Hashable {
        enum Kind: Sendable, Hashable {
            case character(UInt16)
            case any
            /// Inclusive ranges; `inverted` for `[^…]`.
            case set([ClosedRange<UInt16>], inverted: Bool)
        }
        let kind: Kind
        var minimum = 1
        var maximum = 1

        func accepts(_ unit: UInt16) -> Bool {
            switch kind {
            case .character(let character): return unit == character
            case .any: return true
            case .set(let ranges, let inverted): return ranges.contains { $0.contains(unit) } != inverted
            }
        }
    }

    private static func ascii(_ character: Unicode.Scalar) -> UInt16 { UInt16(character.value) }

    /// The tokens of `units`.
    static func parse(_ units: [UInt16], text: String) throws(AndroidPatternError) -> [Token] {
        var tokens: [Token] = []
        // Whether the last thing read was a repetition, which another cannot follow.
        var lastWasModifier = false
        var index = 0
        func fail(_ kind: AndroidPatternError.Kind) -> AndroidPatternError {
            AndroidPatternError(kind, pattern: text)
        }
        while index < units.count {
            let unit = units[index]
            switch unit {
            case ascii("["):
                guard index + 1 < units.count else { throw fail(.unterminatedSet) }
                let inverted = units[index + 1] == ascii("^")
                let start = index
                index += inverted ? 2 : 1
                var ranges: [ClosedRange<UInt16>] = []
                var closed = false
                while index < units.count {
                    var low = units[index]
                    if low == ascii("]") {
                        closed = true
                        index += 1
                        break
                    }
                    if low == ascii("\\") {
                        guard index + 1 < units.count else { throw fail(.trailingEscape) }
                        index += 1
                        low = units[index]
                    }
                    // A range when a "-" follows and the character after it is not "]".
                    if index + 2 < units.count, units[index + 1] == ascii("-"), units[index + 2] != ascii("]")
                    {
                        index += 2
                        var high = units[index]
                        if high == ascii("\\") {
                            guard index + 1 < units.count else { throw fail(.trailingEscape) }
                            index += 1
                            high = units[index]
                        }
                        // A reversed range matches nothing, as on Android.
                        if low <= high { ranges.append(low...high) }
                    } else {
                        ranges.append(low...low)
                    }
                    index += 1
                }
                guard closed else { throw fail(.unterminatedSet) }
                if index - start == (inverted ? 3 : 2) { throw fail(.emptySet(position: start)) }
                tokens.append(Token(kind: .set(ranges, inverted: inverted)))
                lastWasModifier = false
                continue
            case ascii("{"):
                guard !tokens.isEmpty, !lastWasModifier else {
                    throw fail(.misplacedModifier(position: index))
                }
                guard let close = units[(index + 1)...].firstIndex(of: ascii("}")) else {
                    throw fail(.unterminatedRange(position: index))
                }
                let body = String(decoding: units[(index + 1)..<close], as: UTF16.self)
                let parts = body.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
                func number(_ text: Substring) -> Int? {
                    guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
                    return Int(text)
                }
                let minimum = number(parts[0])
                let maximum = parts.count == 1 ? minimum : (parts[1].isEmpty ? Int.max : number(parts[1]))
                guard let minimum, let maximum, minimum <= maximum else {
                    throw fail(.invalidRange(body, position: index))
                }
                tokens[tokens.count - 1].minimum = minimum
                tokens[tokens.count - 1].maximum = maximum
                lastWasModifier = true
                index = close + 1
                continue
            case ascii("*"), ascii("+"):
                guard !tokens.isEmpty, !lastWasModifier else {
                    throw fail(.misplacedModifier(position: index))
                }
                tokens[tokens.count - 1].minimum = unit == ascii("*") ? 0 : 1
                tokens[tokens.count - 1].maximum = Int.max
                lastWasModifier = true
            case ascii("}"):
                break  // Dropped outside a range, as Android drops it.
            case ascii("."):
                tokens.append(Token(kind: .any))
                lastWasModifier = false
            case ascii("\\"):
                guard index + 1 < units.count else { throw fail(.trailingEscape) }
                index += 1
                tokens.append(Token(kind: .character(units[index])))
                lastWasModifier = false
            default:
                tokens.append(Token(kind: .character(unit)))
                lastWasModifier = false
            }
            index += 1
        }
        return tokens
    }

    /// Whether `tokens` match the whole of `path`, each token greedy, nothing given back.
    static func matches(_ tokens: [Token], _ path: [UInt16]) -> Bool {
        var consumed = 0
        for token in tokens {
            var count = 0
            while count < token.maximum, consumed + count < path.count, token.accepts(path[consumed + count])
            {
                count += 1
            }
            if count < token.minimum { return false }
            consumed += count
        }
        return consumed == path.count
    }
}
