import Foundation
import Waypoint

extension Router {
    /// For every route, in priority order, whether it matches `url` or where and why it
    /// stopped: the scheme, a literal segment, a missing, empty or extra segment, a regex
    /// tail, a regex limit (the router's match or depth limit, or the engine's stack), or the
    /// lookup's regex budget. A URL longer than the router's `maxURLLength`, or a string
    /// that is not an absolute URL, stops every route, since none is tried.
    public func explain(_ url: URL) -> [RouteExplanation] {
        explain(url.absoluteString)
    }

    /// ``explain(_:)-(URL)`` for a URL string.
    public func explain(_ url: String) -> [RouteExplanation] {
        table.explain(url)
    }
}
