/// The reader behind ``RegexFacts``: one pass over a PCRE2 pattern that keeps, for every
/// open group, the shortest length of its alternatives and whether anything in it can
/// consume a `/`. It returns nil as soon as it meets syntax it does not read with
/// certainty. It keeps its own stack of groups instead of recursing.
struct RegexScanner {
    private let text: [Unicode.Scalar]

    init(_ text: [Unicode.Scalar]) {
        self.text = text
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
        var index = 0
        while index < text.count {
            let scalar = text[index]
            switch scalar {
            case "\\":
                guard let (next, atom) = escape(at: index) else { return nil }
                if let atom { stack[stack.count - 1].add(length: atom.length, slash: atom.slash) }
                index = next
                continue
            case "[":
                guard let end = classEnd(from: index), let slash = classMatchesSlash(from: index, to: end)
                else {
                    return nil
                }
                stack[stack.count - 1].add(length: 1, slash: slash)
                index = end
                continue
            case "(":
                guard let (next, group) = openGroup(at: index) else { return nil }
                if let group { stack.append(group) }
                index = next
                continue
            case ")":
                guard stack.count > 1, let group = stack.popLast() else { return nil }
                stack[stack.count - 1].add(
                    length: group.consumes ? group.shortest : 0, slash: group.consumes && group.slash)
            case "|":
                var group = stack[stack.count - 1]
                group.closedAlternatives = min(group.closedAlternatives ?? .max, group.length)
                group.length = 0
                group.lastAtom = nil
                stack[stack.count - 1] = group
            case "*", "+", "?":
                guard applyQuantifier(minimum: scalar == "+" ? 1 : 0, to: &stack[stack.count - 1]) else {
                    return nil
                }
                index = skipQuantifierSuffix(index + 1)
                continue
            case "{":
                // `{n}`, `{n,}`, `{n,m}`, `{,m}`. Any other brace is a literal or, in newer
                // PCRE2 syntax, a quantifier with spaces: not read.
                guard let (next, minimum) = repetition(at: index),
                    applyQuantifier(minimum: minimum, to: &stack[stack.count - 1])
                else { return nil }
                index = skipQuantifierSuffix(next)
                continue
            case "^", "$":
                stack[stack.count - 1].add(length: 0, slash: false)
            case ".":
                stack[stack.count - 1].add(length: 1, slash: true)
            default:
                stack[stack.count - 1].add(length: 1, slash: scalar == "/")
            }
            index += 1
        }
        guard stack.count == 1 else { return nil }
        return RegexFacts(neverMatchesSlash: !stack[0].slash, minimumLength: stack[0].shortest)
    }

    /// Repeats the group's last atom at least `minimum` times; false when there is none.
    private func applyQuantifier(minimum: Int, to group: inout Group) -> Bool {
        guard let atom = group.lastAtom else { return false }
        group.length = Self.capped(group.length - atom + atom * min(minimum, Self.lengthCap))
        group.lastAtom = nil
        return true
    }

    /// After a quantifier: its lazy `?` or possessive `+`.
    private func skipQuantifierSuffix(_ index: Int) -> Int {
        index < text.count && (text[index] == "?" || text[index] == "+") ? index + 1 : index
    }

    /// `{n}`, `{n,}`, `{n,m}` or `{,m}` at `index`: the index after it and its minimum; nil
    /// when the brace is a literal.
    private func repetition(at index: Int) -> (Int, Int)? {
        var cursor = index + 1
        var minimum = 0
        var digits = 0
        while cursor < text.count, let value = digit(text[cursor]) {
            minimum = Self.capped(minimum * 10 + value)
            digits += 1
            cursor += 1
        }
        var sawComma = false
        if cursor < text.count, text[cursor] == "," {
            sawComma = true
            cursor += 1
            while cursor < text.count, digit(text[cursor]) != nil { cursor += 1 }
        }
        guard cursor < text.count, text[cursor] == "}", digits > 0 || sawComma, cursor > index + 1 else {
            return nil
        }
        return (cursor + 1, minimum)
    }

    private func digit(_ scalar: Unicode.Scalar) -> Int? {
        scalar >= "0" && scalar <= "9" ? Int(scalar.value - 48) : nil
    }

