/// A route regex as a nondeterministic automaton over characters, so that `waypoint aasa`
/// can compare regex routes with AASA rules path by path instead of guessing from examples
/// (Documentation/aasa.md §7.3).
///
/// The pattern is the one the router compiles for a tail or a segment check
/// (``CompiledRoute/tailRegex``): PCRE2 syntax, matched against the whole subject, `.`
/// taking every character, caseless when paths are case-insensitive. The automaton accepts
/// exactly the subjects the router's regex matches, for the syntax it reads: literals and
/// escapes, classes (ranges, negation, `\d` `\w` `\s` `\h` `\v` and their negations, POSIX
/// names), `.`, groups (capturing, named, `(?:…)`, `(?|…)`), alternation, every greedy or
/// lazy quantifier, `\Q…\E`, comments and the `i`, `s`, `m`, `n`, `J`, `U` options. `\d`,
/// `\w`, `\s` and POSIX classes are ASCII, as the router compiles them on both engines
/// (Documentation/regex-engines.md). Anything else (anchors, lookaround, atomic groups,
/// possessive quantifiers, backreferences, `\b`, `\p{…}`, verbs, extended mode) is
/// ``Unsupported``: its route is then compared on examples, and said to be.
struct RegexAutomaton: Sendable {
    /// Why a pattern has no automaton.
    enum Unsupported: Error, Sendable, Hashable {
        /// A construct the reader does not model exactly, named as written.
        case construct(String)
        /// The automaton would have more than ``maximumStates`` states.
        case tooLarge
    }

    /// A consuming edge: any character of the set leads to `to`.
    struct Edge: Sendable {
        let set: ScalarSet
        let to: Int
    }

    /// The most states one regex's automaton may have (a `{1000}` repetition of a short
    /// group is far inside it).
    static let maximumStates = 20_000

    /// The consuming edges of each state.
    private(set) var edges: [[Edge]] = []
    /// The empty moves of each state.
    private(set) var moves: [[Int]] = []
    /// The start state.
    private(set) var start = 0
    /// The accepting state.
    private(set) var accept = 0

    var stateCount: Int { edges.count }

    /// The automaton of `pattern`, caseless from the start when `caseless`.
    init(_ pattern: String, caseless: Bool) throws(Unsupported) {
        var parser = RegexSyntaxReader(Array(pattern.unicodeScalars), caseless: caseless)
        let node = try parser.parse()
        guard node.size <= Self.maximumStates else { throw .tooLarge }
        start = newState()
        accept = build(node, from: start)
    }

    private mutating func newState() -> Int {
        edges.append([])
        moves.append([])
        return edges.count - 1
    }

    /// Adds `node` from `state`; returns the state where it ends.
    private mutating func build(_ node: RegexNode, from state: Int) -> Int {
        switch node {
        case .empty:
            return state
        case .set(let set):
            let next = newState()
            if !set.isEmpty { edges[state].append(Edge(set: set, to: next)) }
            return next
        case .sequence(let nodes):
            var current = state
            for node in nodes { current = build(node, from: current) }
            return current
        case .alternation(let alternatives):
            let end = newState()
            for alternative in alternatives {
                let entry = newState()
                moves[state].append(entry)
                moves[build(alternative, from: entry)].append(end)
            }
            return end
        case .repetition(let inner, let minimum, let maximum):
            var current = state
            for _ in 0..<minimum { current = build(inner, from: current) }
            guard let maximum else {
                let loop = newState()
                moves[current].append(loop)
                moves[build(inner, from: loop)].append(loop)
                return loop
            }
            let end = newState()
            for _ in minimum..<max(minimum, maximum) {
                moves[current].append(end)
                current = build(inner, from: current)
            }
            moves[current].append(end)
            return end
        }
    }

    // MARK: Running

    /// `states` and every state their empty moves reach, sorted.
    func closure(_ states: [Int]) -> [Int] {
        var seen = Set<Int>()
        var stack = states
        while let state = stack.popLast() {
            guard seen.insert(state).inserted else { continue }
            stack += moves[state]
        }
        return seen.sorted()
    }

    /// The states after reading `text` from `states` (closed under empty moves).
    func run(_ text: some Sequence<Unicode.Scalar>, from states: [Int]) -> [Int] {
        var current = closure(states)
        for scalar in text {
            var next: [Int] = []
            for state in current {
                for edge in edges[state] where edge.set.contains(scalar) { next.append(edge.to) }
            }
            current = closure(next)
            if current.isEmpty { break }
        }
        return current
    }

