import Foundation

/// The outcome of dispatching a URL (routing.md §5).
public struct DeepLinkResult: Sendable {
    /// Whether a handler handled the link.
    public let isHandled: Bool
    /// The link given to the handler that handled it; when nothing handled it, the link of
    /// the first matching route, or nil when no route matched.
    public let deepLink: DeepLink?
    /// The route whose handler handled the link (or the first matching route).
    public let route: String?
    /// Why the link was not handled; nil when it was.
    public let failure: RoutingFailure?

    /// Creates a result.
    public init(isHandled: Bool, deepLink: DeepLink?, route: String?, failure: RoutingFailure?) {
        self.isHandled = isHandled
        self.deepLink = deepLink
        self.route = route
        self.failure = failure
    }

    /// A result for a link that was not handled.
    static func failed(
        _ failure: RoutingFailure, deepLink: DeepLink? = nil, route: String? = nil
    ) -> DeepLinkResult {
        DeepLinkResult(isHandled: false, deepLink: deepLink, route: route, failure: failure)
    }
}
