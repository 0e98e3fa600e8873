/// Writes the PCRE2 pattern for a run of route segments, remembering for every pattern
/// byte which route byte it came from, so PCRE2's error offsets map back to route columns.
///
/// Parameters become named groups `g0`, `g1`, … (PCRE2 names cannot start with a digit or
/// contain `-`, route parameter names can), and the group-to-parameter map is read back
/// from PCRE2's name table. Each segment is wrapped in its own group so a top-level `|`
/// stays inside its segment.
struct RegexEmitter {
    /// The pattern bytes.
    private(set) var bytes: [UInt8] = []
    /// For each pattern byte, the UTF-8 offset in the route it was written from, or -1.
    private(set) var sourceOffsets: [Int] = []
    /// Parameter names by PCRE2 group name.
    private(set) var parameterByGroup: [String: String] = [:]

    private let pattern: RoutePattern
    private let caseInsensitivePaths: Bool

    /// The compile options every route regex uses: anchored at both ends; `.` matches
    /// any character, a line feed (a decoded `%0A`) included, so `.*` matches every URL as
    /// Documentation/spec/routing.md §1 says; plus caseless matching when paths are case-insensitive.
    var compileOptions: RegexOptions {
        caseInsensitivePaths
            ? [.anchored, .endAnchored, .dotAll, .caseless] : [.anchored, .endAnchored, .dotAll]
    }

    /// Emits the segments `range` of `pattern`.
    ///
    /// - Parameters:
    ///   - separatorBeforeFirst: whether the first segment is preceded by `/` (full-route
    ///     patterns of path routes, matched against `/seg/seg…`); tails and host routes
    ///     start directly with their first segment.
    init(
        pattern: RoutePattern, segments range: Range<Int>, caseInsensitivePaths: Bool,
        separatorBeforeFirst: Bool
    ) {
        self.pattern = pattern
        self.caseInsensitivePaths = caseInsensitivePaths
        for index in range {
            let separator = index != range.lowerBound || separatorBeforeFirst
            emitSegment(index, separator: separator)
        }
    }

    /// Whether literal text of segment `index` compares case-insensitively: always for the
    /// host of a host route, and for paths when the router says so.
    static func isCaseInsensitive(
        _ pattern: RoutePattern, segment index: Int, caseInsensitivePaths: Bool
    ) -> Bool {
        (pattern.kind == .host && index == 0) || caseInsensitivePaths
    }

    private mutating func emitSegment(_ index: Int, separator: Bool) {
        let segment = pattern.segments[index]
        let insensitive = Self.isCaseInsensitive(
            pattern, segment: index, caseInsensitivePaths: caseInsensitivePaths)
        switch segment.form {
        case .glob where separator:
            synthetic("(?:/")
            capture("**", offset: segment.offset) { $0.synthetic(".*") }
            synthetic(")?")
        case .glob:
            capture("**", offset: segment.offset) { $0.synthetic(".*") }
        case .optionalParameter(let name) where separator:
            synthetic("(?:/")
            capture(name, offset: segment.offset) { $0.synthetic("[^/]+") }
            synthetic(")?")
        case .optionalParameter(let name):
            // Only the host of a host route can be a first segment without a separator, and
            // a URL always has a host (possibly empty), so the segment is never absent.
            capture(name, offset: segment.offset) { $0.synthetic("[^/]+") }
        case .literal:
            if separator { synthetic("/") }
            literal(segment.text, offset: segment.offset, caseInsensitive: insensitive)
        case .parameter(let name):
            if separator { synthetic("/") }
            capture(name, offset: segment.offset) { $0.synthetic("[^/]+") }
        case .wildcard:
            if separator { synthetic("/") }
            synthetic("[^/]+")
        case .pattern(let pieces, let isRegex):
            if separator { synthetic("/") }
            synthetic("(?:")
            for (position, piece) in pieces.enumerated() {
                switch piece {
                case .text(let text, let offset):
                    if isRegex {
                        source(text, offset: offset)
                    } else {
                        literal(text, offset: offset, caseInsensitive: insensitive)
                    }
                case .parameter(let name, let offset, let regex, let regexOffset):
                    capture(name, offset: offset) { emitter in
                        if let regex {
                            emitter.source(regex, offset: regexOffset)
                        } else {
                            // Shortest first when anything follows in the segment.
                            emitter.synthetic(position == pieces.count - 1 ? "[^/]+" : "[^/]+?")
                        }
                    }
                }
            }
            synthetic(")")
        }
    }

    private mutating func capture(_ name: String, offset: Int, body: (inout RegexEmitter) -> Void) {
        let group = "g\(parameterByGroup.count)"
        parameterByGroup[group] = name
        append("(?<\(group)>", from: offset)
        body(&self)
        synthetic(")")
    }

