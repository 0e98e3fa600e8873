import Waypoint
import WaypointTables

/// The paths one route matches on a host, as pieces that Android's path attributes can
/// write (Documentation/android-app-links.md §3), with why the plan is wider than the route
/// where it must be.
struct AndroidPathPlan: Hashable {
    enum Piece: Hashable {
        /// Decoded text, `/` included.
        case literal(String)
        /// A run of characters other than `/`, followed by `/` or the end: `nonEmpty` for at
        /// least one.
        case segment(nonEmpty: Bool)
        /// Anything to the end of the path.
        case rest
    }

    var pieces: [Piece]
    /// Whether ASCII letters of the literals match either case (`--case-insensitive-paths`).
    var foldsCase: Bool
    /// Why the plan matches more than the route, one phrase each; empty when exact.
    var widened: [String]

    /// The plans of `pattern`'s paths (one per way they can be written: `:name?` and `**`
    /// give two; without `--strict-trailing-slash`, each form that does not end in a rest
    /// also with a trailing `/`).
    ///
    /// `routes` says whether the route matches a decoded path: each form is tried with its
    /// segments filled, and a form the route does not match that way (an optional or a
    /// regex that can be empty, where the router does not take the shorter path) is kept, so
    /// that no routed URL is lost, but counted as wider.
    static func plans(
        _ pattern: RoutePattern, exactHost: Bool, options: RouterOptions, routes: (String) -> Bool
    ) -> [AndroidPathPlan] {
        let folds = options.caseInsensitivePaths
        var segments = pattern.segments[...]
        var widened: [String] = []
        if pattern.kind == .host, let first = segments.first {
            if case .pattern(_, isRegex: true) = first.form, !exactHost {
                // A raw regex over host and path: every path, unless it matches everything.
                if !RegexFacts.matchesEverything(first.text) && pattern.segments.count == 1 {
                    widened.append("\(first.text.quoted) is matched against host and path together")
                }
                if pattern.segments.count > 1 {
                    widened.append("\(pattern.route.quoted) is a regex over host and path")
                }
                return [AndroidPathPlan(pieces: [.literal("/"), .rest], foldsCase: false, widened: widened)]
            }
            // `**` alone (after a scheme or not) matches every URL.
            if first.form == .glob {
                return [AndroidPathPlan(pieces: [.literal("/"), .rest], foldsCase: false, widened: [])]
            }
            segments = segments.dropFirst()
        }
        var alternatives: [[Piece]] = [[]]
        var ended = false
        for (offset, segment) in segments.enumerated() where !ended {
            let isLast = offset == segments.count - 1
            func append(_ pieces: [Piece]) {
                alternatives = alternatives.map { $0 + [.literal("/")] + pieces }
            }
            switch segment.form {
            case .literal:
                if folds && segment.text.unicodeScalars.contains(where: { !$0.isASCII && isCased($0) }) {
                    widened.append(
                        "\(segment.text.quoted) folds case beyond ASCII, which no attribute can say")
                    append([.segment(nonEmpty: !segment.text.isEmpty)])
                } else {
                    append([.literal(segment.text)])
                }
            case .parameter, .wildcard:
                append([.segment(nonEmpty: true)])
            case .optionalParameter:
                alternatives = alternatives.flatMap { [$0, $0 + [.literal("/"), .segment(nonEmpty: true)]] }
            case .glob:
                alternatives = alternatives.flatMap { [$0, $0 + [.literal("/"), .rest]] }
                ended = true
            case .pattern(let parts, let isRegex):
                var facts: [RegexFacts] = []
                for part in parts {
                    switch part {
                    case .text(let text, _) where !isRegex:
                        facts.append(
                            RegexFacts(neverMatchesSlash: !text.contains("/"), minimumLength: text.count))
                    case .text(let regex, _):
                        facts.append(RegexFacts.analyze(regex))
                    case .parameter(_, _, let regex, _):
                        facts.append(
                            regex.map(RegexFacts.analyze)
                                ?? RegexFacts(neverMatchesSlash: true, minimumLength: 1))
                    }
                }
                let canBeEmpty = facts.allSatisfy { $0.minimumLength == 0 }
                // Literal text then one plain parameter: exact.
                if !isRegex, parts.count >= 2, case .parameter(_, _, nil, _) = parts[parts.count - 1],
                    parts.dropLast().allSatisfy({ if case .text = $0 { true } else { false } }),
                    !(folds
                        && parts.contains {
                            if case .text(let text, _) = $0 {
                                text.unicodeScalars.contains { !$0.isASCII && isCased($0) }
                            } else {
                                false
                            }
                        })
                {
                    let text = parts.dropLast().map { if case .text(let text, _) = $0 { text } else { "" } }
                        .joined()
                    append([.literal(text), .segment(nonEmpty: true)])
                    continue
                }
                if isLast && RegexFacts.matchesEverything(segment.text) {
                    alternatives = alternatives.flatMap { [$0, $0 + [.literal("/"), .rest]] }
                    ended = true
                    continue
                }
                let withoutIt = isLast && canBeEmpty ? alternatives : []
                if facts.allSatisfy(\.neverMatchesSlash) {
                    widened.append("\(segment.text.quoted) becomes any characters but \"/\"")
                    append([.segment(nonEmpty: !canBeEmpty)])
                } else {
                    widened.append(
                        "\(segment.text.quoted) may span segments, so the rest of the path is open")
                    append([.rest])
                    ended = true
                }
                alternatives = withoutIt + alternatives
            }
        }
        if !options.strictTrailingSlash {
            alternatives = alternatives.flatMap { pieces in
                pieces.isEmpty || pieces.last == .rest ? [pieces] : [pieces, pieces + [.literal("/")]]
            }
        }
        var seen = Set<[Piece]>()
        return alternatives.filter { seen.insert($0).inserted }.map { pieces in
            let pieces = merged(pieces.isEmpty ? [.literal("/")] : pieces)
            let sample = pieces.map { piece in
                switch piece {
                case .literal(let text): text
                case .segment, .rest: "x"
                }
            }.joined()
            var reasons = widened
            if !routes(sample) {
                reasons.append("the route does not match \(sample.quoted), a path of this form")
            }
            return AndroidPathPlan(pieces: pieces, foldsCase: folds, widened: reasons)
        }
    }

    /// Whether `scalar` has another case.
    static func isCased(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.changesWhenCaseMapped
    }

    /// `pieces` with adjacent literals joined.
    private static func merged(_ pieces: [Piece]) -> [Piece] {
        var result: [Piece] = []
        for piece in pieces {
            if case .literal(let text) = piece, case .literal(let before)? = result.last {
                result[result.count - 1] = .literal(before + text)
            } else {
                result.append(piece)
            }
        }
        return result
    }
}
