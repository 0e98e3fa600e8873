/// A route that matches a URL, with the parameters it captured (routing.md §2, §5).
public struct RouteMatch: Sendable, Hashable {
    /// The route string, exactly as registered.
    public let route: String
    /// The parameters the route captured, percent-decoded, in route order; read them like
    /// a dictionary (`match.routeParameters["id"]`). A `:name?` whose segment is absent, or
    /// a named group that did not take part in the match, is not present; `**` is captured
    /// under `"**"`.
    public let routeParameters: RouteParameters
    /// The route's position in registration order (0 is the first registered).
    public let priority: Int

    /// Creates a match value.
    public init(route: String, routeParameters: RouteParameters, priority: Int) {
        self.route = route
        self.routeParameters = routeParameters
        self.priority = priority
    }
}
