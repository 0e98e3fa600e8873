/// A route ready for matching: its pattern, the trie steps of its literal and parameter
/// prefix, and the compiled regex of its tail (Documentation/spec/routing.md §2; see ``RouteTable``).
///
/// The prefix holds the segments up to the first one that needs a regex; that segment
/// and everything after it form the *tail*, one anchored PCRE2 pattern run on the rest of
/// the decoded path. A route compiles once, when registered, and is shared by every table
/// built afterwards.
package final class CompiledRoute: Sendable {
    /// The parsed route.
    package let pattern: RoutePattern
    /// The scheme, lower-cased, when the route has one.
    package let schemeKey: [UInt8]?
    /// One step per prefix segment, consuming one URL segment each.
    package let steps: [TrieStep]
    /// How the route ends after its prefix.
    package let terminal: Terminal
    /// The parameters captured by `.any` steps: the step's depth and the name.
    let captures: [(depth: Int, name: String)]
    /// The tail regex, when `terminal` is `.tail`.
    package let tail: RouteRegex?
    /// Whether the tail's pattern repeats a group that repeats
    /// (``RouteRegex/repeatsRepeatingGroup``), kept apart so that a search past an
    /// exhausted regex budget reads it without taking a reference to ``tail``.
    let tailRepeatsRepeatingGroup: Bool
    /// Prefix segments the trie reaches through an `.any` step but that must also pass a
    /// regex of their own, on that one segment: the host of a host route written as
    /// `:name(regex)` or a mixed segment (`:sub.example.com`, Documentation/spec/routing.md §1), and a
    /// non-ASCII literal that folds case (Documentation/spec/routing.md §4). In depth order.
    package let checks: [SegmentCheck]

    /// A prefix segment matched by its own anchored regex, on that segment alone.
    package struct SegmentCheck: Sendable {
        /// The segment's depth (0 is the host of a host route).
        package let depth: Int
        /// The segment's regex; its groups are the segment's parameters.
        package let regex: RouteRegex
        /// Whether the segment is a literal (so `explain` reports a literal difference).
        package let isLiteral: Bool
    }

    /// A step of the prefix.
    package enum TrieStep: Sendable, Hashable {
        /// A literal segment; the key is lower-cased when the segment compares
        /// case-insensitively.
        case literal([UInt8])
        /// `:name` or `*`: any non-empty segment.
        case any
    }

    /// How a route ends.
    package enum Terminal: Sendable, Hashable {
        /// The URL must have no segment left.
        case end
        /// `:name?`: no segment left, or exactly one non-empty segment, captured.
        case optional(String)
        /// `**`: any remaining segments, captured joined by `/`.
        case glob
        /// A regex tail run on the rest of the path.
        case tail
    }

    /// Parses and compiles `route` for a router with `options`.
    ///
    /// - Throws: ``RouteError``; nothing is kept when it throws.
    package init(_ route: String, options: RouterOptions) throws(RouteError) {
        let pattern = try RoutePattern(route, strictTrailingSlash: options.strictTrailingSlash)
        self.pattern = pattern
        schemeKey = pattern.scheme.map { Array($0.utf8).map(\.asciiLowercased) }
        var steps: [TrieStep] = []
        var captures: [(depth: Int, name: String)] = []
        var terminal = Terminal.end
        var checks: [SegmentCheck] = []
        var tailStart: Int?
        /// The segment at `index` as a check, reached through an `.any` step.
        func check(_ index: Int, isLiteral: Bool) throws(RouteError) {
            let emitter = RegexEmitter(
                pattern: pattern, segments: index..<(index + 1),
                caseInsensitivePaths: options.caseInsensitivePaths, separatorBeforeFirst: false)
            let regex = try emitter.compile(fallbackOffset: pattern.segments[index].offset)
            checks.append(SegmentCheck(depth: index, regex: regex, isLiteral: isLiteral))
            steps.append(.any)
        }
        scan: for (index, segment) in pattern.segments.enumerated() {
            let insensitive = RegexEmitter.isCaseInsensitive(
                pattern, segment: index, caseInsensitivePaths: options.caseInsensitivePaths)
            switch segment.form {
            case .literal:
                let bytes = Array(segment.text.utf8)
                if insensitive && !bytes.allSatisfy({ $0 < 0x80 }) {
                    // Non-ASCII text folds by Unicode rules, which only PCRE2 implements
                    // here: the segment stays one literal segment, compared by its own regex
                    // (Documentation/spec/routing.md §4: an option never changes what kind of part it is).
                    try check(index, isLiteral: true)
                } else {
                    steps.append(.literal(insensitive ? bytes.map(\.asciiLowercased) : bytes))
                }
            case .parameter(let name):
                captures.append((index, name))
                steps.append(.any)
            case .wildcard:
                steps.append(.any)
            case .optionalParameter(let name):
                terminal = .optional(name)
            case .glob:
                terminal = .glob
            case .pattern(_, let isRegex) where pattern.kind == .host && index == 0 && !isRegex:
                // `:name(regex)` or a mixed segment as the host: matched against the host
                // alone, and the path after it segment by segment (Documentation/spec/routing.md §1). Only a
                // raw-regex host is matched with the path as one string.
                try check(index, isLiteral: false)
            case .pattern:
                tailStart = index
                break scan
            }
        }
        if let tailStart {
            let emitter = RegexEmitter(
                pattern: pattern, segments: tailStart..<pattern.segments.count,
                caseInsensitivePaths: options.caseInsensitivePaths, separatorBeforeFirst: false)
            let compiled = try emitter.compile(fallbackOffset: pattern.segments[tailStart].offset)
            tail = compiled
            tailRepeatsRepeatingGroup = compiled.repeatsRepeatingGroup
            terminal = .tail
        } else {
            tail = nil
            tailRepeatsRepeatingGroup = false
        }
        self.steps = steps
        self.captures = captures
        self.terminal = terminal
        self.checks = checks
        regexesAreCaseless = options.caseInsensitivePaths
    }

    /// The depth at which the terminal applies: the number of prefix steps.
    package var terminalDepth: Int { steps.count }

    /// Whether the route's regexes match caselessly (paths are case-insensitive).
    package let regexesAreCaseless: Bool

    /// The number of capture groups the tail and check regexes need in match data.
    package var groupCount: Int {
        checks.reduce(tail?.regex.captureCount ?? 0) { max($0, $1.regex.regex.captureCount) }
    }

    /// Whether every segment check passes on `view` (the view the route's trie searches),
    /// each paid for from `budget`.
    ///
    /// - Returns: `.matched`, `.noMatch`, or the limit the first failing check hit, or
    ///   `.budgetSpent`.
    func passesChecks(
        _ view: SegmentView, limits: RegexLimits, data: MatchData, budget: inout LookupBudget
    ) -> RegexOutcome {
        for check in checks {
            guard check.depth < view.count else { return .noMatch }
            let outcome = check.regex.regex.match(
                view.segment(check.depth), limits: limits, into: data, budget: &budget)
            guard outcome == .matched else { return outcome }
        }
        return .matched
    }
}

extension UInt8 {
    /// The byte with ASCII upper-case letters lowered; other bytes unchanged.
    @inline(__always)
    package var asciiLowercased: UInt8 {
        self &- UInt8(ascii: "A") < 26 ? self | 0x20 : self
    }
}