    /// Literal text: metacharacters escaped; when case-insensitive, ASCII letters as
    /// `[aA]` inside `(?-i:…)` and other characters under `(?i:…)`, so ASCII folds exactly
    /// as the trie folds and never matches non-ASCII look-alikes such as the Kelvin sign.
    private mutating func literal(_ text: String, offset: Int, caseInsensitive: Bool) {
        if caseInsensitive { synthetic("(?-i:") }
        var position = offset
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                if caseInsensitive && byte.isASCIILetter {
                    let lower = byte | 0x20
                    append(
                        "[\(Character(Unicode.Scalar(lower)))\(Character(Unicode.Scalar(lower & ~0x20)))]",
                        from: position)
                } else if byte.isRegexMetacharacter || byte == UInt8(ascii: ".") {
                    append("\\\(Character(scalar))", from: position)
                } else {
                    append(String(Character(scalar)), from: position)
                }
            } else if caseInsensitive {
                append("(?i:\(Character(scalar)))", from: position)
            } else {
                append(String(Character(scalar)), from: position)
            }
            position += width
        }
        if caseInsensitive { synthetic(")") }
    }

    /// User regex text, copied byte for byte.
    private mutating func source(_ text: String, offset: Int) {
        for (index, byte) in text.utf8.enumerated() {
            bytes.append(byte)
            sourceOffsets.append(offset + index)
        }
    }

    private mutating func synthetic(_ text: String) {
        append(text, from: -1)
    }

    private mutating func append(_ text: String, from offset: Int) {
        bytes.append(contentsOf: text.utf8)
        sourceOffsets.append(contentsOf: repeatElement(offset, count: text.utf8.count))
    }

    /// The route offset for a PCRE2 error at pattern offset `offset`: the byte it came from,
    /// else the nearest earlier user byte, else the first segment's start.
    func routeOffset(forPatternOffset offset: Int, fallback: Int) -> Int {
        var index = min(offset, sourceOffsets.count - 1)
        while index >= 0 {
            if sourceOffsets[index] >= 0 {
                return offset >= sourceOffsets.count ? sourceOffsets[index] + 1 : sourceOffsets[index]
            }
            index -= 1
        }
        return fallback
    }

    /// Compiles the emitted pattern; a PCRE2 error becomes ``RouteError/invalidRegex``
    /// at the route column the error points to.
    func compile(fallbackOffset: Int) throws(RouteError) -> RouteRegex {
        do {
            let regex = try Regex(pattern: bytes, options: compileOptions)
            var names: [(group: Int, name: String)] = []
            for (group, number) in regex.groupNumbers {
                if let name = parameterByGroup[group] { names.append((number, name)) }
            }
            names.sort { $0.group < $1.group }
            return RouteRegex(
                regex: regex, parameters: names, pattern: bytes,
                repeatsRepeatingGroup: NestedRepetition.occurs(in: RegexSyntax(bytes)))
        } catch {
            let offset = routeOffset(forPatternOffset: error.offset, fallback: fallbackOffset)
            throw .invalidRegex(
                route: pattern.route,
                column: min(pattern.column(ofOffset: offset), pattern.route.unicodeScalars.count),
                message: error.message)
        }
    }
}

/// A compiled route regex and the route parameter bound to each of its named groups.
///
/// A class, so that a lookup that reads a route's tail or a segment check takes one
/// reference, not one for each of the regex, the pattern and the names.
package final class RouteRegex: Sendable {
    /// The compiled pattern.
    let regex: Regex
    /// Group numbers and the parameter names they capture, in group order.
    let parameters: [(group: Int, name: String)]
    /// The groups of ``parameters``, in the same order, and whether each is the `**` one
    /// (whose absence reads as the empty string): what a lookup reads when it takes the
    /// values' ranges, without a reference to each name.
    let groups: [(number: Int, isGlob: Bool)]
    /// The pattern compiled (with the compile options of every route of its router): two
    /// route regexes with the same pattern match the same subjects alike, whatever their
    /// parameter names, which the pattern names `g0`, `g1`, … (``RegexEmitter``).
    package let pattern: [UInt8]
    /// Whether the pattern repeats a group that repeats (``NestedRepetition``), the shape
    /// that can backtrack exponentially: once a lookup's budget is exhausted, such a tail is
    /// not run (``LookupBudget``).
    let repeatsRepeatingGroup: Bool

    init(
        regex: Regex, parameters: [(group: Int, name: String)], pattern: [UInt8],
        repeatsRepeatingGroup: Bool
    ) {
        self.regex = regex
        self.parameters = parameters
        groups = parameters.map { ($0.group, $0.name == "**") }
        self.pattern = pattern
        self.repeatsRepeatingGroup = repeatsRepeatingGroup
    }
}
