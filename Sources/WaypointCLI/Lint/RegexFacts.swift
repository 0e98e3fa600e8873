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
    /// `(?s)…`.
    static func unwrapped(_ pattern: String) -> String {
        var text = Array(pattern.unicodeScalars)
        while text.first == "(", text.last == ")", closingParenthesis(in: text) == text.count - 1 {
            if text.starts(with: "(?:".unicodeScalars) {
                text = Array(text[3..<(text.count - 1)])
            } else if text.starts(with: "(?s:".unicodeScalars) {
                text = Array("(?s)".unicodeScalars) + text[4..<(text.count - 1)]
            } else if text.count > 1, text[1] != "?", text[1] != "*" {
                text = Array(text[1..<(text.count - 1)])
            } else {
                break
            }
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: text)
        return result
    }

    /// The index of the `)` closing the `(` at index 0, skipping escapes and classes.
    private static func closingParenthesis(in text: [Unicode.Scalar]) -> Int? {
        var depth = 0
        var index = 0
        while index < text.count {
            switch text[index] {
            case "\\":
                index += 2
                continue
            case "[":
                guard let end = RegexScanner(text).classEnd(from: index) else { return nil }
                index = end
                continue
            case "(":
                depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// Analyzes `pattern`.
    static func analyze(_ pattern: String) -> RegexFacts {
        RegexScanner(Array(pattern.unicodeScalars)).facts() ?? .unknown
    }
}
