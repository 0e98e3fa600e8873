import Foundation
import Waypoint
import WaypointReverseRouting

/// A route table whose routes turn links into values of the app's own type, and those
/// values back into links: the parse and print steps of an app's navigation, with the
/// route language and priority of `Router`.
///
/// ```swift
/// import Foundation
/// import Waypoint
/// import WaypointNavigation
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
///
/// It has everything `Router` has, in its own terms: links pulled as destinations
/// (``destination(for:)-(URL)``) or pushed to the app (``onDestination(_:)`` with
/// ``handle(_:)-(URL)`` and ``dispatch(_:isolation:)-(URL,_)``), held until the app is
/// ready and gated by conditions (``delivery``), asynchronous builders, explanations
/// (``explain(_:)-(URL)``), adapters' links and bulk registration. The section "Choosing a
/// face" of <doc:Destinations> says when an app uses which, and which product each needs.
public final class DestinationRouter<Destination: Sendable>: Sendable {
    /// What a route makes of a link: a destination, or nil (or an error) to pass the link on
    /// to the next matching route.
    public typealias Builder = @Sendable (DeepLink) throws -> Destination?

    /// What a route makes of a link when it must fetch first: an asynchronous builder,
    /// which runs where it was written (on the main actor for one written in main-actor
    /// code) and always takes the link. Only a pushed link runs it (``handle(_:)-(URL)``,
    /// ``dispatch(_:isolation:)-(URL,_)``); a newer link pushed meanwhile supersedes it.
    public typealias AsyncBuilder = @isolated(any) @Sendable (DeepLink) async throws -> Destination

    /// What a route prints for a destination: the route's parameters that carry it (for a
    /// `*` segment the parameter named `"*"`, for `**` the one named `"**"`) and, if it has
    /// any, the query items (``PrintedLink``); nil when the route does not print this
    /// destination. A dictionary literal, `["id": String(id)]`, writes parameters alone.
    public typealias Printer = @Sendable (Destination) -> PrintedLink?

    /// The routes, each with its builder and printer: the core `Router` is built on too,
    /// holding a ``DestinationEntry`` per route where the router holds a handler, so one
    /// publication makes a route, its builder and its printer visible together.
    let book: RouteBook<AnyDestinationEntry>

    /// Held links and links waiting for a condition (``delivery``), as `Router` has them.
    package let deferred: DeliveryGate

    /// Where pushed destinations go, and the asynchronous builds a newer link supersedes.
    let push: DestinationPush<Destination>

    private typealias Entry = DestinationEntry<Destination>

    /// Creates an empty table.
    public init(options: RouterOptions = RouterOptions()) {
        let deferred = DeliveryGate()
        self.deferred = deferred
        book = RouteBook(options: options, delivery: deferred)
        push = DestinationPush()
    }

    /// The options every route is compiled with.
    public var options: RouterOptions { book.options }

    /// One route of a bulk ``register(_:)``: its name, its parent if it has one, its builder
    /// and, optionally, its printer.
    public struct Route: Sendable {
        /// The route.
        public let name: RouteName
        /// The route whose stack this route's stack continues (the article "Navigation
        /// stacks"); nil for a route at the root of its stack.
        public let parent: RouteName?
        let entry: AnyDestinationEntry

        /// A route with a builder, its parent if it has one, and a printer when it prints
        /// destinations back.
        public init(
            _ name: RouteName, parent: RouteName? = nil, destination build: @escaping Builder,
            link print: Printer? = nil
        ) {
            self.name = name
            self.parent = parent
            entry = Entry(build: .synchronous(build), print: print)
        }

        /// A route with an asynchronous builder, its parent if it has one, and a printer
        /// when it prints destinations back.
        public init(
            _ name: RouteName, parent: RouteName? = nil,
            @_inheritActorContext destination build: @escaping AsyncBuilder, link print: Printer? = nil
        ) {
            self.name = name
            self.parent = parent
            entry = Entry(build: .asynchronous(build), print: print)
        }
    }

