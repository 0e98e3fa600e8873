/// Route parameters read by type: `match.routeParameters.require("id", as: Int.self)`.
extension RouteParameters: NamedParameters {}
