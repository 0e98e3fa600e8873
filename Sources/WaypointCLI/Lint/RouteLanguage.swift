import Waypoint

/// The set of URLs a route matches, as automata lint can compare (Documentation/spec/routing.md §1–§4).
///
/// A URL is a scheme and a word of segments: the host, then the path segments split on
/// `/` before percent-decoding. A path route's first step accepts any host, the empty one
/// included; a host route's first step is its first segment. Literal hosts fold ASCII case,
/// literal path segments too when paths are case-insensitive. `:name` and `*` take one
/// non-empty segment, `:name?` an optional last one, `**` any rest. When trailing slashes
/// are ignored, the router drops one empty last segment from the route and the URL, and lets
/// the trie match the URL followed by one implied empty segment (``SegmentAutomaton``).
///
/// A non-ASCII literal that folds case is one segment of a ``SegmentClass/folded(_:)``
/// class. A host written as `:name(regex)` or as a mixed segment is matched against the
/// host alone (Documentation/spec/routing.md §1) by a regex lint does not read: as the earlier route it is a
/// ``SegmentClass/folded(_:)`` class keyed by that regex (only the same regex gives the
/// same set), as the later route either that class or any non-empty host.
///
/// Regex tails (from the first segment that needs a regex to the end) are modelled exactly
/// when they are a single `.*` or `.+` segment. Any other tail
/// gets two models: as the earlier route, an opaque ``SegmentClass/rest(_:)`` that only the
/// same tail matches (an under-approximation); as the later route, either that same opaque
/// rest, or the widest set of rests the tail could match (an over-approximation). So lint
/// reports a shadowing only when it is certain.
struct RouteLanguage: Sendable, Hashable {
    /// The scheme in lower case, when the route names one.
    let scheme: String?
    /// Every URL this automaton accepts is matched by the route.
    let asEarlier: SegmentAutomaton
    /// Automata such that, if any one of them is included in an earlier route's
    /// ``asEarlier``, every URL the route matches is matched by that earlier route.
    let asLater: [SegmentAutomaton]

    /// Whether every URL matched by `later` is matched by `earlier`, so `later` can never win
    /// when registered after `earlier`.
    static func shadows(
        _ earlier: RouteLanguage, _ later: RouteLanguage, strictTrailingSlash: Bool
    ) -> Bool {
        if let scheme = earlier.scheme, later.scheme != scheme { return false }
        return later.asLater.contains { model in
            LanguageInclusion.isIncluded(
                model, in: earlier.asEarlier, strictTrailingSlash: strictTrailingSlash)
        }
    }

    /// The language of `pattern` for a router with `options`.
    init(_ pattern: RoutePattern, options: RouterOptions) {
        guard pattern.kind == .host, case .pattern(let pieces, isRegex: false) = pattern.segments.first?.form
        else {
            self.init(pattern, options: options, hostPattern: nil)
            return
        }
        // A host pattern: the same route with the host as its opaque class, and as any
        // non-empty host (the wider model comes first, so witnesses use it).
        let key = Self.regex(pieces, isRegex: false)
        let exact = Self(pattern, options: options, hostPattern: .folded(key))
        let wide = Self(pattern, options: options, hostPattern: .nonEmpty)
        self.init(scheme: exact.scheme, asEarlier: exact.asEarlier, asLater: wide.asLater + exact.asLater)
    }

    private init(scheme: String?, asEarlier: SegmentAutomaton, asLater: [SegmentAutomaton]) {
        self.scheme = scheme
        self.asEarlier = asEarlier
        self.asLater = asLater
    }

    /// The language of `pattern`, its first segment read as `hostPattern` when given.
    private init(_ pattern: RoutePattern, options: RouterOptions, hostPattern: SegmentClass?) {
        scheme = pattern.scheme.map { String($0.lowercased()) }
        let strict = options.strictTrailingSlash
        var automaton = SegmentAutomaton()
        var state = 0
        if pattern.kind == .path { state = automaton.step(from: state, .any) }
        for (index, segment) in pattern.segments.enumerated() {
            let folds = (pattern.kind == .host && index == 0) || options.caseInsensitivePaths
            if index == 0, let hostPattern {
                state = automaton.step(from: state, hostPattern)
                continue
            }
            switch segment.form {
            case .literal where folds && !segment.text.utf8.allSatisfy({ $0 < 0x80 }):
                // One segment, compared by PCRE2's Unicode case folding.
                state = automaton.step(from: state, .folded(segment.text))
            case .literal where segment.text.isEmpty:
                state = automaton.step(from: state, .empty, isEmptyLiteral: true)
            case .literal:
                state = automaton.step(
                    from: state, .literal(folds ? Self.asciiLowercased(segment.text) : segment.text))
            case .parameter, .wildcard:
                state = automaton.step(from: state, .nonEmpty)
            case .optionalParameter:
                automaton.accept(state, .route)
                automaton.accept(automaton.step(from: state, .nonEmpty), .route)
                (asEarlier, asLater) = (automaton, [automaton])
                return
            case .glob:
                automaton.accept(state, .route)
                automaton.add(from: state, .anyRest, to: state)
                (asEarlier, asLater) = (automaton, [automaton])
                return
            case .pattern:
                (asEarlier, asLater) = Self.tail(
                    pattern, from: index, after: automaton, at: state, strict: strict)
                return
            }
        }
        automaton.accept(state, .route)
        (asEarlier, asLater) = (automaton, [automaton])
    }

