/// Picks the pasted link out of clipboard text (Documentation/spec/detour.md §6).
package enum DetourClipboardLink {
    private static let trailingPunctuation: Set<Character> = [
        ".", ",", ";", ":", "!", "?", ")", "]", "}", ">", "'", "\"",
    ]

    /// The first whitespace-separated token that starts with `http://` or `https://`
    /// (case-insensitive), with trailing `.,;:!?)]}>'"` removed. A token with nothing after
    /// its `://` once stripped is skipped.
    package static func firstWebURL(in text: String) -> String? {
        for token in text.split(whereSeparator: { $0.isWhitespace }) {
            let lowered = token.lowercased()
            let prefixLength: Int
            if lowered.hasPrefix("https://") {
                prefixLength = 8
            } else if lowered.hasPrefix("http://") {
                prefixLength = 7
            } else {
                continue
            }
            var candidate = token
            while let last = candidate.last, trailingPunctuation.contains(last) {
                candidate.removeLast()
            }
            if candidate.count > prefixLength {
                return String(candidate)
            }
        }
        return nil
    }
}
