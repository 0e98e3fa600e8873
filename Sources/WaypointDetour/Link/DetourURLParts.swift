/// The textual split of a URL-like string (detour.md §2.1). It never fails and validates
/// nothing: ports, hosts and escapes stay exactly as written.
package struct DetourURLParts: Sendable, Hashable {
    /// The text before the first `:`.
    package let scheme: Substring
    /// The text between `//` and the next `/`, or nil when the remainder has no `//`.
    package let authority: Substring?
    /// The authority after its last `@` (user-info dropped), or nil without an authority.
    package let host: Substring?
    /// The path: after the authority (starting with `/`, or empty), or the whole remainder.
    package let path: Substring
    /// The text after the first `?` and before the first `#`, or nil without a `?`.
    package let query: Substring?

    /// Splits a URL-like string; text without a `:` is treated as a scheme with an empty rest.
    package init(_ text: Substring) {
        let colon = text.firstIndex(of: ":") ?? text.endIndex
        scheme = text[..<colon]
        let rest = colon == text.endIndex ? text[colon...] : text[text.index(after: colon)...]
        let beforeFragment = rest[..<(rest.firstIndex(of: "#") ?? rest.endIndex)]
        let hierarchy: Substring
        if let questionMark = beforeFragment.firstIndex(of: "?") {
            hierarchy = beforeFragment[..<questionMark]
            query = beforeFragment[beforeFragment.index(after: questionMark)...]
        } else {
            hierarchy = beforeFragment
            query = nil
        }
        if hierarchy.hasPrefix("//") {
            let afterSlashes = hierarchy.dropFirst(2)
            let pathStart = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            let authority = afterSlashes[..<pathStart]
            self.authority = authority
            host = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
            path = afterSlashes[pathStart...]
        } else {
            authority = nil
            host = nil
            path = hierarchy
        }
    }
}