    /// Registers `route` with the builder of its destination, and the printer that writes a
    /// destination back into the route's parameters when it has one: one registration for
    /// both directions, which ``url(for:scheme:host:)`` uses.
    ///
    /// ```swift
    /// import Waypoint
    /// import WaypointNavigation
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
    /// Registering a route again replaces its builder, printer and parent and keeps its
    /// place. A route held in a variable is named with `RouteName.init(_:)`.
    ///
    /// - Parameters:
    ///   - route: The route.
    ///   - parent: The route whose stack this route's stack continues, registered before
    ///     it: a link of `route` opens the parent's stack, built from the same link,
    ///     followed by this route's destination (``stack(for:)-(URL)``, the article
    ///     "Navigation stacks"). Nil, the default, puts the route at the root of its stack.
    ///   - build: What the route makes of a link.
    ///   - print: What the route prints for a destination, when it prints destinations back.
    /// - Throws: `RouteError` when the route is invalid, or its parent unknown, its own
    ///   descendant, or capturing a parameter the route does not always capture; nothing is
    ///   registered then.
    /// - Complexity: O(segments of `route`), amortised, whatever the number of routes, as
    ///   for `Router.register(_:handler:)`.
    public func register(
        _ route: RouteName, parent: RouteName? = nil, destination build: @escaping Builder,
        link print: Printer? = nil
    ) throws(RouteError) {
        try book.register(
            CollectionOfOne(
                (
                    route: route.route,
                    value: Entry(build: .synchronous(build), print: print) as AnyDestinationEntry,
                    parent: parent?.route
                )))
    }

    /// Registers `route` with an asynchronous builder, one that fetches before the screen is
    /// made, and optionally its printer.
    ///
    /// ```swift
    /// import Waypoint
    /// import WaypointNavigation
    ///
    /// struct Order: Hashable, Sendable { let id: Int }
    /// enum Screen: Hashable, Sendable { case order(Order) }
    ///
    /// func load(_ id: Int) async throws -> Order { Order(id: id) }
    ///
    /// func orders(_ screens: DestinationRouter<Screen>) throws {
    ///     try screens.register("/orders/:id") { link in
    ///         .order(try await load(link.parameters.require("id", as: Int.self)))
    ///     }
    /// }
    /// ```
    ///
    /// The builder runs where it was written, as an asynchronous handler of `Router` does,
    /// and only for a pushed link (``handle(_:)-(URL)``, ``dispatch(_:isolation:)-(URL,_)``):
    /// ``destination(for:)-(URL)`` cannot wait for it and gives nil, which
    /// ``explain(_:)-(URL)`` says. It takes every link its route wins; when it throws, the
    /// result fails with `RoutingFailure.handlerFailed` and the error. A newer link that
    /// reaches a builder while it runs supersedes it: its task is cancelled, its destination
    /// is not delivered, and the result is `RoutingFailure.superseded`.
    ///
    /// - Throws: `RouteError` when the route is invalid, or its parent is (as for
    ///   ``register(_:parent:destination:link:)-(_,_,DestinationRouter<Destination>.Builder,_)``);
    ///   nothing is registered then.
    public func register(
        _ route: RouteName, parent: RouteName? = nil,
        @_inheritActorContext destination build: @escaping AsyncBuilder, link print: Printer? = nil
    ) throws(RouteError) {
        try book.register(
            CollectionOfOne(
                (
                    route: route.route,
                    value: Entry(build: .asynchronous(build), print: print) as AnyDestinationEntry,
                    parent: parent?.route
                )))
    }

