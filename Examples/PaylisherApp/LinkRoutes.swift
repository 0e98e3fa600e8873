import Waypoint
import WaypointPaylisher

/// Paylisher links routed with Waypoint's route language: a link is matched by its
/// normalised segments, so one route serves `yourapp://products/42` and
/// `https://link.paylisher.com/products/42` alike.
func makeLinkRoutes(open: @escaping @Sendable (String) -> Void) throws -> Router {
    let routes = Router()
    try routes.register("/products/:id/reviews") { link in
        open("reviews of \(link.routeParameters["id"] ?? "")")
    }
    try routes.register("/products/:id") { link in
        open("product \(link.routeParameters["id"] ?? "")")
    }
    try routes.register("/**") { link in
        open("home (destination \(link.paylisherLink?.destination ?? "none"))")
    }
    return routes
}
