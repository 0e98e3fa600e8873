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
        guard !bytes.isEmpty else { throw .emptyRoute(route: route, column: 1) }

        let schemeEnd = Self.schemeLength(bytes)
        let bodyStart = schemeEnd.map { $0 + 3 } ?? 0
        guard bodyStart < bytes.count else {
            throw .emptyRoute(route: route, column: Self.column(ofOffset: bodyStart, in: route))
        }
        self.route = route
        scheme = schemeEnd.map { String(decoding: bytes[0..<$0], as: UTF8.self) }
        kind = bytes[bodyStart] == UInt8(ascii: "/") ? .path : .host

        let scanner = PatternScanner(
            route: route, bytes: bytes, from: kind == .path ? bodyStart + 1 : bodyStart)
        let ranges = try scanner.splitSegments()
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

/// The scanner behind ``RoutePattern``: it reads the route's pattern with ``RegexSyntax``
/// (the reader every part of Waypoint reads regex syntax with) and finds segment boundaries,
/// balances brackets and tells `:name` tokens from regex syntax on its atoms. So a `/`, `(`,
/// `)` or `:` inside an escape, a class, `\Q…\E`, a comment `(?#…)`, a verb `(*MARK:x)` or a
/// group header `(?i:` is what PCRE2 reads it as. It never recurses, so hostile nesting
/// cannot exhaust the stack.
private struct PatternScanner {
    let route: String
    let bytes: [UInt8]
    /// The pattern's atoms, from the first segment's start.
    let syntax: RegexSyntax
    /// Where the first segment starts.
    let start: Int

    /// A segment: its bytes and its atoms.
    struct Span {
        let bytes: Range<Int>
        let atoms: Range<Int>
    }

    init(route: String, bytes: [UInt8], from start: Int) {
        self.route = route
        self.bytes = bytes
        self.start = start
        syntax = RegexSyntax(bytes, from: start, segmentsAreGroups: true)
    }

    func column(_ offset: Int) -> Int {
        RoutePattern.column(ofOffset: offset, in: route)
    }

    /// Splits the pattern at every `/` outside groups, classes and escapes, checking that
    /// brackets balance and that every construct is closed.
    func splitSegments() throws(RouteError) -> [Span] {
        var spans: [Span] = []
        var depth = 0
        var segmentStart = start
        var firstAtom = 0
        for (index, atom) in syntax.atoms.enumerated() {
            if !atom.isComplete { try reportIncomplete(atom) }
            switch atom.kind {
            case .groupOpen:
                depth += 1
            case .groupClose:
                guard atom.partner != nil else {
                    throw .unbalancedBracket(
                        route: route, column: column(atom.range.lowerBound), bracket: ")")
                }
                depth -= 1
            case .literal where bytes[atom.range.lowerBound] == UInt8(ascii: "]"):
                throw .unbalancedBracket(route: route, column: column(atom.range.lowerBound), bracket: "]")
            case .literal where bytes[atom.range.lowerBound] == UInt8(ascii: "/") && depth == 0:
                spans.append(Span(bytes: segmentStart..<atom.range.lowerBound, atoms: firstAtom..<index))
                segmentStart = atom.range.upperBound
                firstAtom = index + 1
            default:
                break
            }
        }
        if let unclosed = firstUnclosedGroup {
            throw .unbalancedBracket(route: route, column: column(unclosed), bracket: "(")
        }
        spans.append(Span(bytes: segmentStart..<bytes.count, atoms: firstAtom..<syntax.atoms.count))
        return spans
    }

    /// Where the first group that is never closed opens.
    private var firstUnclosedGroup: Int? {
        syntax.atoms.first { atom in
            if case .groupOpen = atom.kind { atom.partner == nil } else { false }
        }?.range.lowerBound
    }