    /// Registers routes in order with one publication of the table: the way to load a large
    /// table.
    ///
    /// ```swift
    /// import Waypoint
    /// import WaypointNavigation
    ///
    /// enum Screen: Hashable, Sendable { case cart, help }
    ///
    /// func load(_ screens: DestinationRouter<Screen>) throws {
    ///     try screens.register([
    ///         .init("/cart") { _ in .cart } link: { $0 == .cart ? [:] : nil },
    ///         .init("/help") { _ in .help },
    ///     ])
    /// }
    /// ```
    ///
    /// A route's parent is registered before it, or earlier in `routes`.
    ///
    /// - Throws: `RouteError` for the first invalid route or parent; then none is
    ///   registered.
    /// - Complexity: O(m) for m new routes, amortised, whatever the number registered.
    public func register(_ routes: some Sequence<Route>) throws(RouteError) {
        try book.register(
            routes.lazy.map { (route: $0.name.route, value: $0.entry, parent: $0.parent?.route) })
    }

    /// Registers `routes` in order, each with the builder `builder` makes of its index, with
    /// one publication of the table: how the benchmark loads a large table.
    ///
    /// (Builders handed over in a sequence of `(String, Builder)` pairs would be stored
    /// behind two reabstraction thunks, which no app's `register(_:destination:)` pays.)
    ///
    /// - Throws: `RouteError` for the first invalid route; then none is registered.
    package func register(_ routes: [String], builder: (_ index: Int) -> Builder) throws(RouteError) {
        try book.register(
            routes.enumerated().map {
                ($1, Entry(build: .synchronous(builder($0)), print: nil) as AnyDestinationEntry)
            })
    }

    /// ``register(_:builder:)`` with each route's parent, given by its index in `routes`
    /// (`parents[i]` for `routes[i]`, before it).
    package func register(
        _ routes: [String], parents: [Int?], builder: (_ index: Int) -> Builder
    ) throws(RouteError) {
        try book.register(
            routes.enumerated().map {
                (
                    route: $1,
                    value: Entry(build: .synchronous(builder($0)), print: nil) as AnyDestinationEntry,
                    parent: parents[$0].map { routes[$0] }
                )
            })
    }

    /// Removes `route`. Adding it again later puts it last in the priority order.
    ///
    /// - Returns: whether the route was registered.
    @discardableResult
    public func remove(_ route: RouteName) -> Bool {
        book.remove(route.route)
    }

    /// The registered routes in priority (registration) order.
    public var routes: [String] { book.table.routes.map(\.pattern.route) }

    /// A check every link must pass before it is matched, as `Router.gate` is; a refused
    /// link has no destination and is not pushed (`RoutingFailure.refusedByGate`). Nil,
    /// the default, lets every link through.
    public var gate: (@Sendable (URL) -> Bool)? {
        get { book.snapshot.gate }
        set { book.setGate(newValue) }
    }

    /// The destination of `url`: that of the earliest-registered matching route whose
    /// builder gives one; nil when no route matches or every builder passes. A route whose
    /// builder is asynchronous takes the link and gives nil here: only a pushed link runs it
    /// (``dispatch(_:isolation:)-(URL,_)``). ``explain(_:)-(URL)`` says why a lookup gave nil.
    ///
    /// - Complexity: one lookup of the winning route, as `Router.match(_:)` makes,
    ///   and its builder; only when that builder passes are the other matching routes found
    ///   and their builders tried.
    @inlinable
    public func destination(for url: URL) -> Destination? {
        destination { search(url, $0) }
    }

    /// The destination of the URL string `url`; nil when it is not a URL.
    @inlinable
    public func destination(for url: String) -> Destination? {
        destination { search(url, $0) }
    }

    /// The destination `run` finds: it hands each matching route, winner first, to the
    /// builders' attempt, which stops it at the first that gives one.
    @inlinable
    func destination(_ run: ((DeepLink, AnyDestinationEntry, Int) -> Bool) -> Void) -> Destination? {
        var destination: Destination?
        run { link, entry, _ in DestinationEntry<Destination>.of(entry).pull(link, into: &destination) }
        return destination
    }

