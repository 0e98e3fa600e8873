import Waypoint

/// The reader behind ``RegexFacts``: one pass over a PCRE2 pattern's atoms
/// (``RegexSyntax``, the reader the router parses routes with) that keeps, for every open
/// group, the shortest length of its alternatives and whether anything in it can consume a
/// `/`. It returns nil as soon as it meets syntax it does not read with certainty. It keeps
/// its own stack of groups instead of recursing.
struct RegexScanner {
    private let syntax: RegexSyntax

    init(_ syntax: RegexSyntax) {
        self.syntax = syntax
    }

    /// An open group (the whole pattern is the outermost one).
    private struct Group {
        /// Whether it consumes text (false for lookarounds).
        var consumes = true
        /// The shortest length of the alternatives already closed by `|`.
        var closedAlternatives: Int?
        /// The length of the current alternative so far.
        var length = 0
        /// The shortest length of the last atom, for a quantifier that follows it.
        var lastAtom: Int?
        /// Whether anything in the group can consume a `/`.
        var slash = false

        var shortest: Int {
            min(closedAlternatives ?? .max, length)
        }

        mutating func add(length atomLength: Int, slash atomSlash: Bool) {
            length = RegexScanner.capped(length + atomLength)
            lastAtom = atomLength
            slash = slash || atomSlash
        }
    }

    /// Lengths stay below this bound, so huge repetition counts cannot overflow.
    private static let lengthCap = 1 << 20

    fileprivate static func capped(_ value: Int) -> Int {
        min(value, lengthCap)
    }

    func facts() -> RegexFacts? {
        var stack = [Group()]
        let atoms = syntax.atoms
        for (index, atom) in atoms.enumerated() {
            switch atom.kind {
            case .literal:
                stack[stack.count - 1].add(
                    length: 1, slash: syntax.bytes[atom.range.lowerBound] == UInt8(ascii: "/"))
            case .dot:
                stack[stack.count - 1].add(length: 1, slash: true)
            case .anchor:
                stack[stack.count - 1].add(length: 0, slash: false)
            case .alternation:
                var group = stack[stack.count - 1]
                group.closedAlternatives = min(group.closedAlternatives ?? .max, group.length)
                group.length = 0
                group.lastAtom = nil
                stack[stack.count - 1] = group
            case .escape:
                guard let atom = escape(atom) else { return nil }
                if let atom { stack[stack.count - 1].add(length: atom.length, slash: atom.slash) }
            case .quoted:
                // Quoted text up to `\E`: literal characters, read as one atom.
                let text = syntax.text(syntax.quotedText(atom))
                let length = text.unicodeScalars.count
                // A quantifier after `\Q…\E` repeats only the last character, which one atom
                // cannot express for a longer run: not read.
                if length > 1, let next = atoms[(index + 1)...].first(where: { !syntax.isTransparent($0) }),
                    case .quantifier = next.kind
                {
                    return nil
                }
                if length > 0 { stack[stack.count - 1].add(length: length, slash: text.contains("/")) }
            case .characterClass(let negated, let items):
                guard atom.isComplete, let slash = classMatchesSlash(items, negated: negated) else {
                    return nil
                }
                stack[stack.count - 1].add(length: 1, slash: slash)
            case .groupOpen(let group):
                switch group {
                case .capturing, .named, .nonCapturing, .atomic, .branchReset, .scriptRun:
                    stack.append(Group())
                case .lookahead, .lookbehind, .nonAtomicLookaround:
                    stack.append(Group(consumes: false))
                case .withOptions:
                    guard !setsExtendedMode(atom) else { return nil }
                    stack.append(Group())
                case .conditional, .unknown:
                    return nil
                }
            case .groupClose:
                guard stack.count > 1, let group = stack.popLast() else { return nil }
                stack[stack.count - 1].add(
                    length: group.consumes ? group.shortest : 0, slash: group.consumes && group.slash)
            case .quantifier(let quantifier):
                // A brace only later PCRE2 versions read as a quantifier is read as one only
                // when that claims less than reading it as text: with no least count.
                guard !quantifier.onlyInLaterPCRE2 || quantifier.minimum == 0,
                    applyQuantifier(minimum: quantifier.minimum, to: &stack[stack.count - 1])
                else { return nil }
            case .comment:
                guard atom.isComplete else { return nil }
            case .optionSetting:
                guard !setsExtendedMode(atom) else { return nil }
            case .verb, .reference, .callout, .posixClass, .collatingElement:
                // `(*VERB)` can end or bend the match; references and callouts are not read.
                return nil
            }
        }
        guard stack.count == 1 else { return nil }
        return RegexFacts(neverMatchesSlash: !stack[0].slash, minimumLength: stack[0].shortest)
    }

