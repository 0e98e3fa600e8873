extension RoutePattern {
    /// Parses `route` (Documentation/spec/routing.md §1–§3).
    ///
    /// - Parameters:
    ///   - route: the route string, stored verbatim.
    ///   - strictTrailingSlash: when false, a route ending in `/` is the same route without
    ///     it, so `**` or `:name?` may precede that slash.
    /// - Throws: ``RouteError`` for an empty route, unbalanced brackets, a trailing `\`,
    ///   a misplaced `**` or `:name?`, or a duplicate parameter. Regex syntax is checked
    ///   later, when the regex parts are compiled.
    package init(_ route: String, strictTrailingSlash: Bool) throws(RouteError) {
        let bytes = Array(route.utf8)
        let scanner = PatternScanner(route: route, bytes: bytes)
        guard !bytes.isEmpty else { throw .emptyRoute(route: route, column: 1) }

        let schemeEnd = Self.schemeLength(bytes)
        let bodyStart = schemeEnd.map { $0 + 3 } ?? 0
        guard bodyStart < bytes.count else {
            throw .emptyRoute(route: route, column: scanner.column(bodyStart))
        }
        self.route = route
        scheme = schemeEnd.map { String(decoding: bytes[0..<$0], as: UTF8.self) }
        kind = bytes[bodyStart] == UInt8(ascii: "/") ? .path : .host

        let ranges = try scanner.splitSegments(from: kind == .path ? bodyStart + 1 : bodyStart)
        var segments = try ranges.map { range throws(RouteError) in try scanner.segment(range) }
        if !strictTrailingSlash, segments.count > 1 || kind == .path, segments.last?.text == "" {
            segments.removeLast()
        }
        try Self.validatePlacement(segments, route: route, scanner: scanner)
        self.segments = segments
        try Self.validateNames(parameters, scanner: scanner)
    }

    /// The length of the scheme when the route starts with `[A-Za-z][A-Za-z0-9+.-]*://`.
    private static func schemeLength(_ bytes: [UInt8]) -> Int? {
        guard let first = bytes.first, first.isASCIILetter else { return nil }
        var index = 1
        while index < bytes.count, bytes[index].isSchemeCharacter { index += 1 }
        guard bytes[index...].starts(with: "://".utf8) else { return nil }
        return index
    }

    private static func validatePlacement(
        _ segments: [Segment], route: String, scanner: PatternScanner
    ) throws(RouteError) {
        for (index, segment) in segments.enumerated() where index != segments.count - 1 {
            switch segment.form {
            case .glob:
                throw .misplacedGlob(route: route, column: scanner.column(segment.offset))
            case .optionalParameter(let name):
                throw .misplacedOptional(route: route, column: scanner.column(segment.offset), name: name)
            default:
                continue
            }
        }
    }

    private static func validateNames(
        _ parameters: [(name: String, offset: Int)], scanner: PatternScanner
    ) throws(RouteError) {
        var seen: [String: Int] = [:]
        for (name, offset) in parameters {
            if let first = seen[name] {
                throw .duplicateParameter(
                    route: scanner.route, column: scanner.column(offset), name: name,
                    firstColumn: scanner.column(first))
            }
            seen[name] = offset
        }
    }
}

/// The byte-level scanner behind ``RoutePattern``. It knows just enough PCRE2 syntax to
/// find segment boundaries, balance brackets and tell `:name` tokens from regex syntax:
/// escapes (`\x`, `\Q…\E`), character classes (with POSIX `[:alpha:]` inside), group
/// headers (`(?:`, `(?i:`, `(?<name>`, `(?#…)`) and verbs (`(*MARK:x)`). It never recurses,
/// so hostile nesting cannot exhaust the stack.
private struct PatternScanner {
    let route: String
    let bytes: [UInt8]
    /// Where the last `)` and the last `:]` start (-1 when there is none). A search for a
    /// closing `)` or `:]` that starts after them fails at once instead of scanning to the
    /// end, so a route of thousands of unclosed `(*` or `[:` is rejected in linear time.
    private let lastParen: Int
    private let lastPosixClose: Int

    init(route: String, bytes: [UInt8]) {
        self.route = route
        self.bytes = bytes
        lastParen = bytes.lastIndex(of: UInt8(ascii: ")")) ?? -1
        var posix = bytes.count - 2
        while posix >= 0 && !(bytes[posix] == UInt8(ascii: ":") && bytes[posix + 1] == UInt8(ascii: "]")) {
            posix -= 1
        }
        lastPosixClose = posix
    }

    func column(_ offset: Int) -> Int {
        RoutePattern.column(ofOffset: offset, in: route)
    }

