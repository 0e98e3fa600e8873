import Foundation

/// A route table whose routes turn links into values of the app's own type, and those
/// values back into links: the parse and print steps of an app's navigation, with the
/// route language and priority of ``Router``.
///
/// ```swift
/// import Foundation
/// import Waypoint
///
/// enum Screen: Hashable, Sendable { case product(Int), cart }
///
/// func screens() throws -> DestinationRouter<Screen> {
///     let screens = DestinationRouter<Screen>()
///     try screens.register("/products/:id([0-9]+)") { link in
///         .product(try link.parameters.require("id", as: Int.self))
///     } link: { screen in
///         guard case .product(let id) = screen else { return nil }
///         return ["id": String(id)]
///     }
///     try screens.register("/cart") { _ in .cart } link: { $0 == .cart ? [:] : nil }
///     return screens
/// }
/// // destination(for: "myapp:///products/42") is .product(42), and
/// // url(for: .product(42), scheme: "myapp") is myapp:///products/42.
/// ```
///
/// Among the routes that match, the earliest registered wins; when its builder returns nil
/// or throws, the next matching route is tried, in registration order.
public final class DestinationRouter<Destination: Sendable>: Sendable {
    /// What a route makes of a link: a destination, or nil (or an error) to pass the link on
    /// to the next matching route.
    public typealias Builder = @Sendable (DeepLink) throws -> Destination?

    /// What a route prints for a destination: the route's parameters that carry it (for a
    /// `*` segment the parameter named `"*"`, for `**` the one named `"**"`), or nil when the
    /// route does not print this destination.
    public typealias Printer = @Sendable (Destination) -> RouteParameters?

    /// Matching, priority and registration, shared with the handler router. Each route's
    /// handler is a ``DestinationEntry`` holding its builder and printer, so one publication
    /// of the table makes a route, its builder and its printer visible together (issue 21 §5).
    private let router: Router

    /// Creates an empty table.
    public init(options: RouterOptions = RouterOptions()) {
        router = Router(options: options)
    }

    /// The options every route is compiled with.
    public var options: RouterOptions { router.options }