    /// The destination of an adapter's link.
    package func destination(for request: LinkRequest) -> Destination? {
        Self.resolve(request, in: book.snapshot)?.destination
    }

    // The lookups above are `@inlinable`, so that an app's module runs them specialised
    // for its own `Destination`; everything but the builders' call runs in the
    // non-generic ``DestinationSearch``, through these two.

    /// Hands `attempt` the matching routes of `url` in the current table, winner first.
    @usableFromInline
    func search(_ url: URL, _ attempt: (DeepLink, AnyDestinationEntry, Int) -> Bool) {
        DestinationSearch.run(url, in: book.snapshot, attempt)
    }

    /// Hands `attempt` the matching routes of the URL string `url`; none when it is not a URL.
    @usableFromInline
    func search(_ url: String, _ attempt: (DeepLink, AnyDestinationEntry, Int) -> Bool) {
        guard let request = LinkRequest(text: url) else { return }
        DestinationSearch.run(request, in: book.snapshot, attempt)
    }

    /// A destination and the match of the route whose builder gave it.
    private struct Resolved {
        let destination: Destination
        let match: RouteMatch
        /// The link the builder read.
        let link: DeepLink
    }

    /// The destination of `request` in `snapshot`, with the match of the route that gave
    /// it: the winner's builder first, then, only if it passes, those of the routes after
    /// it that match, in order.
    private static func resolve(_ request: LinkRequest, in snapshot: DestinationSearch.Snapshot) -> Resolved?
    {
        var resolved: Resolved?
        DestinationSearch.run(request, in: snapshot) { link, entry, priority in
            var built: Destination?
            guard Entry.of(entry).pull(link, into: &built) else { return false }
            guard let destination = built else { return true }
            resolved = Resolved(
                destination: destination,
                match: RouteMatch(matched: link.routeParameters, priority: priority),
                link: link)
            return true
        }
        return resolved
    }

    // MARK: Printing

    /// The link that opens `destination`: the URL of the first route, in priority order,
    /// whose printer prints it, checked by reading it back.
    ///
    /// ```swift
    /// import Foundation
    /// import Waypoint
    /// import WaypointNavigation
    ///
    /// enum Screen: Hashable, Sendable { case order(Int) }
    ///
    /// func shareLink(_ screens: DestinationRouter<Screen>) throws -> URL {
    ///     try screens.url(for: .order(7), scheme: "myapp")  // myapp:///orders/7
    /// }
    /// ```
    ///
    /// The URL is written as `Router.url(for:parameters:scheme:host:)`
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
    ///   `destination`, then what `Router.url(for:parameters:scheme:host:)` costs
    ///   for each route that prints it until one gives a URL, with one read back of each
    ///   distinct URL they write (as ``destination(for:)-(URL)`` costs): routes that print
    ///   the same URL share its read back.
    public func url(
        for destination: Destination, scheme: String? = nil, host: String? = nil
    ) throws(DestinationLinkError) -> URL {
        let snapshot = book.snapshot
        var first: DestinationLinkError?
        var readBacks = ReadBacks()
        for order in snapshot.table.liveOrders {
            guard let print = Entry.of(snapshot.value(ofOrder: order)).print,
                let printed = print(destination)
            else {
                continue
            }
            let compiled = snapshot.table.route(order: order)
            // A host route writes its own host: `host` is for path routes.
            let host = compiled.pattern.kind == .host ? nil : host
            if let url = link(
                for: destination, route: compiled, printed, scheme: scheme, host: host,
                readBacks: &readBacks, error: &first)
            {
                return url
            }
        }
        throw first ?? .noRoute(destination: String(describing: destination))
    }

    /// The URL that `route` matches with `parameters`, as
    /// `Router.url(for:parameters:scheme:host:)` writes and checks it.
    ///
    /// - Throws: `ReverseRoutingError`.
    public func url(
        for route: RouteName, parameters: RouteParameters = RouteParameters(), scheme: String? = nil,
        host: String? = nil
    ) throws(ReverseRoutingError) -> URL {
        try book.reversePlan(for: route.route, parameters: parameters, scheme: scheme, host: host).plan.url()
    }