    /// Whether the automaton accepts all of `text`.
    func accepts(_ text: some Sequence<Unicode.Scalar>) -> Bool {
        run(text, from: [start]).contains(accept)
    }

    /// Every set an edge consumes, for the alphabet.
    var sets: [ScalarSet] {
        edges.flatMap { $0.map(\.set) }
    }

    /// A few strings the automaton accepts, for example URLs: the shortest, then the
    /// shortest longer one, each character the first of its set that `preferred` holds
    /// (else the set's first printable one). Empty when it accepts nothing.
    func samples(preferring preferred: [Unicode.Scalar]) -> [String] {
        func pick(_ set: ScalarSet) -> Unicode.Scalar? {
            if let scalar = preferred.first(where: set.contains) { return scalar }
            for range in set.ranges {
                let upper = min(range.upperBound, range.lowerBound + 256)
                for value in range.lowerBound...upper where value >= 0x20 {
                    if let scalar = Unicode.Scalar(value) { return scalar }
                }
            }
            return set.ranges.first.flatMap { Unicode.Scalar($0.lowerBound) }
        }
        // Breadth first over (state, length so far, capped one past the shortest): the first
        // word to reach each pair.
        var result: [String] = []
        var cap = Int.max
        var words: [[Int]: [Unicode.Scalar]] = [:]
        var queue: [[Int]] = []
        for state in closure([start]) {
            words[[state, 0]] = []
            queue.append([state, 0])
        }
        var head = 0
        while head < queue.count, result.count < 2 {
            let key = queue[head]
            head += 1
            let word = words[key] ?? []
            if key[0] == accept, result.count == 0 || key[1] > cap - 1 {
                result.append(String(String.UnicodeScalarView(word)))
                if cap == .max { cap = word.count + 1 }
            }
            for edge in edges[key[0]] {
                guard let scalar = pick(edge.set) else { continue }
                let length = min(key[1] + 1, cap == .max ? key[1] + 1 : cap)
                for next in closure([edge.to]) where words[[next, length]] == nil {
                    words[[next, length]] = word + [scalar]
                    queue.append([next, length])
                }
            }
            if queue.count > 100_000 { break }
        }
        return result
    }
}

/// A parsed regex: what its subjects are made of, nothing else.
indirect enum RegexNode: Sendable {
    case empty
    /// One character of the set.
    case set(ScalarSet)
    case sequence([RegexNode])
    case alternation([RegexNode])
    /// `minimum` to `maximum` (nil: unbounded) times.
    case repetition(RegexNode, minimum: Int, maximum: Int?)

    /// The states ``RegexAutomaton`` builds for the node, a bound checked before building.
    var size: Int {
        switch self {
        case .empty: return 0
        case .set: return 1
        case .sequence(let nodes): return nodes.reduce(0) { $0 &+ $1.size }
        case .alternation(let nodes): return nodes.reduce(1) { $0 &+ $1.size &+ 1 }
        case .repetition(let node, let minimum, let maximum):
            let copies = max(minimum, maximum ?? (minimum + 1))
            return min(Int(Int32.max), node.size.multipliedReportingOverflow(by: copies + 1).partialValue)
                &+ 2
        }
    }
}

/// Reads the PCRE2 syntax ``RegexAutomaton`` models into a ``RegexNode``.
struct RegexSyntaxReader {
    private let text: [Unicode.Scalar]
    private var index = 0
    /// Whether letters match in either case here.
    private var caseless: Bool
    /// Whether `.` takes a line feed here (PCRE2's `s`; the router compiles with it).
    private var dotAll = true
    private var depth = 0

    init(_ text: [Unicode.Scalar], caseless: Bool) {
        self.text = text
        self.caseless = caseless
    }

    mutating func parse() throws(RegexAutomaton.Unsupported) -> RegexNode {
        let node = try alternation()
        guard index == text.count else { throw .construct(")") }
        return node
    }

