import Waypoint

/// An app's rules indexed by the literal text their path pattern starts with, so that a
/// decision tries only the rules whose start fits the URL's path: a file of thousands of
/// `/pN/*` components costs a walk down the path, not thousands of matches.
///
/// Rules that compare the path as written and case-sensitively are indexed by their
/// pattern's leading literal; the others are always tried.
struct UniversalLinkPrefixIndex: Sendable {
    /// Each node's children by character; node 0 is the root.
    private var children: [[Unicode.Scalar: Int]] = [[:]]
    /// The rules (positions in the app's list) whose prefix ends at each node.
    private var rulesAt: [[Int]] = [[]]
    /// The rules that are always tried.
    private var always: [Int] = []

    /// The index of `rules`, an app's rules in order.
    init(_ rules: [UniversalLinkCompiledRule]) {
        for (position, rule) in rules.enumerated() {
            guard rule.percentEncoded, rule.caseSensitive else {
                always.append(position)
                continue
            }
            var node = 0
            for scalar in rule.path.program.prefix {
                if let child = children[node][scalar] {
                    node = child
                } else {
                    children.append([:])
                    rulesAt.append([])
                    children[node][scalar] = children.count - 1
                    node = children.count - 1
                }
            }
            rulesAt[node].append(position)
        }
    }

    /// The positions of the rules that may match `path` (as written), in order.
    func candidates(for path: Substring) -> [Int] {
        var found = always + rulesAt[0]
        var node = 0
        for scalar in path.unicodeScalars {
            guard let child = children[node][scalar] else { break }
            node = child
            found += rulesAt[node]
        }
        return found.sorted()
    }
}