    /// Splits the pattern at every `/` outside groups, classes and escapes, checking that
    /// brackets balance.
    func splitSegments(from start: Int) throws(RouteError) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var openParens: [Int] = []
        var segmentStart = start
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                index = try skipEscape(at: index)
                continue
            case UInt8(ascii: "["):
                index = try skipClass(at: index)
                continue
            case UInt8(ascii: "("):
                if let end = skipOpaqueGroup(at: index) {
                    index = end
                    continue
                }
                openParens.append(index)
            case UInt8(ascii: ")"):
                guard openParens.popLast() != nil else {
                    throw .unbalancedBracket(route: route, column: column(index), bracket: ")")
                }
            case UInt8(ascii: "]"):
                throw .unbalancedBracket(route: route, column: column(index), bracket: "]")
            case UInt8(ascii: "/") where openParens.isEmpty:
                ranges.append(segmentStart..<index)
                segmentStart = index + 1
            default:
                break
            }
            index += 1
        }
        if let unclosed = openParens.first {
            throw .unbalancedBracket(route: route, column: column(unclosed), bracket: "(")
        }
        ranges.append(segmentStart..<bytes.count)
        return ranges
    }

    /// The offset after the escape starting at `index` (`\x`, a multi-byte scalar after the
    /// backslash, or `\Q…\E`); a `\Q` without its `\E` is an error.
    func skipEscape(at index: Int) throws(RouteError) -> Int {
        guard index + 1 < bytes.count else {
            // PCRE2 would report this as "\ at end of pattern" (its error 101); once the
            // segment is wrapped in a group the message would be misleading, so it is
            // reported here, with PCRE2's text, whatever the engine.
            throw .invalidRegex(route: route, column: column(index), message: #"\ at end of pattern"#)
        }
        if bytes[index + 1] == UInt8(ascii: "Q") {
            var cursor = index + 2
            while cursor + 1 < bytes.count {
                if bytes[cursor] == UInt8(ascii: "\\") && bytes[cursor + 1] == UInt8(ascii: "E") {
                    return cursor + 2
                }
                cursor += 1
            }
            // PCRE2 would quote to the end of the pattern, but each segment is wrapped in a
            // group, so the quote would swallow the group's ")" and PCRE2 would report a
            // missing parenthesis. Name the real problem instead.
            throw .invalidRegex(
                route: route, column: column(index),
                message: "\\Q is never ended by \\E (write \\E where the quoted text ends)")
        }
        return nextScalar(after: index + 1)
    }

    /// The offset after the character class starting at `index`. A `]` right after `[` or
    /// `[^` is a literal, and `[:name:]` inside a class is a POSIX class.
    func skipClass(at start: Int) throws(RouteError) -> Int {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "^") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1 }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index = try skipEscape(at: index)
                continue
            case UInt8(ascii: "]"):
                return index + 1
            case UInt8(ascii: "[") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ":"):
                if index + 2 <= lastPosixClose, let close = find(":]", from: index + 2) {
                    index = close + 2
                    continue
                }
            default:
                break
            }
            index += 1
        }
        throw .unbalancedBracket(route: route, column: column(start), bracket: "[")
    }

    /// For a comment `(?#…)` or a verb `(*…)`, whose text is not regex syntax, the offset
    /// after its `)`; nil for any other group.
    func skipOpaqueGroup(at index: Int) -> Int? {
        guard index + 1 < bytes.count else { return nil }
        let isComment =
            bytes[index + 1] == UInt8(ascii: "?") && index + 2 < bytes.count
            && bytes[index + 2] == UInt8(ascii: "#")
        let isVerb = bytes[index + 1] == UInt8(ascii: "*")
        guard isComment || isVerb, index + 2 <= lastParen,
            let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ")"))
        else {
            return nil
        }
        return close + 1
    }

    /// The offset after a group header `(?…` (flags, names, lookaround markers and the
    /// `:` that ends flag groups), so its colon is not read as a parameter.
    func skipGroupHeader(at index: Int, end: Int) -> Int {
        var cursor = index + 2
        while cursor < end, bytes[cursor].isGroupHeaderCharacter { cursor += 1 }
        if cursor < end, bytes[cursor] == UInt8(ascii: ":") { cursor += 1 }
        return cursor
    }

    /// The offset of the `)` closing the group opened at `open`, within `end`.
    func matchingParen(_ open: Int, end: Int) throws(RouteError) -> Int {
        var depth = 0
        var index = open
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index = try skipEscape(at: index)
                continue
            case UInt8(ascii: "["):
                index = try skipClass(at: index)
                continue
            case UInt8(ascii: "("):
                if let after = skipOpaqueGroup(at: index), after <= end {
                    index = after
                    continue
                }
                depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return index }
            default:
                break
            }
            index += 1
        }
        // splitSegments checked the balance of the whole route, so this is unreachable for
        // routes it accepted; report it rather than trap.
        throw .unbalancedBracket(route: route, column: column(open), bracket: "(")
    }

    /// Classifies the segment in `range` (Documentation/spec/routing.md §2).
    func segment(_ range: Range<Int>) throws(RouteError) -> RoutePattern.Segment {
        let text = String(decoding: bytes[range], as: UTF8.self)
        let make = { (form: RoutePattern.Form) in
            RoutePattern.Segment(text: text, offset: range.lowerBound, form: form)
        }
        if text == "*" { return make(.wildcard) }
        if text == "**" { return make(.glob) }
        if let name = parameterName(range) { return make(.parameter(name)) }
        if range.count > 2, bytes[range.upperBound - 1] == UInt8(ascii: "?"),
            let name = parameterName(range.lowerBound..<range.upperBound - 1)
        {
            return make(.optionalParameter(name))
        }
        let (pieces, isRegex) = try tokenize(range)
        if !isRegex, pieces.allSatisfy({ if case .text = $0 { true } else { false } }) {
            return make(.literal)
        }
        return make(.pattern(pieces, isRegex: isRegex))
    }

    /// The name when `range` is exactly `:name`.
    private func parameterName(_ range: Range<Int>) -> String? {
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: ":"),
            bytes[(range.lowerBound + 1)..<range.upperBound].allSatisfy(\.isNameCharacter)
        else { return nil }
        return String(decoding: bytes[(range.lowerBound + 1)..<range.upperBound], as: UTF8.self)
    }

    /// Splits a segment into text and `:name` / `:name(regex)` pieces, and tells whether it
    /// has a regex metacharacter outside parameter groups.
    private func tokenize(_ range: Range<Int>) throws(RouteError) -> ([RoutePattern.Piece], Bool) {
        var pieces: [RoutePattern.Piece] = []
        var isRegex = false
        var textStart = range.lowerBound
        var index = range.lowerBound
        func flushText(upTo end: Int) {
            if end > textStart {
                pieces.append(
                    .text(String(decoding: bytes[textStart..<end], as: UTF8.self), offset: textStart))
            }
        }
        while index < range.upperBound {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                isRegex = true
                index = try skipEscape(at: index)
            case UInt8(ascii: "["):
                isRegex = true
                index = try skipClass(at: index)
            case UInt8(ascii: "("):
                isRegex = true
                if let after = skipOpaqueGroup(at: index) {
                    index = after
                } else if index + 1 < range.upperBound, bytes[index + 1] == UInt8(ascii: "?") {
                    index = skipGroupHeader(at: index, end: range.upperBound)
                } else {
                    index += 1
                }
            case UInt8(ascii: ":") where index + 1 < range.upperBound && bytes[index + 1].isNameCharacter:
                flushText(upTo: index)
                var nameEnd = index + 1
                while nameEnd < range.upperBound, bytes[nameEnd].isNameCharacter { nameEnd += 1 }
                let name = String(decoding: bytes[(index + 1)..<nameEnd], as: UTF8.self)
                if nameEnd < range.upperBound, bytes[nameEnd] == UInt8(ascii: "(") {
                    let close = try matchingParen(nameEnd, end: range.upperBound)
                    let regex = String(decoding: bytes[(nameEnd + 1)..<close], as: UTF8.self)
                    pieces.append(
                        .parameter(name: name, offset: index, regex: regex, regexOffset: nameEnd + 1))
                    index = close + 1
                } else {
                    pieces.append(.parameter(name: name, offset: index, regex: nil, regexOffset: nameEnd))
                    index = nameEnd
                }
                textStart = index
            default:
                if byte.isRegexMetacharacter { isRegex = true }
                index += 1
            }
        }
        flushText(upTo: range.upperBound)
        return (pieces, isRegex)
    }

    private func find(_ needle: String, from start: Int) -> Int? {
        let needle = Array(needle.utf8)
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private func nextScalar(after index: Int) -> Int {
        var cursor = index + 1
        while cursor < bytes.count, bytes[cursor] & 0xC0 == 0x80 { cursor += 1 }
        return cursor
    }
}