    /// A group opening at `index`: the index after its header, and the group to push (nil
    /// for an option setting such as `(?i)` or a comment, which open nothing). Nil when the
    /// construct is not one this reader knows.
    private func openGroup(at index: Int) -> (Int, Group?)? {
        guard index + 1 < text.count, text[index + 1] == "?" else {
            // `(*VERB)` can end or bend the match: not read.
            if index + 1 < text.count, text[index + 1] == "*" { return nil }
            return (index + 1, Group())
        }
        let rest = Array(text[(index + 2)...])
        func starts(_ prefix: String) -> Bool { rest.starts(with: prefix.unicodeScalars) }
        if starts("#") {
            guard let close = rest.firstIndex(of: ")") else { return nil }
            return (index + 2 + close + 1, nil)
        }
        if starts(":") || starts("|") || starts(">") { return (index + 3, Group()) }
        if starts("=") || starts("!") { return (index + 3, Group(consumes: false)) }
        if starts("<=") || starts("<!") { return (index + 4, Group(consumes: false)) }
        for (open, close) in [("<", ">"), ("P<", ">"), ("'", "'")] where starts(open) {
            let nameStart = open.unicodeScalars.count
            guard let end = rest[nameStart...].firstIndex(where: { String($0) == close }),
                end > nameStart,
                rest[nameStart..<end].allSatisfy({
                    $0.properties.isAlphabetic || $0 == "_" || digit($0) != nil
                })
            else { return nil }
            return (index + 2 + end + 1, Group())
        }
        // Option letters, then `)` (a setting) or `:` (a group with those options).
        var cursor = 0
        while cursor < rest.count, "imnsxJU-^".unicodeScalars.contains(rest[cursor]) { cursor += 1 }
        guard cursor < rest.count, !rest[0..<cursor].contains("x") else { return nil }
        switch rest[cursor] {
        case ")": return (index + 2 + cursor + 1, nil)
        case ":": return (index + 2 + cursor + 1, Group())
        default: return nil
        }
    }

    /// An escape at `index`: the index after it, and the atom it is (nil for `\E` or an
    /// anchor-free no-op). Nil when the escape is not one this reader knows.
    private func escape(at index: Int) -> (Int, (length: Int, slash: Bool)?)? {
        guard index + 1 < text.count else { return nil }
        let letter = text[index + 1]
        switch letter {
        case "d", "w", "s", "h", "v", "R", "a", "e", "f", "n", "r", "t":
            return (index + 2, (1, false))
        case "D", "W", "S", "H", "V", "N", "X":
            return (index + 2, (1, true))
        case "b", "B", "A", "z", "Z", "G", "K":
            return (index + 2, (0, false))
        case "E":
            return (index + 2, nil)
        case "Q":
            // Quoted text up to `\E`: literal characters, read as one atom.
            var cursor = index + 2
            var length = 0
            var slash = false
            while cursor < text.count,
                !(text[cursor] == "\\" && cursor + 1 < text.count && text[cursor + 1] == "E")
            {
                length += 1
                slash = slash || text[cursor] == "/"
                cursor += 1
            }
            let end = cursor < text.count ? cursor + 2 : cursor
            // A quantifier after `\Q…\E` repeats only the last character, which one atom
            // cannot express for a longer run: not read.
            if length > 1, end < text.count, "*+?{".unicodeScalars.contains(text[end]) { return nil }
            return (end, length == 0 ? nil : (length, slash))
        case "c":
            return index + 2 < text.count ? (index + 3, (1, false)) : nil
        case "x":
            guard let (next, value) = hexEscape(at: index) else { return nil }
            return (next, (1, value == 0x2F))
        default:
            if letter.properties.isAlphabetic || digit(letter) != nil { return nil }
            return (index + 2, (1, letter == "/"))
        }
    }

