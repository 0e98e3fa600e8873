/// A link processed by Detour: where it came from and the in-app route it names.
///
/// Its `Codable` keys are the property names; `type` is encoded as its raw value.
public struct DetourLink: Sendable, Hashable, Codable {
    /// The link as received (trimmed, `//` links prefixed with `https:`), or the link a short
    /// link resolved to.
    public let url: String
    /// The in-app path and query, always starting with `/` and never percent-decoded.
    public let route: String
    /// `route` up to its first `?`.
    public let pathname: String
    /// The query of `route`, decoded like WHATWG `URLSearchParams` (last value per key).
    public let params: [String: String]
    /// How the link reached the app.
    public let type: LinkType

    /// Creates a link from its fields.
    public init(url: String, route: String, pathname: String, params: [String: String], type: LinkType) {
        self.url = url
        self.route = route
        self.pathname = pathname
        self.params = params
        self.type = type
    }
}