extension UInt8 {
    var isASCIILetter: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z"))
            || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
    }

    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

    /// `[A-Za-z0-9+.-]`, the characters of a scheme after its first letter.
    var isSchemeCharacter: Bool {
        isASCIILetter || isASCIIDigit || self == UInt8(ascii: "+") || self == UInt8(ascii: ".")
            || self == UInt8(ascii: "-")
    }

    /// `[A-Za-z0-9_-]`, the characters of a parameter name.
    var isNameCharacter: Bool {
        isASCIILetter || isASCIIDigit || self == UInt8(ascii: "_") || self == UInt8(ascii: "-")
    }

    /// `\ ^ $ * + ? ( ) [ ] { } |` (Documentation/spec/routing.md §2).
    var isRegexMetacharacter: Bool {
        switch self {
        case UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: "?"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"):
            true
        default:
            false
        }
    }

    /// Characters that may follow `(?` in a group header: flags, `<name>`, `'name'`,
    /// `P<name>`, lookaround markers, `|`, `>` and `&`.
    fileprivate var isGroupHeaderCharacter: Bool {
        isASCIILetter || isASCIIDigit || self == UInt8(ascii: "^") || self == UInt8(ascii: "-")
            || self == UInt8(ascii: "_") || self == UInt8(ascii: "<") || self == UInt8(ascii: ">")
            || self == UInt8(ascii: "=") || self == UInt8(ascii: "!") || self == UInt8(ascii: "'")
            || self == UInt8(ascii: "|") || self == UInt8(ascii: "&") || self == UInt8(ascii: "+")
    }
}
