import Foundation

/// A route table whose routes turn links into values of the app's own type: the parse
/// step of an app's navigation, with the route language and priority of ``Router``.
///
/// ```swift
/// enum Screen: Sendable { case product(Int), cart }
/// let screens = DestinationRouter<Screen>()
/// try screens.register("/products/:id") { link in .product(try link.parameters.require("id", as: Int.self)) }
/// try screens.register("/cart") { _ in .cart }
/// screens.destination(for: URL(string: "myapp://x/products/42")!)  // .product(42)
/// ```
///
/// Among the routes that match, the earliest registered wins; when its builder returns nil
/// or throws, the next matching route is tried, in registration order.
public final class DestinationRouter<Destination: Sendable>: Sendable {
    /// What a route makes of a link: a destination, or nil (or an error) to pass the link on
    /// to the next matching route.
    public typealias Builder = @Sendable (DeepLink) throws -> Destination?

    /// Matching, priority and registration, shared with the handler router. Each route's
    /// handler is a ``DestinationEntry`` holding its builder, so one publication of the
    /// table makes a route and its builder visible together (issue 21 §5).
    private let router: Router

    /// Creates an empty table.
    public init(options: RouterOptions = RouterOptions()) {
        router = Router(options: options)
    }

    /// Registers `route` with the builder of its destination. Registering a route again
    /// replaces its builder and keeps its place.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(_ route: String, destination build: @escaping Builder) throws(RouteError) {
        try router.register(route, handler: DestinationEntry(build: build))
    }

    /// The registered routes in priority (registration) order.
    public var routes: [String] { router.routes }

    /// The destination of `url`: that of the earliest-registered matching route whose
    /// builder gives one; nil when no route matches or every builder passes.
    public func destination(for url: URL) -> Destination? {
        destination(for: LinkRequest(url))
    }

    /// The destination of the URL string `url`; nil when it is not a URL.
    public func destination(for url: String) -> Destination? {
        URL(string: url).flatMap { destination(for: LinkRequest(matchURL: url, url: $0)) }
    }

    /// The destination of an adapter's link.
    package func destination(for request: LinkRequest) -> Destination? {
        // One snapshot for the routes and their builders: whatever it lists, it holds.
        let snapshot = router.snapshot
        if let gate = snapshot.gate, !gate(request.url) { return nil }
        guard
            case .examined(let matches, _) = snapshot.table.all(
                request.matchURL, pathRoutesOnly: request.pathRoutesOnly)
        else { return nil }
        let query = LinkQuery.of(URLParts.rawQuery(of: request.matchURL))
        for match in matches {
            guard case .handler(let handler) = snapshot.handler(atPriority: match.priority),
                let build = (handler as? DestinationEntry<Destination>)?.build
            else { continue }
            let link = DeepLink(
                url: request.url, matchedURL: request.matched, routeParameters: match.routeParameters,
                query: query, attachment: request.attachment)
            if let destination = try? build(link) { return destination }
        }
        return nil
    }
}

/// A destination route's entry in the router's table: its builder, carried as the route's
/// handler so that the route and its builder are published in one table. The router never
/// dispatches to it; ``DestinationRouter`` reads it back.
private struct DestinationEntry<Destination: Sendable>: DeepLinkHandler {
    let build: DestinationRouter<Destination>.Builder

    func shouldHandle(_ deepLink: DeepLink) -> Bool { false }

    func handle(_ deepLink: DeepLink) -> DeepLinkHandling { .noTarget }
}
