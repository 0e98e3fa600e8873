/// The form of a link after classification (Documentation/spec/detour.md §2 steps 3–5).
package enum DetourLinkKind: Sendable, Hashable {
    /// A URL-like link with scheme `http` or `https` (any case), or a `//` link.
    case web
    /// A URL-like link with any other scheme.
    case scheme
    /// Anything without a scheme before its first `:`.
    case plainPath
}
