/// A route that matches a URL, with the parameters it captured (Documentation/spec/routing.md §2, §5).
public struct RouteMatch: Sendable {
    /// The parameters the route captured, percent-decoded, in route order; read them like
    /// a dictionary (`match.routeParameters["id"]`). A `:name?` whose segment is absent, or
    /// a named group that did not take part in the match, is not present; `**` is captured
    /// under `"**"`.
    public let routeParameters: RouteParameters
    /// The route's position in registration order (0 is the first registered).
    public let priority: Int

    /// The route string, exactly as registered.
    ///
    /// The parameters hold it, so that a match keeps two references rather than three:
    /// each costs a retain when a match is made and a release when it is dropped.
    public var route: String { routeParameters.route }

    /// Creates a match value.
    public init(route: String, routeParameters: RouteParameters, priority: Int) {
        self.routeParameters = routeParameters.attached(to: route)
        self.priority = priority
    }

    /// The match of the route whose string `routeParameters` already hold.
    package init(matched routeParameters: RouteParameters, priority: Int) {
        self.routeParameters = routeParameters
        self.priority = priority
    }
}

extension RouteMatch: Hashable {
    /// Equal when the route, the parameters and the priority are.
    public static func == (lhs: RouteMatch, rhs: RouteMatch) -> Bool {
        lhs.priority == rhs.priority && lhs.route == rhs.route && lhs.routeParameters == rhs.routeParameters
    }

    /// Hashes the route, the parameters and the priority, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(route)
        hasher.combine(routeParameters)
        hasher.combine(priority)
    }
}