    /// Registers `route` with the builder of its destination. Registering a route again
    /// replaces its builder (and drops its printer) and keeps its place.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(_ route: String, destination build: @escaping Builder) throws(RouteError) {
        try router.register(route, handler: DestinationEntry(build: build, print: nil))
    }

    /// Registers `route` with the builder of its destination and the printer that writes
    /// a destination back into the route's parameters: one registration for both
    /// directions, which ``url(for:scheme:host:)`` uses.
    ///
    /// ```swift
    /// import Waypoint
    ///
    /// enum Screen: Hashable, Sendable { case order(Int) }
    ///
    /// let screens = DestinationRouter<Screen>()
    /// try screens.register("/orders/:id") { link in
    ///     .order(try link.parameters.require("id", as: Int.self))
    /// } link: { screen in
    ///     guard case .order(let id) = screen else { return nil }
    ///     return ["id": String(id)]
    /// }
    /// ```
    ///
    /// Registering a route again replaces its builder and printer and keeps its place.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(
        _ route: String, destination build: @escaping Builder, link print: @escaping Printer
    ) throws(RouteError) {
        try router.register(route, handler: DestinationEntry(build: build, print: print))
    }

    /// Registers the route `route` names with the builder of its destination.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(_ route: RouteName, destination build: @escaping Builder) throws(RouteError) {
        try register(route.route, destination: build)
    }

    /// Registers the route `route` names with the builder of its destination and its printer.
    ///
    /// - Throws: ``RouteError`` when the route is invalid; nothing is registered then.
    public func register(
        _ route: RouteName, destination build: @escaping Builder, link print: @escaping Printer
    ) throws(RouteError) {
        try register(route.route, destination: build, link: print)
    }

    /// Removes `route`.
    ///
    /// - Returns: whether the route was registered.
    @discardableResult
    public func remove(_ route: String) -> Bool {
        router.remove(route)
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
        resolve(request, in: router.snapshot)?.destination
    }

    /// A destination and the route whose builder gave it.
    private struct Resolved {
        let destination: Destination
        let route: String
        let priority: Int
        let parameters: RouteParameters
    }

    /// The destination of `request` in `snapshot`, with its route.
    private func resolve(_ request: LinkRequest, in snapshot: Router.Snapshot) -> Resolved? {
        // One snapshot for the routes and their builders: whatever it lists, it holds.
        if let gate = snapshot.gate, !gate(request.url) { return nil }
        guard
            case .examined(let matches, _) = snapshot.table.all(
                request.matchURL, pathRoutesOnly: request.pathRoutesOnly)
        else { return nil }
        let query = LinkQuery.of(URLParts.rawQuery(of: request.matchURL))
        for match in matches {
            guard let build = Self.entry(snapshot.handler(atPriority: match.priority))?.build else {
                continue
            }
            let link = DeepLink(
                url: request.url, matchedURL: request.matched, routeParameters: match.routeParameters,
                query: query, attachment: request.attachment)
            if let destination = try? build(link) {
                return Resolved(
                    destination: destination, route: match.route, priority: match.priority,
                    parameters: match.routeParameters)
            }
        }
        return nil
    }

    /// The destination entry a route's handler holds.
    private static func entry(_ handler: RouteHandler) -> DestinationEntry<Destination>? {
        guard case .handler(let handler) = handler else { return nil }
        return handler as? DestinationEntry<Destination>
    }

    // MARK: Printing

    /// The link that opens `destination`: the URL of the first route, in priority order,
    /// whose printer prints it, checked by reading it back.
    ///
    /// ```swift
    /// import Foundation
    /// import Waypoint
    ///
    /// enum Screen: Hashable, Sendable { case order(Int) }
    ///
    /// func shareLink(_ screens: DestinationRouter<Screen>) throws -> URL {
    ///     try screens.url(for: .order(7), scheme: "myapp")  // myapp:///orders/7
    /// }
    /// ```
    ///
    /// The URL is written as ``Router/url(for:parameters:scheme:host:)-(String,_,_,_)``
    /// writes it, then read back with ``destination(for:)-(URL)``: it is returned only when
    /// it gives `destination` again (compared with `==` when `Destination` is `Equatable`;
    /// otherwise it must come from the same route with the same parameters). When it does
    /// not, the next route that prints `destination` is tried, and the first route's error
    /// is thrown when none gives a URL.
    ///
    /// - Parameters:
    ///   - destination: The destination to link to.
    ///   - scheme: The URL's scheme; required when the route names none.
    ///   - host: For a path route, the URL's host; nil writes an empty host. A host route
    ///     writes its own host and ignores this one.
    /// - Throws: ``DestinationLinkError``: no route prints the destination; the route's
    ///   parameters make no URL (a value its pattern rejects, an earlier route that would win:
    ///   ``DestinationLinkError/route(_:)``); or the URL reads back as another destination.
    /// - Complexity: one call of each printer registered before the route that prints
    ///   `destination`, then what ``Router/url(for:parameters:scheme:host:)-(String,_,_,_)`` costs.
    public func url(
        for destination: Destination, scheme: String? = nil, host: String? = nil
    ) throws(DestinationLinkError) -> URL {
        let snapshot = router.snapshot
        var first: DestinationLinkError?
        for (priority, compiled) in snapshot.table.routes.enumerated() {
            guard let print = Self.entry(snapshot.handler(atPriority: priority))?.print,
                let parameters = print(destination)
            else { continue }
            // A host route writes its own host: `host` is for path routes.
            let host = compiled.pattern.kind == .host ? nil : host
            switch link(
                for: destination, route: compiled.pattern.route, parameters, scheme: scheme, host: host)
            {
            case .success(let url): return url
            case .failure(let error): if first == nil { first = error }
            }
        }
        throw first ?? .noRoute(destination: String(describing: destination))
    }

    /// The URL that `route` matches with `parameters`, as
    /// ``Router/url(for:parameters:scheme:host:)-(String,_,_,_)`` writes and checks it.
    ///
    /// - Throws: ``ReverseRoutingError``.
    public func url(
        for route: RouteName, parameters: RouteParameters = RouteParameters(), scheme: String? = nil,
        host: String? = nil
    ) throws(ReverseRoutingError) -> URL {
        try router.url(for: route.route, parameters: parameters, scheme: scheme, host: host)
    }

    /// The URL of `destination` through `route` with the printed `parameters`: the first
    /// spelling that reads back as `destination`, or why none does.
    private func link(
        for destination: Destination, route: String, _ parameters: RouteParameters, scheme: String?,
        host: String?
    ) -> Result<URL, DestinationLinkError> {
        let plan: ReversePlan
        do {
            plan = try router.reversePlan(for: route, parameters: parameters, scheme: scheme, host: host)
        } catch {
            return .failure(.route(error))
        }
        let own = plan.snapshot.table.priority(of: RouteTable.RegistrationOrder(plan.order))
        var first: DestinationLinkError?
        for candidate in plan.candidates {
            let request = LinkRequest(matchURL: candidate.text, url: candidate.url)
            let resolved = resolve(request, in: plan.snapshot)
            if let resolved, Self.same(resolved, destination, route: route, parameters: plan.expected) {
                return .success(candidate.url)
            }
            guard first == nil else { continue }
            if let resolved, resolved.priority < own {
                first = .route(.shadowed(route: route, url: candidate.text, winner: resolved.route))
            } else if let refusal = plan.refusal(of: candidate), !refusal.isShadowed {
                first = .route(refusal)
            } else {
                first = .otherDestination(
                    route: route, url: candidate.text, winner: resolved?.route,
                    destination: resolved.map { String(describing: $0.destination) })
            }
        }
        return .failure(first ?? .noRoute(destination: String(describing: destination)))
    }

    /// Whether `resolved` gives `destination` back: by `==` for an `Equatable` destination,
    /// otherwise by route and parameters.
    private static func same(
        _ resolved: Resolved, _ destination: Destination, route: String, parameters: RouteParameters
    ) -> Bool {
        if let equal = equals(resolved.destination, destination) { return equal }
        return resolved.route == route && resolved.parameters == parameters
    }

    /// `lhs == rhs` when `Destination` is `Equatable`; nil when it is not.
    private static func equals(_ lhs: Destination, _ rhs: Destination) -> Bool? {
        guard let lhs = lhs as? any Equatable else { return nil }
        return lhs.isEqual(to: rhs)
    }
}

extension Equatable {
    /// Whether `other` is a `Self` equal to this value.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self).map { $0 == self } ?? false
    }
}

extension ReverseRoutingError {
    /// Whether the error is ``shadowed(route:url:winner:)``.
    fileprivate var isShadowed: Bool {
        if case .shadowed = self { true } else { false }
    }
}

/// A destination route's entry in the router's table: its builder and printer, carried as
/// the route's handler so that the route, its builder and its printer are published in one
/// table. The router never dispatches to it; ``DestinationRouter`` reads it back.
private struct DestinationEntry<Destination: Sendable>: DeepLinkHandler {
    let build: DestinationRouter<Destination>.Builder
    let print: DestinationRouter<Destination>.Printer?

    func shouldHandle(_ deepLink: DeepLink) -> Bool { false }

    func handle(_ deepLink: DeepLink) -> DeepLinkHandling { .noTarget }
}
