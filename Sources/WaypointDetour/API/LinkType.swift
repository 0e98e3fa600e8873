/// How a Detour link reached the app.
public enum LinkType: String, Codable, Sendable, CaseIterable {
    /// A link returned by deferred matching (match-link), whatever its form.
    case deferred
    /// A web link (`http`, `https`, `//`) or a plain path.
    case verified
    /// A link with a custom scheme, such as `myapp://product/1`.
    case scheme
}
