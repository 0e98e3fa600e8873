import Waypoint

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
        var parser = RegexSyntaxReader(pattern, caseless: caseless)
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

/// Reads the PCRE2 syntax ``RegexAutomaton`` models into a ``RegexNode``, from the atoms of
/// ``RegexSyntax`` (the one reader of regex syntax, Documentation/decisions.md "One reader of
/// regex syntax"): so a quoted `\Q)\E`, a class `[)]` or a comment `(?#(a+)` means to the
/// automaton what it means to the router's parser and to PCRE2.
struct RegexSyntaxReader {
    private let syntax: RegexSyntax
    /// The atom read next.
    private var index = 0
    /// Whether letters match in either case here.
    private var caseless: Bool
    /// Whether `.` takes a line feed here (PCRE2's `s`; the router compiles with it).
    private var dotAll = true
    private var depth = 0

    init(_ pattern: String, caseless: Bool) {
        syntax = RegexSyntax(pattern)
        self.caseless = caseless
    }

    private var atoms: [RegexSyntax.Atom] { syntax.atoms }

    mutating func parse() throws(RegexAutomaton.Unsupported) -> RegexNode {
        let node = try alternation()
        guard index == atoms.count else { throw .construct(")") }
        return node
    }

    private mutating func alternation() throws(RegexAutomaton.Unsupported) -> RegexNode {
        var alternatives = [try sequence()]
        while index < atoms.count, atoms[index].kind == .alternation {
            index += 1
            alternatives.append(try sequence())
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    private mutating func sequence() throws(RegexAutomaton.Unsupported) -> RegexNode {
        var nodes: [RegexNode] = []
        // Options set by `(?i)` last to the end of the enclosing group, later alternatives
        // included: ``group(_:)`` restores them.
        while index < atoms.count, atoms[index].kind != .alternation, atoms[index].kind != .groupClose {
            let atom = atoms[index]
            guard atom.isComplete else { throw .construct(syntax.text(of: atom)) }
            index += 1
            if case .quoted = atom.kind {
                // A quantifier after `\Q…\E` applies to its last character only.
                var characters = syntax.text(syntax.quotedText(atom)).unicodeScalars.map(literal)
                guard let last = characters.popLast() else { continue }
                nodes += characters
                nodes.append(try quantified(last))
                continue
            }
            guard let node = try item(atom) else { continue }
            nodes.append(try quantified(node))
        }
        return nodes.count == 1 ? nodes[0] : .sequence(nodes)
    }

    /// The quantifier after an item, if any (past comments, as PCRE2 reads), applied to it.
    private mutating func quantified(_ node: RegexNode) throws(RegexAutomaton.Unsupported) -> RegexNode {
        var next = index
        while next < atoms.count, syntax.isTransparent(atoms[next]) { next += 1 }
        guard next < atoms.count, case .quantifier(let quantifier) = atoms[next].kind else { return node }
        index = next + 1
        if quantifier.onlyInLaterPCRE2 {
            return .sequence([node, try braceText(atoms[next])])
        }
        if quantifier.mode == .possessive { throw .construct("possessive quantifier") }
        // A quantifier right after it is not modelled; a brace PCRE2 10.42 reads as text is
        // text, read as the next item.
        if index < atoms.count, case .quantifier(let following) = atoms[index].kind,
            !following.onlyInLaterPCRE2
        {
            throw .construct("quantifier")
        }
        return .repetition(node, minimum: quantifier.minimum, maximum: quantifier.maximum)
    }

    /// The node of `atom` (just read), or nil for something that matches nothing and takes
    /// no quantifier (a comment, an option setting, `\E`).
    private mutating func item(_ atom: RegexSyntax.Atom) throws(RegexAutomaton.Unsupported) -> RegexNode? {
        switch atom.kind {
        case .literal:
            return literal(syntax.scalar(at: atom.range.lowerBound))
        case .dot:
            return .set(dotAll ? .all : ScalarSet.all.subtracting(ScalarSet("\n")))
        case .escape:
            if syntax.escapeLetter(atom) == UInt8(ascii: "E") { return nil }
            return .set(try escapeSet(atom, inClass: false))
        case .characterClass(let negated, let items):
            return .set(try characterClass(negated: negated, items: items))
        case .groupOpen(let group):
            return try self.group(group, opening: atom)
        case .comment:
            return nil
        case .optionSetting:
            (caseless, dotAll) = try options(atom)
            return nil
        case .quantifier(let quantifier) where quantifier.onlyInLaterPCRE2:
            return try braceText(atom)
        case .quantifier:
            throw .construct("quantifier")
        case .anchor, .alternation, .groupClose, .quoted, .verb, .reference, .callout, .posixClass,
            .collatingElement:
            throw .construct(syntax.text(of: atom))
        }
    }

    /// A brace that only later PCRE2 versions read as a quantifier (`{,3}`, `{ 2 }`), as
    /// PCRE2 10.42 reads it, as routes compile (``RegexSyntax/Quantifier``): literal text,
    /// whose last character takes a quantifier that follows.
    private mutating func braceText(_ atom: RegexSyntax.Atom) throws(RegexAutomaton.Unsupported) -> RegexNode
    {
        var characters = syntax.text(of: atom).unicodeScalars.map(literal)
        let last = try quantified(characters.removeLast())
        return .sequence(characters + [last])
    }

    /// The group opened by `opening` (just read), up to and with its `)`.
    private mutating func group(
        _ group: RegexSyntax.Group, opening: RegexSyntax.Atom
    ) throws(RegexAutomaton.Unsupported) -> RegexNode {
        depth += 1
        defer { depth -= 1 }
        guard depth < 250 else { throw .construct("nesting") }
        let (savedCaseless, savedDotAll) = (caseless, dotAll)
        switch group {
        case .capturing, .named, .nonCapturing, .branchReset:
            break
        case .withOptions:
            (caseless, dotAll) = try options(opening)
        case .atomic, .lookahead, .lookbehind, .nonAtomicLookaround, .conditional, .scriptRun, .unknown:
            throw .construct(syntax.text(of: opening))
        }
        let inner = try alternation()
        (caseless, dotAll) = (savedCaseless, savedDotAll)
        guard index < atoms.count, atoms[index].kind == .groupClose else { throw .construct("(") }
        index += 1
        return inner
    }

    /// The case and dot options after the option letters of `atom` (`(?i)`, `(?-s:`).
    private func options(_ atom: RegexSyntax.Atom) throws(RegexAutomaton.Unsupported) -> (Bool, Bool) {
        var on = true
        var (caselessHere, dotAllHere) = (caseless, dotAll)
        // The letters sit between `(?` and the closing `)` or `:`.
        for letter in syntax.text((atom.range.lowerBound + 2)..<(atom.range.upperBound - 1)).unicodeScalars {
            switch letter {
            case "-": on = false
            case "i": caselessHere = on
            case "s": dotAllHere = on
            case "m", "n", "J", "U": break
            default: throw .construct("(?" + String(letter))
            }
        }
        return (caselessHere, dotAllHere)
    }

    /// The characters an escape atom or class item stands for: `\d`, `\w`, … (ASCII, as
    /// the router compiles them), or one character (`\n`, `\x{41}`, `\.`).
    private func escapeSet(
        _ atom: RegexSyntax.Atom, inClass: Bool
    ) throws(RegexAutomaton.Unsupported) -> ScalarSet {
        if let letter = syntax.escapeLetter(atom), let set = Self.classEscape(letter, inClass: inClass) {
            return set
        }
        guard let scalar = try character(atom, inClass: inClass) else {
            throw .construct(syntax.text(of: atom))
        }
        return caseless && !inClass ? Self.caseClosure(ScalarSet(scalar)) : ScalarSet(scalar)
    }

    /// The one character of an escape or a literal, or nil when it stands for no single
    /// character.
    private func character(
        _ atom: RegexSyntax.Atom, inClass: Bool
    ) throws(RegexAutomaton.Unsupported) -> Unicode.Scalar? {
        switch atom.kind {
        case .literal:
            return syntax.scalar(at: atom.range.lowerBound)
        case .escape:
            guard case .value(let value) = syntax.character(ofEscape: atom, inClass: inClass) else {
                return nil
            }
            guard let scalar = Unicode.Scalar(value) else { throw .construct(syntax.text(of: atom)) }
            return scalar
        default:
            return nil
        }
    }

    /// The set of `\d`, `\D`, `\w`, … (ASCII, as the router compiles them), or nil. `\N`
    /// is no class item.
    private static func classEscape(_ letter: UInt8, inClass: Bool) -> ScalarSet? {
        switch letter {
        case UInt8(ascii: "d"): return digits
        case UInt8(ascii: "D"): return digits.complement
        case UInt8(ascii: "w"): return word
        case UInt8(ascii: "W"): return word.complement
        case UInt8(ascii: "s"): return space
        case UInt8(ascii: "S"): return space.complement
        case UInt8(ascii: "h"): return horizontal
        case UInt8(ascii: "H"): return horizontal.complement
        case UInt8(ascii: "v"): return vertical
        case UInt8(ascii: "V"): return vertical.complement
        case UInt8(ascii: "N") where !inClass: return ScalarSet.all.subtracting(ScalarSet("\n"))
        default: return nil
        }
    }

    /// The set of a class whose items are `items` of ``RegexSyntax/classItems``.
    private func characterClass(
        negated: Bool, items: Range<Int>
    ) throws(RegexAutomaton.Unsupported) -> ScalarSet {
        let items = syntax.classItems[items]
        var members = ScalarSet()
        var cursor = items.startIndex
        while cursor < items.endIndex {
            let item = items[cursor]
            cursor += 1
            switch item.kind {
            case .posixClass:
                let name = syntax.text((item.range.lowerBound + 2)..<(item.range.upperBound - 2))
                guard let set = Self.posix[name] else { throw .construct(syntax.text(of: item)) }
                members = members.union(set)
                continue
            case .escape:
                guard let letter = syntax.escapeLetter(item), letter != UInt8(ascii: "E"),
                    letter != UInt8(ascii: "Q")
                else { throw .construct("\\E or \\Q in a class") }
                if let set = Self.classEscape(letter, inClass: true) {
                    members = members.union(set)
                    continue
                }
            case .literal:
                break
            default:
                throw .construct(syntax.text(of: item))
            }
            guard let low = try character(item, inClass: true) else {
                throw .construct(syntax.text(of: item))
            }
            // A range `low-high`, unless the `-` ends the class.
            if cursor + 1 < items.endIndex, items[cursor].kind == .literal,
                syntax.bytes[items[cursor].range.lowerBound] == UInt8(ascii: "-")
            {
                let highItem = items[cursor + 1]
                cursor += 2
                guard highItem.kind == .literal || highItem.kind == .escape,
                    let high = try character(highItem, inClass: true), low.value <= high.value
                else { throw .construct("class range") }
                members = members.union(ScalarSet([low.value...high.value]))
            } else {
                members = members.union(ScalarSet(low))
            }
        }
        if caseless { members = Self.caseClosure(members) }
        return negated ? members.complement : members
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