    /// `\xhh` or `\x{h…}` at `index`: the index after it and the code point.
    private func hexEscape(at index: Int) -> (Int, UInt32)? {
        var cursor = index + 2
        var hex = ""
        if cursor < text.count, text[cursor] == "{" {
            cursor += 1
            while cursor < text.count, text[cursor] != "}" {
                hex.unicodeScalars.append(text[cursor])
                cursor += 1
            }
            guard cursor < text.count else { return nil }
            cursor += 1
        } else {
            while cursor < text.count, hex.count < 2, text[cursor].properties.isASCIIHexDigit {
                hex.unicodeScalars.append(text[cursor])
                cursor += 1
            }
        }
        guard let value = UInt32(hex.isEmpty ? "0" : hex, radix: 16) else { return nil }
        return (cursor, value)
    }

    /// The index after the class starting at `start` (a `]` right after `[` or `[^` is a
    /// literal; `[:name:]` is a POSIX class).
    func classEnd(from start: Int) -> Int? {
        var index = start + 1
        if index < text.count, text[index] == "^" { index += 1 }
        if index < text.count, text[index] == "]" { index += 1 }
        while index < text.count {
            switch text[index] {
            case "\\":
                index += 2
                continue
            case "]":
                return index + 1
            case "[" where index + 1 < text.count && text[index + 1] == ":":
                if let close = posixEnd(from: index + 2) {
                    index = close
                    continue
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private func posixEnd(from index: Int) -> Int? {
        var cursor = index
        while cursor + 1 < text.count {
            if text[cursor] == ":" && text[cursor + 1] == "]" { return cursor + 2 }
            cursor += 1
        }
        return nil
    }

    /// The POSIX classes that hold no `/`.
    private static let slashFreePOSIXClasses: Set<String> = [
        "alpha", "digit", "alnum", "upper", "lower", "space", "blank", "xdigit", "word", "cntrl",
    ]

    /// Whether the class `text[start..<end]` can match `/`; nil when it holds something this
    /// reader does not know.
    private func classMatchesSlash(from start: Int, to end: Int) -> Bool? {
        var index = start + 1
        let negated = index < end && text[index] == "^"
        if negated { index += 1 }
        var listsSlash = false
        var previous: Unicode.Scalar?
        let last = end - 1  // the closing `]`
        var first = true
        while index < last {
            var scalar = text[index]
            var single: Unicode.Scalar? = scalar
            if scalar == "[", index + 1 < last, text[index + 1] == ":", let close = posixEnd(from: index + 2)
            {
                let name = String(String.UnicodeScalarView(text[(index + 2)..<(close - 2)]))
                guard Self.slashFreePOSIXClasses.contains(name) else { return nil }
                previous = nil
                index = close
                first = false
                continue
            }
            if scalar == "\\" {
                guard index + 1 < last else { return nil }
                let letter = text[index + 1]
                switch letter {
                case "d", "w", "s", "h", "v":
                    single = nil
                    index += 2
                case "x":
                    guard let (next, value) = hexEscape(at: index), let decoded = Unicode.Scalar(value) else {
                        return nil
                    }
                    single = decoded
                    index = next
                case "n", "r", "t", "f", "e", "a", "b":
                    single = "\u{1}"  // a control character: never a slash
                    index += 2
                default:
                    if letter.properties.isAlphabetic || digit(letter) != nil { return nil }
                    single = letter
                    index += 2
                }
                scalar = single ?? scalar
            } else if scalar == "-", let low = previous, !first, index + 1 < last {
                // A range `low-high`.
                var high = text[index + 1]
                var next = index + 2
                if high == "\\" {
                    guard index + 2 < last else { return nil }
                    let letter = text[index + 2]
                    if letter == "x" {
                        guard let (after, value) = hexEscape(at: index + 1),
                            let decoded = Unicode.Scalar(value)
                        else { return nil }
                        high = decoded
                        next = after
                    } else if letter.properties.isAlphabetic || digit(letter) != nil {
                        return nil
                    } else {
                        high = letter
                        next = index + 3
                    }
                }
                if low.value <= 0x2F && 0x2F <= high.value { listsSlash = true }
                previous = nil
                index = next
                first = false
                continue
            } else {
                index += 1
            }
            if let single, single == "/" { listsSlash = true }
            previous = single
            first = false
        }
        return negated ? !listsSlash : listsSlash
    }
}
