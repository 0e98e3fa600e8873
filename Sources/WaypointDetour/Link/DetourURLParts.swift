/// The textual split of a URL-like string (Documentation/spec/detour.md §2.1). It never fails and validates
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
        let colon = text.unicodeScalars.firstIndex(of: ":") ?? text.endIndex
        scheme = text[..<colon]
        let rest = colon == text.endIndex ? text[colon...] : text[text.unicodeScalars.index(after: colon)...]
        let beforeFragment = rest[..<(rest.unicodeScalars.firstIndex(of: "#") ?? rest.endIndex)]
        let hierarchy: Substring
        if let questionMark = beforeFragment.unicodeScalars.firstIndex(of: "?") {
            hierarchy = beforeFragment[..<questionMark]
            query = beforeFragment[beforeFragment.unicodeScalars.index(after: questionMark)...]
        } else {
            hierarchy = beforeFragment
            query = nil
        }
        if hierarchy.utf8.starts(with: "//".utf8) {
            let afterSlashes = hierarchy[hierarchy.utf8.index(hierarchy.startIndex, offsetBy: 2)...]
            let pathStart = afterSlashes.unicodeScalars.firstIndex(of: "/") ?? afterSlashes.endIndex
            let authority = afterSlashes[..<pathStart]
            self.authority = authority
            host =
                authority.unicodeScalars.lastIndex(of: "@").map {
                    authority[authority.unicodeScalars.index(after: $0)...]
                } ?? authority
            path = afterSlashes[pathStart...]
        } else {
            authority = nil
            host = nil
            path = hierarchy
        }
    }
}
