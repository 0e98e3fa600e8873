/// Whether a PCRE2 pattern repeats a group that itself repeats, such as `(a+)+`, `(\w*)*`
/// or `(?:[a-z]+-?){2,}`: the shape whose backtracking grows exponentially with the subject
/// when a match fails, so that one run can reach the match limit (Documentation/spec/routing.md §4).
///
/// The reader skips escapes and character classes and keeps a stack of open groups; it
/// claims only what it sees, so a pattern it cannot read is reported as not nested.
///
/// `waypoint lint` names the routes of this shape, and a lookup whose regex budget is
/// exhausted no longer runs tails of this shape (``LookupBudget``).
package enum NestedRepetition {
    /// Whether `pattern` has a repeated group with a repetition inside.
    package static func occurs(in pattern: String) -> Bool {
        let text = Array(pattern.unicodeScalars)
        // For each open group: whether something inside it repeats.
        var repeats = [false]
        var index = 0
        while index < text.count {
            // The atom at `index` ends before `end`.
            var end = index + 1
            switch text[index] {
            case "\\":
                end = index + 2
            case "[":
                end = classEnd(text, from: index) + 1
            case "(":
                repeats.append(false)
                index += 1
                continue
            case ")":
                guard repeats.count > 1 else { return false }
                let inner = repeats.removeLast()
                let (quantified, next) = repetition(text, at: index + 1)
                if quantified && inner { return true }
                if quantified || inner { repeats[repeats.count - 1] = true }
                index = next
                continue
            default:
                break
            }
            let (quantified, next) = repetition(text, at: end)
            if quantified { repeats[repeats.count - 1] = true }
            index = next
        }
        return false
    }

    /// Whether a quantifier that may repeat more than once (`*`, `+`, `{n,}`, `{n,m}` with
    /// m > 1) starts at `index`, and the index after it (and after a lazy or possessive
    /// mark).
    private static func repetition(_ text: [Unicode.Scalar], at index: Int) -> (Bool, Int) {
        guard index < text.count else { return (false, index) }
        var end = index
        var repeats = false
        switch text[index] {
        case "*", "+":
            repeats = true
            end = index + 1
        case "?":
            end = index + 1
        case "{":
            guard let close = text[index...].firstIndex(of: "}") else { return (false, index) }
            let body = String(String.UnicodeScalarView(text[(index + 1)..<close]))
            let bounds = body.split(separator: ",", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), bounds.allSatisfy({ $0.allSatisfy(\.isNumber) }),
                !bounds[0].isEmpty || bounds.count == 2
            else { return (false, index) }
            repeats =
                bounds.count == 2
                ? (bounds[1].isEmpty || (Int(bounds[1]) ?? 0) > 1) : (Int(bounds[0]) ?? 0) > 1
            end = close + 1
        default:
            return (false, index)
        }
        if end < text.count, text[end] == "?" || text[end] == "+" { end += 1 }
        return (repeats, end)
    }

    /// The index of the `]` that closes the class opened at `start`, or the end.
    private static func classEnd(_ text: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        if index < text.count, text[index] == "^" { index += 1 }
        if index < text.count, text[index] == "]" { index += 1 }
        while index < text.count {
            if text[index] == "\\" {
                index += 2
                continue
            }
            if text[index] == "]" { return index }
            index += 1
        }
        return text.count
    }
}
