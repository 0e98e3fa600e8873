/// "Did you mean" for a mistyped name: the closest known name, if one is close enough.
package enum Suggestion {
    /// The name in `known` nearest to `name` by edit distance (insertions, deletions,
    /// substitutions and swaps of neighbours), when at most a third of its length apart
    /// (and at least 1, at most 3); ties go to the first in sorted order.
    package static func closest(to name: String, in known: some Sequence<String>) -> String? {
        let word = Array(name.lowercased().unicodeScalars)
        var best: (distance: Int, name: String)?
        for candidate in known.sorted() {
            let distance = editDistance(word, Array(candidate.lowercased().unicodeScalars))
            if distance < (best?.distance ?? .max) { best = (distance, candidate) }
        }
        guard let best else { return nil }
        let allowed = min(3, max(1, word.count / 3))
        return best.distance <= allowed ? best.name : nil
    }

    /// ` (did you mean "name"?)`, or "" when nothing is close.
    package static func phrase(for name: String, in known: some Sequence<String>) -> String {
        closest(to: name, in: known).map { " (did you mean \($0.quoted)?)" } ?? ""
    }

    /// The optimal-string-alignment distance between `a` and `b`.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
