import Waypoint

/// A regex tail with its parameter names erased: two tails with the same signature compile
/// to the same regex (up to group names) and so match exactly the same rests of a URL.
///
/// Lint cannot tell which URLs a general regex matches, but it can tell that an earlier
/// route whose tail has the same signature, after a prefix that covers the later route's
/// prefix, matches every URL the later one matches.
struct TailSignature: Sendable, Hashable {
    /// The tail's segments, each as a list of tagged pieces.
    let parts: [String]

    /// The signature of `pattern`'s segments from `start` on.
    init(_ pattern: RoutePattern, from start: Int) {
        var parts = [pattern.kind == .host && start == 0 ? "host" : "path"]
        for segment in pattern.segments[start...] {
            parts.append("/")
            switch segment.form {
            case .literal: parts.append("L" + segment.text)
            case .parameter: parts.append("P")
            case .optionalParameter: parts.append("O")
            case .wildcard: parts.append("W")
            case .glob: parts.append("G")
            case .pattern(let pieces, let isRegex):
                parts.append(isRegex ? "R" : "M")
                for piece in pieces {
                    switch piece {
                    case .text(let text, _): parts.append("T" + text)
                    case .parameter(_, _, let regex, _): parts.append(regex.map { "C" + $0 } ?? "N")
                    }
                }
            }
        }
        self.parts = parts
    }
}
