import Waypoint

// The compiled route as the association-file analysis models it, character by character:
// read from the router's own compiled regexes so that the two never disagree. Here rather
// than in the core, so that an app that only routes links carries none of it.
extension CompiledRoute {
    /// A regex of the route as it is compiled: the segment depth it starts at (0 is the host
    /// of a host route), its PCRE2 pattern, matched against the whole subject with `.`
    /// taking every character, and whether it is caseless. Tools that model routes
    /// character by character (`waypoint aasa`) read these instead of re-deriving them.
    struct RegexText: Sendable, Hashable {
        let depth: Int
        let pattern: String
        let caseless: Bool
    }

    /// The regex the router runs on the rest of the path from the tail's depth on, when
    /// the route has a tail (Documentation/spec/routing.md §2, §4).
    var tailRegex: RegexText? {
        tail.map {
            RegexText(
                depth: terminalDepth, pattern: String(decoding: $0.pattern, as: UTF8.self),
                caseless: regexesAreCaseless)
        }
    }

    /// The regexes single prefix segments must also pass: a host written as a pattern, a
    /// non-ASCII literal that folds case.
    var segmentRegexes: [RegexText] {
        checks.map {
            RegexText(
                depth: $0.depth, pattern: String(decoding: $0.regex.pattern, as: UTF8.self),
                caseless: regexesAreCaseless)
        }
    }

    /// A step of the prefix as tools see it: a literal segment (lower-cased where it
    /// compares case-insensitively), or any non-empty segment.
    enum PrefixStep: Sendable, Hashable {
        case literal(String)
        case any
    }

    /// The prefix steps, one per segment before the terminal.
    var prefixSteps: [PrefixStep] {
        steps.map { step in
            switch step {
            case .literal(let bytes): .literal(String(decoding: bytes, as: UTF8.self))
            case .any: .any
            }
        }
    }
}