    /// The error for a construct without its closing delimiter, which runs to the end.
    private func reportIncomplete(_ atom: RegexSyntax.Atom) throws(RouteError) {
        switch atom.kind {
        case .escape:
            // PCRE2 would report this as "\ at end of pattern" (its error 101); once the
            // segment is wrapped in a group the message would be misleading, so it is
            // reported here, with PCRE2's text, whatever the engine.
            throw .invalidRegex(
                route: route, column: column(atom.range.lowerBound), message: #"\ at end of pattern"#)
        case .quoted:
            // PCRE2 would quote to the end of the pattern, but each segment is wrapped in a
            // group, so the quote would swallow the group's ")" and PCRE2 would report a
            // missing parenthesis. Name the real problem instead.
            throw .invalidRegex(
                route: route, column: column(atom.range.lowerBound),
                message: "\\Q is never ended by \\E (write \\E where the quoted text ends)")
        case .characterClass(_, let items):
            // A class runs to the end when its `]` is missing or an item inside runs there.
            for item in syntax.classItems[items] where !item.isComplete { try reportIncomplete(item) }
            throw .unbalancedBracket(route: route, column: column(atom.range.lowerBound), bracket: "[")
        default:
            // A comment, verb or callout without its `)`: the first group still open there
            // is never closed.
            throw .unbalancedBracket(
                route: route, column: column(firstUnclosedGroup ?? atom.range.lowerBound), bracket: "(")
        }
    }

    /// Classifies the segment `span` (Documentation/spec/routing.md §2).
    func segment(_ span: Span) throws(RouteError) -> RoutePattern.Segment {
        let range = span.bytes
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
        let (pieces, isRegex) = tokenize(span)
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

    /// Whether `atom` is one character of a parameter name.
    private func isNameCharacter(_ atom: RegexSyntax.Atom) -> Bool {
        atom.kind == .literal && atom.range.count == 1 && bytes[atom.range.lowerBound].isNameCharacter
    }

    /// Splits a segment into text and `:name` / `:name(regex)` pieces, and tells whether it
    /// has a regex metacharacter outside parameter groups.
    private func tokenize(_ span: Span) -> ([RoutePattern.Piece], Bool) {
        let atoms = syntax.atoms
        var pieces: [RoutePattern.Piece] = []
        var isRegex = false
        var textStart = span.bytes.lowerBound
        var index = span.atoms.lowerBound
        while index < span.atoms.upperBound {
            let atom = atoms[index]
            guard atom.kind == .literal, bytes[atom.range.lowerBound] == UInt8(ascii: ":"),
                index + 1 < span.atoms.upperBound, isNameCharacter(atoms[index + 1])
            else {
                switch atom.kind {
                case .literal: if bytes[atom.range.lowerBound].isRegexMetacharacter { isRegex = true }
                case .dot: break
                default: isRegex = true
                }
                index += 1
                continue
            }
            if atom.range.lowerBound > textStart {
                pieces.append(
                    .text(
                        String(decoding: bytes[textStart..<atom.range.lowerBound], as: UTF8.self),
                        offset: textStart))
            }
            var after = index + 1
            while after < span.atoms.upperBound, isNameCharacter(atoms[after]) { after += 1 }
            let nameEnd = atoms[after - 1].range.upperBound
            let name = String(decoding: bytes[(atom.range.lowerBound + 1)..<nameEnd], as: UTF8.self)
            // A group right after the name is its regex; the split found its partner.
            if after < span.atoms.upperBound, case .groupOpen = atoms[after].kind,
                let close = atoms[after].partner
            {
                let regex = String(
                    decoding: bytes[(nameEnd + 1)..<atoms[close].range.lowerBound], as: UTF8.self)
                pieces.append(
                    .parameter(
                        name: name, offset: atom.range.lowerBound, regex: regex, regexOffset: nameEnd + 1))
                index = close + 1
                textStart = atoms[close].range.upperBound
            } else {
                pieces.append(
                    .parameter(name: name, offset: atom.range.lowerBound, regex: nil, regexOffset: nameEnd))
                index = after
                textStart = nameEnd
            }
        }
        if span.bytes.upperBound > textStart {
            pieces.append(
                .text(
                    String(decoding: bytes[textStart..<span.bytes.upperBound], as: UTF8.self),
                    offset: textStart))
        }
        return (pieces, isRegex)
    }
}

extension UInt8 {
    package var isASCIILetter: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z"))
            || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
    }

    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

    /// `[A-Za-z0-9+.-]`, the characters of a scheme after its first letter.
    package var isSchemeCharacter: Bool {
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
}
