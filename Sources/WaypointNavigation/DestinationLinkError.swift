import Waypoint
import WaypointReverseRouting
/// Why ``DestinationRouter/url(for:scheme:host:)`` could not give a link that opens the
/// destination again.
public enum DestinationLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No route registered with a printer
    /// (``DestinationRouter/register(_:parent:destination:link:)-(_,_,DestinationRouter<Destination>.Builder,_)``)
    /// prints the destination, described as `String(describing:)` does.
    case noRoute(destination: String)
    /// The route that prints the destination makes no URL of its parameters: a parameter
    /// is missing or rejected by its pattern, another route would win the URL, and the
    /// other reasons `ReverseRoutingError` lists (the `WaypointReverseRouting` product: a
    /// file that names its cases imports it).
    case route(ReverseRoutingError)
    /// The URL opens `route` with the printed parameters, but reads back as another
    /// destination: that of `winner`'s builder (described), or none when every builder
    /// passes (`winner` and `destination` nil). The builder and printer of the route do
    /// not agree.
    case otherDestination(route: String, url: String, winner: String?, destination: String?)
    /// The printer of `route` wrote a query item named `name`, which the route captures as
    /// a parameter: `DeepLink.parameters` reads the route's parameter first, so the item
    /// could never be read back.
    case queryItemNamesParameter(route: String, name: String)

    /// A sentence naming the destination or route and the problem.
    public var description: String {
        switch self {
        case .noRoute(let destination):
            return "no route prints the destination \(destination)"
        case .route(let error):
            return error.description
        case .otherDestination(let route, let url, let winner, let destination):
            let read =
                if let winner, let destination {
                    "reads back as \(destination) through route \(DiagnosticText.quoted(winner))"
                } else {
                    "reads back as no destination"
                }
            return "\(DiagnosticText.quoted(url)), printed by route \(DiagnosticText.quoted(route)), \(read)"
        case .queryItemNamesParameter(let route, let name):
            return
                "route \(DiagnosticText.quoted(route)) printed the query item \(DiagnosticText.quoted(name)), "
                + "which is one of its parameters"
        }
    }
}
