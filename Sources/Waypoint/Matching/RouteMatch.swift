/// A route that matches a URL, with the parameters it captured (routing.md §2, §5).
public struct RouteMatch: Sendable, Hashable {
    /// The route string, exactly as registered.
    public let route: String
    /// Parameter values by name, percent-decoded. A `:name?` whose segment is absent, or a
    /// named group that did not take part in the match, is not in the dictionary; `**` is
    /// captured under the key `"**"`.
    public let routeParameters: [String: String]
    /// The route's position in registration order (0 is the first registered).
    public let priority: Int

    /// Creates a match value.
    public init(route: String, routeParameters: [String: String], priority: Int) {
        self.route = route
        self.routeParameters = routeParameters
        self.priority = priority
    }
}
