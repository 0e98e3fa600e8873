/// Which routes the reference matcher judges exactly as the trie does.
///
/// The trie runs a route's regex tail on the path from the tail's first segment on, while
/// the reference runs one regex over the whole path. PCRE2 constructs that look outside
/// the text they are matched against, or that name groups by number or by the emitter's
/// internal names, therefore behave differently in the two and are left out of the
/// comparison: anchors (`^`, `\A`, `\G`), lookbehind, backreferences and subroutine calls
/// (`\1`, `\g`, `\k`, `(?1)`, `(?R)`, `(?&name)`, `(?P…)`), conditionals (`(?(`), verbs and
/// start-of-pattern options (`(*…)`), and groups named like the emitter's `g0`, `g1`, ….
/// Every other route, hostile ones included, is compared.
enum ReferenceComparability {
    /// Whether `route` uses none of the constructs above.
    static func isComparable(_ route: String) -> Bool {
        let bytes = Array(route.utf8)
        for index in bytes.indices {
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            let after = index + 2 < bytes.count ? bytes[index + 2] : 0
            switch bytes[index] {
            case UInt8(ascii: "^"):
                return false
            case UInt8(ascii: "\\"):
                if "AGgkK".utf8.contains(next) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
                    return false
                }
            case UInt8(ascii: "("):
                if next == UInt8(ascii: "*") { return false }
                if next == UInt8(ascii: "?") && "<'P&R(0123456789+-".utf8.contains(after) {
                    // `(?<name>` and `(?'name'` are fine unless they are lookbehind or
                    // take an emitter name; everything else listed here is excluded.
                    guard after == UInt8(ascii: "<") || after == UInt8(ascii: "'") else { return false }
                    let third = index + 3 < bytes.count ? bytes[index + 3] : 0
                    if third == UInt8(ascii: "=") || third == UInt8(ascii: "!") || third == UInt8(ascii: "g")
                    {
                        return false
                    }
                }
            default:
                break
            }
        }
        return true
    }
}
