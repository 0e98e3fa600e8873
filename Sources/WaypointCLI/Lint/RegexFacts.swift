import Waypoint

/// What lint can tell for certain about a PCRE2 pattern without running it: whether any
/// match can contain `/`, and how short a match can be.
///
/// The analysis reads the usual syntax (literals, escapes, classes, groups, alternation,
/// quantifiers, lookarounds, option settings). Anything it does not read with certainty
/// (backreferences, recursion, conditionals, verbs, `\p{…}`, extended mode, …) makes it
/// give up with ``unknown``, which claims nothing.
struct RegexFacts: Sendable, Hashable {
    /// Whether no match can contain a `/`.
    let neverMatchesSlash: Bool
    /// A lower bound on the length of every match, in characters.
    let minimumLength: Int

    /// The facts that claim nothing.
    static let unknown = RegexFacts(neverMatchesSlash: false, minimumLength: 0)

    /// The patterns (after unwrapping whole-pattern groups) that match every string: as
    /// Documentation/spec/routing.md §1 says, `.*` matches every URL.
    private static let everything: Set<String> = [
        ".*", ".*?", "(?s).*", "(?s).*?", "[\\s\\S]*", "[\\s\\S]*?",
    ]
    /// The patterns that match every non-empty string.
    private static let everyNonEmpty: Set<String> = [
        ".+", ".+?", "(?s).+", "(?s).+?", "[\\s\\S]+", "[\\s\\S]+?",
    ]

    /// Whether `pattern` is one of the spellings of "any string": `.*`, `(.*)`, `(?:.*)`,
    /// `(?s).*`, `[\s\S]*`, lazy or not.
    static func matchesEverything(_ pattern: String) -> Bool {
        everything.contains(unwrapped(pattern))
    }

    /// Whether `pattern` is one of the spellings of "any non-empty string": `.+` and its
    /// variants.
    static func matchesEveryNonEmpty(_ pattern: String) -> Bool {
        everyNonEmpty.contains(unwrapped(pattern))
    }

    /// `pattern` without groups `(…)`, `(?:…)` that enclose all of it; `(?s:…)` becomes
    /// `(?s)…`. The groups are the atoms of ``RegexSyntax``, so `(a)|(b)` is no enclosing
    /// group and `(\))` is one.
    static func unwrapped(_ pattern: String) -> String {
        let syntax = RegexSyntax(pattern)
        let atoms = syntax.atoms
        var first = 0
        var last = atoms.count - 1
        var prefix = ""
        unwrapping: while first < last, atoms[first].partner == last,
            case .groupOpen(let group) = atoms[first].kind
        {
            switch group {
            case .capturing, .nonCapturing:
                first += 1
                last -= 1
            case .withOptions where syntax.text(of: atoms[first]) == "(?s:":
                prefix = "(?s)"
                first += 1
                last -= 1
                break unwrapping
            default:
                break unwrapping
            }
        }
        guard first <= last else { return prefix }
        return prefix + syntax.text(atoms[first].range.lowerBound..<atoms[last].range.upperBound)
    }

    /// Analyzes `pattern`.
    static func analyze(_ pattern: String) -> RegexFacts {
        RegexScanner(RegexSyntax(pattern)).facts() ?? .unknown
    }
}
