import Waypoint

extension DestinationRouter {
    /// The destination of an adapter's link, matched as
    /// `Router.match(_:)` matches it; the builders' deep link carries the
    /// link (`DeepLink.link(as:)`).
    public func destination(for link: some RoutableLink) -> Destination? {
        destination(for: link.linkRequest)
    }
}
