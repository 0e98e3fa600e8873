/// Android's simple glob (`android:pathPattern`, `PatternMatcher.PATTERN_SIMPLE_GLOB`), run as
/// Android runs it: one pass, left to right, no backtracking (decisions.md, "Android's globs
/// as the platform runs them").
///
/// - `.` matches any one character, and so does `\.`: the escape only keeps a `.` before
///   `*` from being a wildcard.
/// - `c*` takes every `c` at that point, as many as there are (an escaped `c` included).
/// - `.*` at the end of the pattern matches whatever is left; `.*` followed by a character
///   (after its `\`, if escaped) skips to the first occurrence of that character and
///   consumes it, compared literally even when it is `.`.
/// - When the path runs out first, only a `.*` left as the last two characters still
///   matches.
enum AndroidSimpleGlob {
    private static let dot = UInt16(UInt8(ascii: "."))
    private static let star = UInt16(UInt8(ascii: "*"))
    private static let backslash = UInt16(UInt8(ascii: "\\"))

    static func matches(pattern: [UInt16], _ path: [UInt16]) -> Bool {
        guard !pattern.isEmpty else { return path.isEmpty }
        // Past the end of the pattern reads as 0, which no path character from XML can be.
        func at(_ index: Int) -> UInt16 { index < pattern.count ? pattern[index] : 0 }
        var position = 0
        var consumed = 0
        while position < pattern.count, consumed < path.count {
            var character = pattern[position]
            position += 1
            let escaped = character == backslash
            if escaped {
                character = at(position)
                position += 1
            }
            guard at(position) == star, position < pattern.count else {
                if character != dot && path[consumed] != character { return false }
                consumed += 1
                continue
            }
            if !escaped && character == dot {
                // `.*`: everything when it ends the pattern, else up to the next character.
                if position >= pattern.count - 1 { return true }
                position += 1
                var target = pattern[position]
                if target == backslash {
                    position += 1
                    target = at(position)
                }
                while consumed < path.count, path[consumed] != target { consumed += 1 }
                if consumed == path.count { return false }
                position += 1
                consumed += 1
            } else {
                // `c*`: every `c` here.
                while consumed < path.count, path[consumed] == character { consumed += 1 }
                position += 1
            }
        }
        if position >= pattern.count && consumed >= path.count { return true }
        return position == pattern.count - 2 && pattern[position] == dot && pattern[position + 1] == star
    }
}