    /// What the URLs one ``url(for:scheme:host:)`` call wrote read back as, by URL text, in
    /// one snapshot: when many routes print the same URL and it does not read back as the
    /// destination (every builder passes it on, say), it is read back once, not once per
    /// route, which made the call quadratic in such routes.
    private struct ReadBacks {
        private var snapshot: DestinationSearch.Snapshot?
        private var resolved: [String: Resolved?] = [:]

        /// What the URL `candidate` reads back as in `snapshot`.
        mutating func resolve(
            _ candidate: ReversePlan.Candidate, in snapshot: DestinationSearch.Snapshot
        ) -> Resolved? {
            // A registration between two routes' plans gives a new snapshot: start again.
            if self.snapshot !== snapshot {
                self.snapshot = snapshot
                resolved = [:]
            }
            if let known = resolved[candidate.text] { return known }
            let fresh = DestinationRouter.resolve(
                LinkRequest(matchURL: candidate.text, url: candidate.url), in: snapshot)
            resolved[candidate.text] = .some(fresh)
            return fresh
        }
    }

    /// The URL of `destination` through `compiled` with what its printer wrote: the first
    /// spelling that reads back as `destination`; nil when none does.
    ///
    /// - Parameter error: Why the first spelling does not read back, set only while it is
    ///   nil: the error ``url(for:scheme:host:)`` throws is the first route's, so the routes
    ///   after it are not diagnosed (a diagnosis matches the URL again, against every route).
    private func link(
        for destination: Destination, route compiled: CompiledRoute, _ printed: PrintedLink, scheme: String?,
        host: String?, readBacks: inout ReadBacks, error: inout DestinationLinkError?
    ) -> URL? {
        let route = compiled.pattern.route
        if let name = printed.nameOfParameter(in: compiled.pattern) {
            if error == nil { error = .queryItemNamesParameter(route: route, name: name) }
            return nil
        }
        let plan: ReversePlan
        let snapshot: DestinationSearch.Snapshot
        do {
            (plan, snapshot) = try book.reversePlan(
                for: route, parameters: printed.parameters, scheme: scheme, host: host)
        } catch let refusal {
            if error == nil { error = .route(refusal) }
            return nil
        }
        let own = plan.table.priority(of: plan.order)
        for candidate in plan.candidates {
            // The query goes after the path reverse routing wrote and checked.
            guard let written = printed.appendingQuery(to: candidate) else { continue }
            let resolved = readBacks.resolve(written, in: snapshot)
            if let resolved,
                Self.same(
                    resolved, destination, route: route, parameters: plan.expected, query: printed.query)
            {
                return written.url
            }
            guard error == nil else { continue }
            if let resolved, resolved.match.priority < own {
                error = .route(.shadowed(route: route, url: candidate.text, winner: resolved.match.route))
            } else if let refusal = plan.refusal(of: written), !refusal.isShadowed {
                // The URL with its query: a query can take it past the router's length limit.
                error = .route(refusal)
            } else {
                error = .otherDestination(
                    route: route, url: written.text, winner: resolved?.match.route,
                    destination: resolved.map { String(describing: $0.destination) })
            }
        }
        return nil
    }

    /// Whether `resolved` gives `destination` back: by `==` for an `Equatable` destination,
    /// otherwise by route, parameters and the query items read back.
    private static func same(
        _ resolved: Resolved, _ destination: Destination, route: String,
        parameters: RouteParameters, query: [DeepLinkQueryItem]
    ) -> Bool {
        if let equal = equals(resolved.destination, destination) { return equal }
        return resolved.match.route == route && resolved.match.routeParameters == parameters
            && resolved.link.queryItems == query
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
