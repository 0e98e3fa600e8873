extension RegexSyntax {
    /// One left-to-right pass that makes the atoms (``RegexSyntax``).
    struct Reader {
        let bytes: [UInt8]
        var index: Int
        let segmentsAreGroups: Bool
        var atoms: [Atom] = []
        var classItems: [Atom] = []
        /// The atom indices of the groups open at `index`.
        private var openGroups: [Int] = []
        /// Whether extended mode (`(?x)`) is on: one entry outside every group, then one per
        /// open group.
        private var extended = [false]

        init(bytes: [UInt8], index: Int, segmentsAreGroups: Bool) {
            self.bytes = bytes
            self.index = index
            self.segmentsAreGroups = segmentsAreGroups
        }

        mutating func read() {
            while index < bytes.count {
                readAtom()
            }
        }

        private func byte(at offset: Int) -> UInt8? {
            offset < bytes.count ? bytes[offset] : nil
        }

        private mutating func append(_ kind: Kind, from start: Int, isComplete: Bool = true) {
            atoms.append(Atom(kind, start..<index, isComplete: isComplete))
        }

        // MARK: Outside classes

        private mutating func readAtom() {
            let start = index
            if extended[extended.count - 1], skipExtendedModeSpace() {
                append(.comment, from: start)
                return
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                let (end, isComplete) = RegexSyntax.escapeEnd(bytes, at: index)
                index = end
                append(
                    self.byte(at: start + 1) == UInt8(ascii: "Q") ? .quoted : .escape, from: start,
                    isComplete: isComplete)
            case UInt8(ascii: "["):
                readClass()
            case UInt8(ascii: "("):
                readParenthesis()
            case UInt8(ascii: ")"):
                index += 1
                append(.groupClose, from: start)
                if let open = openGroups.popLast() {
                    atoms[open].partner = atoms.count - 1
                    atoms[atoms.count - 1].partner = open
                    extended.removeLast()
                }
            case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
                index += 1
                let (minimum, maximum) =
                    byte == UInt8(ascii: "*") ? (0, nil) : byte == UInt8(ascii: "+") ? (1, nil) : (0, 1)
                append(
                    .quantifier(Quantifier(minimum: minimum, maximum: maximum, mode: readMode())), from: start
                )
            case UInt8(ascii: "{"):
                if var quantifier = countedRepeat() {
                    if !quantifier.onlyInLaterPCRE2 { quantifier.mode = readMode() }
                    append(.quantifier(quantifier), from: start)
                } else {
                    index += 1
                    append(.literal, from: start)
                }
            case UInt8(ascii: "|"):
                index += 1
                append(.alternation, from: start)
            case UInt8(ascii: "^"), UInt8(ascii: "$"):
                index += 1
                append(.anchor, from: start)
            case UInt8(ascii: "."):
                index += 1
                append(.dot, from: start)
            default:
                // A `/` outside groups ends a route's segment, and the options set in it.
                if segmentsAreGroups, byte == UInt8(ascii: "/"), openGroups.isEmpty { extended[0] = false }
                index = RegexSyntax.scalarEnd(bytes, at: index)
                append(.literal, from: start)
            }
        }

        /// After a quantifier: its lazy `?` or possessive `+`, taken.
        private mutating func readMode() -> Quantifier.Mode {
            switch byte(at: index) {
            case UInt8(ascii: "?"):
                index += 1
                return .lazy
            case UInt8(ascii: "+"):
                index += 1
                return .possessive
            default:
                return .greedy
            }
        }

        /// A counted repeat at `index` (a `{`), taken: `{n}`, `{n,}` or `{n,m}` as PCRE2
        /// 10.42 reads them, or `{,m}` and counts with spaces, which only later versions read
        /// (``Quantifier/onlyInLaterPCRE2``). Nil, with nothing taken, for a literal `{`.
        private mutating func countedRepeat() -> Quantifier? {
            var cursor = index + 1
            var spaced = false
            func spaces() {
                while let byte = byte(at: cursor), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    cursor += 1
                    spaced = true
                }
            }
            func number() -> Int? {
                var value: Int?
                while let byte = byte(at: cursor), byte.isASCIIDigit {
                    value = min((value ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), Int(Int32.max))
                    cursor += 1
                }
                return value
            }
            spaces()
            let lower = number()
            spaces()
            var upper = lower
            var comma = false
            if byte(at: cursor) == UInt8(ascii: ",") {
                comma = true
                cursor += 1
                spaces()
                upper = number()
                spaces()
            }
            guard byte(at: cursor) == UInt8(ascii: "}"), lower != nil || (comma && upper != nil) else {
                return nil
            }
            index = cursor + 1
            return Quantifier(
                minimum: lower ?? 0, maximum: upper, mode: .greedy, onlyInLaterPCRE2: spaced || lower == nil)
        }

        /// In extended mode, white space (Unicode's Pattern_White_Space) and `#` up to and
        /// including a line feed, taken; false when neither is at `index`.
        private mutating func skipExtendedModeSpace() -> Bool {
            let start = index
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                    if index < bytes.count { index += 1 }
                } else if let width = patternWhiteSpaceWidth(at: index) {
                    index += width
                } else {
                    break
                }
            }
            return index > start
        }

        private func patternWhiteSpaceWidth(at offset: Int) -> Int? {
            switch bytes[offset] {
            case 0x09...0x0D, 0x20: return 1
            case 0xC2 where byte(at: offset + 1) == 0x85: return 2
            case 0xE2 where byte(at: offset + 1) == 0x80:
                switch byte(at: offset + 2) {
                case 0x8E, 0x8F, 0xA8, 0xA9: return 3
                default: return nil
                }
            default: return nil
            }
        }

        // MARK: Classes

        /// A class at `index`, its items appended to `classItems`. As in PCRE2, `\E` and
        /// `\Q\E` are passed over before and after a leading `^`, and a `]` right after them
        /// is a literal; `[:`, `[.` and `[=` start a POSIX item only where PCRE2 finds its
        /// end before any `]` or further `[:` (its `check_posix_syntax`).
        private mutating func readClass() {
            let start = index
            let firstItem = classItems.count
            index += 1
            passEmptyQuotes()
            var negated = false
            if byte(at: index) == UInt8(ascii: "^") {
                negated = true
                index += 1
                passEmptyQuotes()
            }
            var first = true
            while index < bytes.count {
                let itemStart = index
                let byte = bytes[index]
                if byte == UInt8(ascii: "]") && !first {
                    index += 1
                    append(
                        .characterClass(negated: negated, items: firstItem..<classItems.count), from: start)
                    return
                }
                first = false
                if byte == UInt8(ascii: "\\") {
                    let (end, isComplete) = RegexSyntax.escapeEnd(bytes, at: index)
                    index = end
                    let kind: Kind = self.byte(at: itemStart + 1) == UInt8(ascii: "Q") ? .quoted : .escape
                    classItems.append(Atom(kind, itemStart..<end, isComplete: isComplete))
                } else if byte == UInt8(ascii: "["), let delimiter = self.byte(at: index + 1),
                    delimiter == UInt8(ascii: ":") || delimiter == UInt8(ascii: ".")
                        || delimiter == UInt8(ascii: "="),
                    let end = posixEnd(at: index)
                {
                    index = end
                    classItems.append(
                        Atom(
                            delimiter == UInt8(ascii: ":") ? .posixClass : .collatingElement, itemStart..<end)
                    )
                } else {
                    index = RegexSyntax.scalarEnd(bytes, at: index)
                    classItems.append(Atom(.literal, itemStart..<index))
                }
            }
            append(
                .characterClass(negated: negated, items: firstItem..<classItems.count), from: start,
                isComplete: false)
        }

        /// `\E` and `\Q\E` at `index`, as class items.
        private mutating func passEmptyQuotes() {
            while byte(at: index) == UInt8(ascii: "\\") {
                if byte(at: index + 1) == UInt8(ascii: "E") {
                    classItems.append(Atom(.escape, index..<(index + 2)))
                    index += 2
                } else if byte(at: index + 1) == UInt8(ascii: "Q"), byte(at: index + 2) == UInt8(ascii: "\\"),
                    byte(at: index + 3) == UInt8(ascii: "E")
                {
                    classItems.append(Atom(.quoted, index..<(index + 4)))
                    index += 4
                } else {
                    return
                }
            }
        }

        /// The offset after the POSIX item `[:name:]` (or `[.x.]`, `[=x=]`) at `start`, as
        /// PCRE2's `check_posix_syntax` finds it: nil when a `]` or the same opener comes
        /// first. The search stops at the next same opener, so a run of openers is read in
        /// linear time.
        private func posixEnd(at start: Int) -> Int? {
            let terminator = bytes[start + 1]
            var cursor = start + 2
            while cursor + 1 < bytes.count {
                let byte = bytes[cursor]
                let next = bytes[cursor + 1]
                if byte == UInt8(ascii: "\\") && (next == UInt8(ascii: "]") || next == UInt8(ascii: "\\")) {
                    cursor += 2
                    continue
                }
                if (byte == UInt8(ascii: "[") && next == terminator) || byte == UInt8(ascii: "]") {
                    return nil
                }
                if byte == terminator && next == UInt8(ascii: "]") { return cursor + 2 }
                cursor += 1
            }
            return nil
        }

        // MARK: Groups

        private mutating func openGroup(_ group: Group, from start: Int, extended mode: Bool? = nil) {
            append(.groupOpen(group), from: start)
            openGroups.append(atoms.count - 1)
            extended.append(mode ?? extended[extended.count - 1])
        }

        /// What starts with `(` at `index`.
        private mutating func readParenthesis() {
            let start = index
            if byte(at: start + 1) == UInt8(ascii: "*"), let next = byte(at: start + 2),
                next != UInt8(ascii: ")")
            {
                readVerbOrAssertion()
                return
            }
            guard byte(at: start + 1) == UInt8(ascii: "?") else {
                index += 1
                openGroup(.capturing, from: start)
                return
            }
            index = start + 3
            switch byte(at: start + 2) {
            case UInt8(ascii: "#"):
                // A comment ends at the first `)`: it cannot hold one.
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ")")) else {
                    index = bytes.count
                    append(.comment, from: start, isComplete: false)
                    return
                }
                index = close + 1
                append(.comment, from: start)
            case UInt8(ascii: ":"): openGroup(.nonCapturing, from: start)
            case UInt8(ascii: "|"): openGroup(.branchReset, from: start)
            case UInt8(ascii: ">"): openGroup(.atomic, from: start)
            case UInt8(ascii: "="): openGroup(.lookahead(negative: false), from: start)
            case UInt8(ascii: "!"): openGroup(.lookahead(negative: true), from: start)
            case UInt8(ascii: "*"): openGroup(.nonAtomicLookaround(behind: false), from: start)
            case UInt8(ascii: "<"):
                index += 1
                switch byte(at: start + 3) {
                case UInt8(ascii: "="): openGroup(.lookbehind(negative: false), from: start)
                case UInt8(ascii: "!"): openGroup(.lookbehind(negative: true), from: start)
                case UInt8(ascii: "*"): openGroup(.nonAtomicLookaround(behind: true), from: start)
                default: namedGroup(from: start, nameStart: start + 3, terminator: UInt8(ascii: ">"))
                }
            case UInt8(ascii: "'"):
                namedGroup(from: start, nameStart: start + 3, terminator: UInt8(ascii: "'"))
            case UInt8(ascii: "P"):
                switch byte(at: start + 3) {
                case UInt8(ascii: "<"):
                    namedGroup(from: start, nameStart: start + 4, terminator: UInt8(ascii: ">"))
                case UInt8(ascii: "="), UInt8(ascii: ">"): reference(from: start, nameStart: start + 4)
                default: openGroup(.unknown, from: start)
                }
            case UInt8(ascii: "&"):
                reference(from: start, nameStart: start + 3)
            case UInt8(ascii: "("):
                readCondition(from: start)
            case UInt8(ascii: "C"):
                readCallout(from: start)
            case UInt8(ascii: "R"):
                if byte(at: start + 3) == UInt8(ascii: ")") {
                    index = start + 4
                    append(.reference, from: start)
                } else {
                    readOptions(from: start)
                }
            case let byte? where byte.isASCIIDigit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"):
                var cursor = byte.isASCIIDigit ? start + 2 : start + 3
                let digits = cursor
                while let next = self.byte(at: cursor), next.isASCIIDigit { cursor += 1 }
                if cursor > digits, self.byte(at: cursor) == UInt8(ascii: ")") {
                    index = cursor + 1
                    append(.reference, from: start)
                } else if byte == UInt8(ascii: "-") {
                    readOptions(from: start)
                } else {
                    index = cursor
                    openGroup(.unknown, from: start)
                }
            default:
                readOptions(from: start)
            }
        }

        /// `(*` at `index`: an assertion such as `(*pla:`, or a verb up to its first `)`.
        private mutating func readVerbOrAssertion() {
            let start = index
            var nameEnd = start + 2
            while let byte = byte(at: nameEnd), byte.isASCIILetter || byte == UInt8(ascii: "_") {
                nameEnd += 1
            }
            if byte(at: nameEnd) == UInt8(ascii: ":"),
                let group = Self.alphaAssertions[
                    String(decoding: bytes[(start + 2)..<nameEnd], as: UTF8.self)]
            {
                index = nameEnd + 1
                openGroup(group, from: start)
                return
            }
            guard let close = bytes[(start + 2)...].firstIndex(of: UInt8(ascii: ")")) else {
                index = bytes.count
                append(.verb, from: start, isComplete: false)
                return
            }
            index = close + 1
            append(.verb, from: start)
        }

        /// PCRE2's assertions spelled with words (`(*pla:…)`).
        private static let alphaAssertions: [String: Group] = [
            "pla": .lookahead(negative: false), "positive_lookahead": .lookahead(negative: false),
            "nla": .lookahead(negative: true), "negative_lookahead": .lookahead(negative: true),
            "plb": .lookbehind(negative: false), "positive_lookbehind": .lookbehind(negative: false),
            "nlb": .lookbehind(negative: true), "negative_lookbehind": .lookbehind(negative: true),
            "napla": .nonAtomicLookaround(behind: false),
            "non_atomic_positive_lookahead": .nonAtomicLookaround(behind: false),
            "naplb": .nonAtomicLookaround(behind: true),
            "non_atomic_positive_lookbehind": .nonAtomicLookaround(behind: true),
            "atomic": .atomic, "sr": .scriptRun(atomic: false), "script_run": .scriptRun(atomic: false),
            "asr": .scriptRun(atomic: true), "atomic_script_run": .scriptRun(atomic: true),
        ]

        /// The end of the group name (ASCII letters, digits and `_`) that starts at `start`.
        private func nameEnd(from start: Int) -> Int {
            var cursor = start
            while let byte = byte(at: cursor),
                byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "_")
            {
                cursor += 1
            }
            return cursor
        }

        /// `(?<name>`, `(?'name'` or `(?P<name>`; without its terminator, an unknown opening.
        private mutating func namedGroup(from start: Int, nameStart: Int, terminator: UInt8) {
            let end = nameEnd(from: nameStart)
            guard byte(at: end) == terminator else {
                index = end
                openGroup(.unknown, from: start)
                return
            }
            index = end + 1
            openGroup(.named(nameStart..<end), from: start)
        }

        /// `(?&name)`, `(?P=name)` or `(?P>name)`; without its `)`, an unknown opening.
        private mutating func reference(from start: Int, nameStart: Int) {
            let end = nameEnd(from: nameStart)
            guard byte(at: end) == UInt8(ascii: ")") else {
                index = end
                openGroup(.unknown, from: start)
                return
            }
            index = end + 1
            append(.reference, from: start)
        }

        /// `(?(` at `start`: the condition `(1)`, `(<name>)`, `(R)`, `(DEFINE)`,
        /// `(VERSION>=10.4)` … is part of the opening; an assertion condition `(?=…)` is a
        /// group of its own after an opening `(?`.
        private mutating func readCondition(from start: Int) {
            var cursor = start + 3
            if let byte = byte(at: cursor), byte != UInt8(ascii: "?"), byte != UInt8(ascii: "*") {
                while let byte = self.byte(at: cursor), byte.isConditionCharacter { cursor += 1 }
                if self.byte(at: cursor) == UInt8(ascii: ")") {
                    index = cursor + 1
                    openGroup(.conditional, from: start)
                    return
                }
            }
            index = start + 2
            openGroup(.conditional, from: start)
        }

        /// `(?C` at `start`: `(?C)`, `(?Cn)` or `(?C` and a delimited string, which may hold a
        /// `)`. A string without its closing delimiter runs to the end.
        private mutating func readCallout(from start: Int) {
            var cursor = start + 3
            if let byte = byte(at: cursor), Self.calloutDelimiters.contains(byte) {
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : byte
                cursor += 1
                while true {
                    guard let end = bytes[cursor...].firstIndex(of: close) else {
                        index = bytes.count
                        append(.callout, from: start, isComplete: false)
                        return
                    }
                    // A doubled delimiter stands for itself.
                    if self.byte(at: end + 1) == close {
                        cursor = end + 2
                        continue
                    }
                    cursor = end + 1
                    break
                }
            } else {
                while let byte = byte(at: cursor), byte.isASCIIDigit { cursor += 1 }
            }
            guard byte(at: cursor) == UInt8(ascii: ")") else {
                index = cursor
                openGroup(.unknown, from: start)
                return
            }
            index = cursor + 1
            append(.callout, from: start)
        }

        private static let calloutDelimiters: Set<UInt8> = Set("`'\"^%#${".utf8)

        /// `(?` and option letters at `start`: a setting when `)` follows, a group with those
        /// options when `:` does, an unknown opening otherwise. Extended mode follows `x`.
        private mutating func readOptions(from start: Int) {
            var cursor = start + 2
            var isExtended = extended[extended.count - 1]
            var on = true
            // PCRE2 allows `^` first only; the letters are read as far as they go, and the
            // engine reports what it does not accept.
            while let byte = byte(at: cursor),
                byte.isASCIILetter || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "^")
            {
                switch byte {
                case UInt8(ascii: "^"): isExtended = false
                case UInt8(ascii: "-"): on = false
                case UInt8(ascii: "x"): isExtended = on
                default: break
                }
                cursor += 1
            }
            switch byte(at: cursor) {
            case UInt8(ascii: ")"):
                index = cursor + 1
                append(.optionSetting, from: start)
                extended[extended.count - 1] = isExtended
            case UInt8(ascii: ":"):
                index = cursor + 1
                openGroup(.withOptions, from: start, extended: isExtended)
            default:
                index = cursor
                openGroup(.unknown, from: start)
            }
        }
    }
}

extension UInt8 {
    /// Characters of a condition such as `(<name>)`, `('name')`, `(R&name)`, `(+1)` or
    /// `(VERSION>=10.4)`.
    fileprivate var isConditionCharacter: Bool {
        isASCIILetter || isASCIIDigit || self == UInt8(ascii: "_") || self == UInt8(ascii: "+")
            || self == UInt8(ascii: "-") || self == UInt8(ascii: "&") || self == UInt8(ascii: "<")
            || self == UInt8(ascii: ">") || self == UInt8(ascii: "'") || self == UInt8(ascii: "=")
            || self == UInt8(ascii: ".")
    }
}