    private mutating func alternation() throws(RegexAutomaton.Unsupported) -> RegexNode {
        var alternatives = [try sequence()]
        while index < text.count, text[index] == "|" {
            index += 1
            alternatives.append(try sequence())
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    private mutating func sequence() throws(RegexAutomaton.Unsupported) -> RegexNode {
        var nodes: [RegexNode] = []
        // Options set by `(?i)` last to the end of the enclosing group, later alternatives
        // included: ``group()`` restores them.
        while index < text.count, text[index] != "|", text[index] != ")" {
            guard let atom = try atom() else { continue }
            nodes.append(try quantified(atom))
        }
        return nodes.count == 1 ? nodes[0] : .sequence(nodes)
    }

    /// The quantifier after `atom`, if any, applied to it.
    private mutating func quantified(_ atom: RegexNode) throws(RegexAutomaton.Unsupported) -> RegexNode {
        guard index < text.count else { return atom }
        var minimum = 0
        var maximum: Int?
        switch text[index] {
        case "?": maximum = 1
        case "*": break
        case "+": minimum = 1
        case "{":
            guard let (next, low, high) = repetition(at: index) else { return atom }
            index = next - 1
            minimum = low
            maximum = high
        default:
            return atom
        }
        index += 1
        if index < text.count, text[index] == "+" { throw .construct("possessive quantifier") }
        if index < text.count, text[index] == "?" { index += 1 }
        if index < text.count, "?*+".unicodeScalars.contains(text[index]) { throw .construct("quantifier") }
        return .repetition(atom, minimum: minimum, maximum: maximum)
    }

    /// `{n}`, `{n,}`, `{n,m}` or `{,m}` at `start`: the index after it and its bounds; nil
    /// when the brace is a literal.
    private func repetition(at start: Int) -> (Int, Int, Int?)? {
        var cursor = start + 1
        func number() -> Int? {
            var value: Int?
            while cursor < text.count, ("0"..."9").contains(text[cursor]) {
                value = min((value ?? 0) * 10 + Int(text[cursor].value - 48), 1_000_000)
                cursor += 1
            }
            return value
        }
        let low = number()
        var high: Int?
        var comma = false
        if cursor < text.count, text[cursor] == "," {
            comma = true
            cursor += 1
            high = number()
        } else {
            high = low
        }
        guard cursor < text.count, text[cursor] == "}", low != nil || (comma && high != nil) else {
            return nil
        }
        if let high, high < (low ?? 0) { return nil }
        return (cursor + 1, low ?? 0, high)
    }

    /// The atom at `index`, or nil for something that matches nothing and takes no
    /// quantifier (a comment, an option setting, `\E`).
    private mutating func atom() throws(RegexAutomaton.Unsupported) -> RegexNode? {
        let scalar = text[index]
        index += 1
        switch scalar {
        case "(":
            return try group()
        case "[":
            return .set(try characterClass())
        case ".":
            return .set(dotAll ? .all : ScalarSet.all.subtracting(ScalarSet("\n")))
        case "\\":
            return try escape()
        case "^", "$":
            throw .construct(String(scalar))
        case "*", "+", "?":
            throw .construct("quantifier")
        default:
            return literal(scalar)
        }
    }

    /// A group after its `(`.
    private mutating func group() throws(RegexAutomaton.Unsupported) -> RegexNode? {
        depth += 1
        defer { depth -= 1 }
        guard depth < 250 else { throw .construct("nesting") }
        let (savedCaseless, savedDotAll) = (caseless, dotAll)
        if index < text.count, text[index] == "*" { throw .construct("(*") }
        if index < text.count, text[index] == "?" {
            index += 1
            guard index < text.count else { throw .construct("(?") }
            let next = text[index]
            switch next {
            case ":", "|":
                index += 1
            case "#":
                while index < text.count, text[index] != ")" { index += 1 }
                index += 1
                return nil
            case "<" where index + 1 < text.count && text[index + 1] != "=" && text[index + 1] != "!",
                "P", "'":
                let close: Unicode.Scalar = next == "'" ? "'" : ">"
                if next == "P" {
                    index += 1
                    guard index < text.count, text[index] == "<" else { throw .construct("(?P") }
                }
                index += 1
                while index < text.count, text[index] != close { index += 1 }
                index += 1
            default:
                // Options: letters, then `)` (for the rest of the group) or `:`.
                var on = true
                var caselessHere = caseless
                var dotAllHere = dotAll
                while index < text.count, text[index] != ")", text[index] != ":" {
                    switch text[index] {
                    case "-": on = false
                    case "i": caselessHere = on
                    case "s": dotAllHere = on
                    case "m", "n", "J", "U": break
                    default: throw .construct("(?" + String(text[index]))
                    }
                    index += 1
                }
                guard index < text.count else { throw .construct("(?") }
                if text[index] == ")" {
                    index += 1
                    caseless = caselessHere
                    dotAll = dotAllHere
                    return nil
                }
                index += 1
                caseless = caselessHere
                dotAll = dotAllHere
            }
        }
        let inner = try alternation()
        (caseless, dotAll) = (savedCaseless, savedDotAll)
        guard index < text.count, text[index] == ")" else { throw .construct("(") }
        index += 1
        return inner
    }

    /// An escape after its `\`, outside a class.
    private mutating func escape() throws(RegexAutomaton.Unsupported) -> RegexNode? {
        guard index < text.count else { throw .construct("\\") }
        let letter = text[index]
        index += 1
        if letter == "Q" {
            var nodes: [RegexNode] = []
            while index < text.count,
                !(text[index] == "\\" && index + 1 < text.count && text[index + 1] == "E")
            {
                nodes.append(literal(text[index]))
                index += 1
            }
            if index < text.count { index += 2 }
            // A quantifier after `\Q…\E` applies to its last character only.
            guard let last = nodes.popLast() else { return nil }
            return .sequence(nodes + [try quantified(last)])
        }
        if letter == "E" { return nil }
        if let set = try Self.classEscape(letter) { return .set(set) }
        if let scalar = try singleEscape(letter) { return literal(scalar) }
        throw .construct("\\" + String(letter))
    }

    /// The set of `\d`, `\D`, `\w`, … (ASCII, as the router compiles them), or nil.
    private static func classEscape(_ letter: Unicode.Scalar) throws(RegexAutomaton.Unsupported) -> ScalarSet?
    {
        switch letter {
        case "d": return digits
        case "D": return digits.complement
        case "w": return word
        case "W": return word.complement
        case "s": return space
        case "S": return space.complement
        case "h": return horizontal
        case "H": return horizontal.complement
        case "v": return vertical
        case "V": return vertical.complement
        case "N": return ScalarSet.all.subtracting(ScalarSet("\n"))
        default: return nil
        }
    }

    /// The character of a one-character escape (`\n`, `\x41`, `\.`), or nil.
    private mutating func singleEscape(
        _ letter: Unicode.Scalar
    ) throws(RegexAutomaton.Unsupported) -> Unicode.Scalar? {
        switch letter {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "f": return "\u{0C}"
        case "e": return "\u{1B}"
        case "a": return "\u{07}"
        case "x":
            var hex = ""
            if index < text.count, text[index] == "{" {
                index += 1
                while index < text.count, text[index] != "}" {
                    hex.unicodeScalars.append(text[index])
                    index += 1
                }
                index += 1
            } else {
                while index < text.count, hex.count < 2, text[index].properties.isASCIIHexDigit {
                    hex.unicodeScalars.append(text[index])
                    index += 1
                }
            }
            guard let value = UInt32(hex.isEmpty ? "0" : hex, radix: 16), let scalar = Unicode.Scalar(value)
            else { throw .construct("\\x") }
            return scalar
        default:
            if letter.properties.isAlphabetic || ("0"..."9").contains(letter) || !letter.isASCII {
                return nil
            }
            return letter
        }
    }

    /// A class after its `[`.
    private mutating func characterClass() throws(RegexAutomaton.Unsupported) -> ScalarSet {
        var negated = false
        if index < text.count, text[index] == "^" {
            negated = true
            index += 1
        }
        var members = ScalarSet()
        var first = true
        while index < text.count, text[index] != "]" || first {
            first = false
            let scalar = text[index]
            index += 1
            var low: Unicode.Scalar
            if scalar == "[", index < text.count, text[index] == ":" {
                guard let close = posixEnd(from: index + 1) else { throw .construct("[:") }
                let name = String(String.UnicodeScalarView(text[(index + 1)..<(close - 2)]))
                guard let set = Self.posix[name] else { throw .construct("[:" + name + ":]") }
                members = members.union(set)
                index = close
                continue
            } else if scalar == "\\" {
                guard index < text.count else { throw .construct("\\") }
                let letter = text[index]
                index += 1
                if letter == "E" || letter == "Q" { throw .construct("\\" + String(letter) + " in a class") }
                if let set = try Self.classEscape(letter), letter != "N" {
                    members = members.union(set)
                    continue
                }
                if letter == "b" {
                    low = "\u{08}"
                } else if let single = try singleEscape(letter) {
                    low = single
                } else {
                    throw .construct("\\" + String(letter))
                }
            } else {
                low = scalar
            }
            // A range `low-high`, unless the `-` ends the class.
            if index + 1 < text.count, text[index] == "-", text[index + 1] != "]" {
                index += 1
                var high = text[index]
                index += 1
                if high == "\\" {
                    guard index < text.count else { throw .construct("\\") }
                    let letter = text[index]
                    index += 1
                    guard let single = try singleEscape(letter) else { throw .construct("class range") }
                    high = single
                } else if high == "[" {
                    throw .construct("class range")
                }
                guard low.value <= high.value else { throw .construct("class range") }
                members = members.union(ScalarSet([low.value...high.value]))
            } else {
                members = members.union(ScalarSet(low))
            }
        }
        guard index < text.count else { throw .construct("[") }
        index += 1
        if caseless { members = Self.caseClosure(members) }
        return negated ? members.complement : members
    }

    private func posixEnd(from start: Int) -> Int? {
        var cursor = start
        while cursor + 1 < text.count {
            if text[cursor] == ":" && text[cursor + 1] == "]" { return cursor + 2 }
            if text[cursor] == "]" { return nil }
            cursor += 1
        }
        return nil
    }

    /// A literal character, in every case where caseless.
    private func literal(_ scalar: Unicode.Scalar) -> RegexNode {
        .set(caseless ? Self.caseClosure(ScalarSet(scalar)) : ScalarSet(scalar))
    }

    // MARK: Sets

    static let digits = ScalarSet([0x30...0x39])
    static let word = ScalarSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    static let space = ScalarSet([0x09...0x0D, 0x20...0x20])
    static let horizontal = ScalarSet([
        0x09...0x09, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x180E...0x180E, 0x2000...0x200A,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
    ])
    static let vertical = ScalarSet([0x0A...0x0D, 0x85...0x85, 0x2028...0x2029])
    static let posix: [String: ScalarSet] = [
        "alpha": ScalarSet([0x41...0x5A, 0x61...0x7A]), "digit": digits,
        "alnum": ScalarSet([0x30...0x39, 0x41...0x5A, 0x61...0x7A]),
        "upper": ScalarSet([0x41...0x5A]), "lower": ScalarSet([0x61...0x7A]),
        "space": space, "blank": ScalarSet([0x09...0x09, 0x20...0x20]),
        "xdigit": ScalarSet([0x30...0x39, 0x41...0x46, 0x61...0x66]), "word": word,
        "cntrl": ScalarSet([0x00...0x1F, 0x7F...0x7F]),
        "punct": ScalarSet([0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E]),
        "graph": ScalarSet([0x21...0x7E]), "print": ScalarSet([0x20...0x7E]),
        "ascii": ScalarSet([0x00...0x7F]),
    ]

    /// Characters that fold together although their simple mappings do not say so both
    /// ways: K and the Kelvin sign, S and the long s, Å and the Angstrom sign.
    private static let extraFolds: [[UInt32]] = [
        [0x4B, 0x6B, 0x212A], [0x53, 0x73, 0x17F], [0xC5, 0xE5, 0x212B],
    ]

    /// `set` with every character's other cases, as PCRE2 matches caselessly in UTF mode.
    static func caseClosure(_ set: ScalarSet) -> ScalarSet {
        var added: [ClosedRange<UInt32>] = []
        for range in set.ranges {
            // No character above U+1FFFF has another case.
            let upper = min(range.upperBound, 0x1FFFF)
            guard range.lowerBound <= upper else { continue }
            for value in range.lowerBound...upper {
                guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped else {
                    continue
                }
                for mapping in [
                    scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping,
                    scalar.properties.titlecaseMapping,
                ] where mapping.unicodeScalars.count == 1 {
                    if let other = mapping.unicodeScalars.first { added.append(other.value...other.value) }
                }
            }
        }
        for group in extraFolds where group.contains(where: { set.contains(Unicode.Scalar($0) ?? "\0") }) {
            added += group.map { $0...$0 }
        }
        return set.union(ScalarSet(added))
    }
}
