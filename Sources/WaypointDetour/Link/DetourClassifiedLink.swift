/// A trimmed, normalised, non-infrastructure link and its form.
package struct DetourClassifiedLink: Sendable, Hashable {
    /// The link after trimming, with `https:` in front of a `//` link; fragment included.
    package let text: String
    /// Web, scheme or plain path.
    package let kind: DetourLinkKind
}
