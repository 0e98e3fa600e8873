/// Whether a PCRE2 pattern repeats a group that itself repeats, such as `(a+)+`, `(\w*)*`
/// or `(?:[a-z]+-?){2,}`: the shape whose backtracking grows exponentially with the subject
/// when a match fails, so that one run can reach the match limit (Documentation/spec/routing.md §4).
///
/// It reads the pattern's atoms (``RegexSyntax``), so text that only looks like a group is
/// no group: a quoted literal `\Q(a+)+\E`, a comment `(?#(a+)`, a class `[(a+)]+` or
/// escaped brackets `\(a+\)+`. A quantifier repeats what PCRE2 says it repeats, past
/// comments (`(a+)(?#c)+` is nested). It claims only what it reads: a pattern whose brackets
/// do not pair is reported as not nested.
///
/// `waypoint lint` names the routes of this shape, a lookup whose regex budget is
/// exhausted no longer runs tails of this shape (``LookupBudget``), and the Foundation
/// engine counts a failed run of this shape as work it could not see.
package enum NestedRepetition {
    /// Whether `pattern` has a repeated group with a repetition inside.
    package static func occurs(in pattern: String) -> Bool {
        occurs(in: RegexSyntax(pattern))
    }

    /// Whether the pattern `syntax` read has a repeated group with a repetition inside.
    package static func occurs(in syntax: RegexSyntax) -> Bool {
        /// What a quantifier at this point repeats.
        enum Repeated {
            case nothing
            case item
            /// A group, and whether something inside it repeats.
            case group(repeatsInside: Bool)
        }
        // For each open group (the whole pattern first): whether something inside it repeats.
        var repeats = [false]
        var last = Repeated.nothing
        for atom in syntax.atoms where !syntax.isTransparent(atom) {
            switch atom.kind {
            case .groupOpen:
                repeats.append(false)
                last = .nothing
            case .groupClose:
                guard atom.partner != nil, repeats.count > 1 else { return false }
                let inside = repeats.removeLast()
                if inside { repeats[repeats.count - 1] = true }
                last = .group(repeatsInside: inside)
            case .quantifier(let quantifier):
                switch last {
                case .group(true) where quantifier.repeats:
                    return true
                case .group, .item:
                    if quantifier.repeats { repeats[repeats.count - 1] = true }
                case .nothing:
                    break
                }
                last = .nothing
            case .literal, .dot, .escape, .quoted, .characterClass, .reference:
                last = .item
            case .anchor, .alternation, .comment, .optionSetting, .verb, .callout, .posixClass,
                .collatingElement:
                last = .nothing
            }
        }
        return false
    }
}
