/// Which links the adapter handles, by where they came from (Documentation/spec/detour.md §3).
public enum LinkProcessingMode: String, Sendable, CaseIterable {
    /// Web links, scheme links and plain paths, at runtime and from deferred matching.
    case all
    /// Web links and plain paths only; scheme links give the empty result.
    case webOnly = "web-only"
    /// Only deferred links (web links and plain paths); runtime URL-like links give the empty
    /// result because the app handles them elsewhere.
    case deferredOnly = "deferred-only"
}
