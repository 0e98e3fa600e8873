import Foundation
import Waypoint

/// A Paylisher link reaches the core router, its handlers and destinations by its segments,
/// not its raw URL (Documentation/spec/paylisher.md §8): it is matched as a URL with the link's scheme, an
/// empty host, the path ``routePath`` and the link's raw query. Path routes therefore match
/// the custom-scheme and web forms alike (`yourapp://products/42` and
/// `https://link.paylisher.com/products/42` both match `/products/:id`); a route with a
/// scheme still matches only that scheme; host routes take no part. Handlers get a deep
/// link whose `url` is the link's original ``url`` and whose
/// ``Waypoint/DeepLink/paylisherLink`` is the link.
extension PaylisherDeepLink: RoutableLink {
    /// `scheme:` + ``routePath`` + `?` + the raw query when the link has one: a URL without
    /// an authority, so its host is empty (`yourapp:/products/42?src=push`).
    public var routeURL: String {
        scheme + ":" + routePath + (rawQuery.map { "?" + $0 } ?? "")
    }

    /// ``url``, the link as the app received it.
    public var receivedURL: URL { url }
}

extension DeepLink {
    /// The Paylisher link this deep link was dispatched from, or nil when it did not come
    /// through the Paylisher adapter.
    public var paylisherLink: PaylisherDeepLink? {
        link(as: PaylisherDeepLink.self)
    }
}