    /// The models of a route whose segments from `start` on form a regex tail, which the
    /// router runs on the rest of the decoded path joined by `/` (and, when trailing
    /// slashes are ignored, on that rest followed by `/`, or on "" when no segment is left).
    private static func tail(
        _ pattern: RoutePattern, from start: Int, after prefix: SegmentAutomaton, at state: Int, strict: Bool
    ) -> (SegmentAutomaton, [SegmentAutomaton]) {
        let segments = pattern.segments[start...]
        if segments.count == 1, let segment = segments.first {
            switch segment.form {
            case .pattern(let pieces, let isRegex):
                let regex = Self.regex(pieces, isRegex: isRegex)
                if RegexFacts.matchesEverything(regex) {
                    let automaton = anyRest(after: prefix, at: state, atLeastOne: strict)
                    return (automaton, [automaton])
                }
                if RegexFacts.matchesEveryNonEmpty(regex) {
                    let automaton = nonEmptyRest(after: prefix, at: state, strict: strict)
                    return (automaton, [automaton])
                }
                let opaque = opaqueRest(pattern, from: start, after: prefix, at: state)
                return (
                    opaque,
                    [
                        singleSegment(RegexFacts.analyze(regex), after: prefix, at: state, strict: strict),
                        opaque,
                    ]
                )
            default:
                break
            }
        }
        let opaque = opaqueRest(pattern, from: start, after: prefix, at: state)
        return (opaque, [anyRest(after: prefix, at: state, atLeastOne: strict), opaque])
    }

    /// Any rest: zero or more segments, or with `atLeastOne` one or more (a strict router
    /// runs a tail only when a segment is left).
    private static func anyRest(
        after prefix: SegmentAutomaton, at state: Int, atLeastOne: Bool
    ) -> SegmentAutomaton {
        var automaton = prefix
        var end = state
        if atLeastOne { end = automaton.step(from: state, .anyRest) }
        automaton.accept(end, .tail)
        automaton.add(from: end, .anyRest, to: end)
        return automaton
    }

    /// The rests a `.+` tail matches. Ignoring trailing slashes it runs on the rest followed
    /// by `/` too, which is never empty: one or more segments. Strict, the rest itself must
    /// be non-empty: a non-empty segment, or any segment followed by at least one more.
    private static func nonEmptyRest(
        after prefix: SegmentAutomaton, at state: Int, strict: Bool
    ) -> SegmentAutomaton {
        var automaton = prefix
        let end = automaton.step(from: state, strict ? .nonEmpty : .any)
        automaton.accept(end, .tail)
        automaton.add(from: end, .anyRest, to: end)
        if strict {
            let empty = automaton.step(from: state, .empty)
            automaton.add(from: empty, .any, to: end)
        }
        return automaton
    }

    /// The tail as one opaque rest that only a tail with the same signature matches.
    private static func opaqueRest(
        _ pattern: RoutePattern, from start: Int, after prefix: SegmentAutomaton, at state: Int
    ) -> SegmentAutomaton {
        var automaton = prefix
        automaton.accept(automaton.step(from: state, .rest(TailSignature(pattern, from: start))), .tail)
        return automaton
    }

    /// The widest set of rests a one-segment regex tail with `facts` can match. A match
    /// without `/` spans at most one segment (a decoded `/` inside a segment cannot match
    /// either); ignoring trailing slashes the tail also runs on "" when no segment is left.
    private static func singleSegment(
        _ facts: RegexFacts, after prefix: SegmentAutomaton, at state: Int, strict: Bool
    ) -> SegmentAutomaton {
        guard facts.neverMatchesSlash else { return anyRest(after: prefix, at: state, atLeastOne: strict) }
        var automaton = prefix
        if facts.minimumLength > 0 {
            automaton.accept(automaton.step(from: state, .nonEmpty), .tail)
        } else {
            if !strict { automaton.accept(state, .tail) }
            automaton.accept(automaton.step(from: state, .any), .tail)
        }
        return automaton
    }

    /// The regex a pattern segment compiles to, parameter names left out: text pieces as
    /// written (or quoted when the segment is not regex), `:name(regex)` as a group and a
    /// bare `:name` as `[^/]+`.
    static func regex(_ pieces: [RoutePattern.Piece], isRegex: Bool) -> String {
        var regex = ""
        for piece in pieces {
            switch piece {
            case .text(let text, _): regex += isRegex ? text : "\\Q" + text + "\\E"
            case .parameter(_, _, let group, _): regex += group.map { "(" + $0 + ")" } ?? "[^/]+"
            }
        }
        return regex
    }

    /// `text` with ASCII letters lowered, as the router folds literal keys.
    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