    /// Whether the options of `atom` (`(?x)`, `(?x:`) include extended mode, which this
    /// reader does not follow.
    private func setsExtendedMode(_ atom: RegexSyntax.Atom) -> Bool {
        syntax.text(of: atom).contains("x")
    }

    /// Repeats the group's last atom at least `minimum` times; false when there is none.
    private func applyQuantifier(minimum: Int, to group: inout Group) -> Bool {
        guard let atom = group.lastAtom else { return false }
        group.length = Self.capped(group.length - atom + atom * min(minimum, Self.lengthCap))
        group.lastAtom = nil
        return true
    }

    /// What an escape matches: nil when this reader does not know it, an inner nil for `\E`.
    private func escape(_ atom: RegexSyntax.Atom) -> (length: Int, slash: Bool)?? {
        switch syntax.character(ofEscape: atom, inClass: false) {
        case .value(let value):
            return (1, value == 0x2F)
        case .malformed:
            return nil
        case .notACharacter:
            switch syntax.escapeLetter(atom) {
            case UInt8(ascii: "d"), UInt8(ascii: "w"), UInt8(ascii: "s"), UInt8(ascii: "h"),
                UInt8(ascii: "v"),
                UInt8(ascii: "R"):
                return (1, false)
            case UInt8(ascii: "D"), UInt8(ascii: "W"), UInt8(ascii: "S"), UInt8(ascii: "H"),
                UInt8(ascii: "V"),
                UInt8(ascii: "N"), UInt8(ascii: "X"):
                return (1, true)
            case UInt8(ascii: "b"), UInt8(ascii: "B"), UInt8(ascii: "A"), UInt8(ascii: "z"),
                UInt8(ascii: "Z"),
                UInt8(ascii: "G"), UInt8(ascii: "K"):
                return (0, false)
            case UInt8(ascii: "E"):
                return .some(nil)
            default:
                // Properties, references and what PCRE2 does not know: not read.
                return nil
            }
        }
    }

    /// The POSIX classes that hold no `/`.
    private static let slashFreePOSIXClasses: Set<String> = [
        "alpha", "digit", "alnum", "upper", "lower", "space", "blank", "xdigit", "word", "cntrl",
    ]

    /// Whether the class of `items` can match `/`; nil when it holds something this reader
    /// does not know.
    private func classMatchesSlash(_ items: Range<Int>, negated: Bool) -> Bool? {
        var listsSlash = false
        var previous: UInt32?
        var position = items.lowerBound
        while position < items.upperBound {
            let item = syntax.classItems[position]
            position += 1
            if item.kind == .posixClass {
                let name = syntax.text((item.range.lowerBound + 2)..<(item.range.upperBound - 2))
                guard Self.slashFreePOSIXClasses.contains(name) else { return nil }
                previous = nil
                continue
            }
            // A range `low-high`.
            if item.kind == .literal, syntax.bytes[item.range.lowerBound] == UInt8(ascii: "-"),
                let low = previous,
                position < items.upperBound
            {
                guard let high = character(syntax.classItems[position]) else { return nil }
                position += 1
                if low <= 0x2F && 0x2F <= high { listsSlash = true }
                previous = nil
                continue
            }
            if item.kind == .escape, syntax.character(ofEscape: item, inClass: true) == .notACharacter,
                let letter = syntax.escapeLetter(item), "dwshv".utf8.contains(letter)
            {
                // A type without `/`.
                previous = nil
                continue
            }
            guard let single = character(item) else { return nil }
            if single == 0x2F { listsSlash = true }
            previous = single
        }
        return negated ? !listsSlash : listsSlash
    }

    /// The code point of a class item that is one character; nil for any other item.
    private func character(_ item: RegexSyntax.Atom) -> UInt32? {
        switch item.kind {
        case .literal:
            return syntax.scalar(at: item.range.lowerBound).value
        case .escape:
            guard case .value(let value) = syntax.character(ofEscape: item, inClass: true) else { return nil }
            return value
        default:
            return nil
        }
    }
}
