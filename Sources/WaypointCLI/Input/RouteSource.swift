import Waypoint
import WaypointTables

/// Where `match` and `explain` take their routes from: a routes file (`--routes FILE`) or
/// routes given one by one (`--route PATTERN`, repeatable), never both.
enum RouteSource: Sendable, Hashable {
    /// The routes of a file, with their lines.
    case file(RoutesFile)
    /// Routes from the command line, in order.
    case arguments([String])

    /// The source an invocation names.
    ///
    /// A routes file's UTF-8 byte order mark is skipped, as `waypoint test` skips a table
    /// file's (`waypoint lint` reports it).
    ///
    /// - Throws: ``CommandError`` when neither or both of `--routes` and `--route` are
    ///   given, or the routes file cannot be read.
    init(_ invocation: Invocation) throws(CommandError) {
        let file = invocation.value("--routes")
        let routes = invocation.allValues("--route")
        switch (file, routes.isEmpty) {
        case (let path?, true):
            self = .file(try RoutesFile(path: path).skippingByteOrderMark)
        case (nil, false):
            self = .arguments(routes)
        case (_?, false):
            throw CommandError(
                "give either --routes FILE or --route PATTERN, not both; see \"waypoint \(invocation.command) --help\""
            )
        case (nil, true):
            throw CommandError(
                "missing routes: give --routes FILE or --route PATTERN; see \"waypoint \(invocation.command) --help\""
            )
        }
    }

    /// The routes in registration order.
    var routes: [String] {
        switch self {
        case .file(let file): file.entries.map(\.route)
        case .arguments(let routes): routes
        }
    }

    /// A router with every route registered, in order.
    ///
    /// - Throws: ``CommandError`` for the first route that does not compile, naming the route,
    ///   its line in the routes file and its column.
    func router(options: RouterOptions) throws(CommandError) -> Router {
        let router = Router(options: options)
        do {
            try router.register(routes.map { (RouteName($0), RouteHandler.closure { _ in }) })
        } catch {
            throw describe(error)
        }
        return router
    }

    /// The command error for a route that failed to compile.
    private func describe(_ error: RouteError) -> CommandError {
        switch self {
        case .file(let file):
            let line = file.entries.first { $0.route == error.route }?.line ?? 0
            return CommandError(error.message, at: file.location(line: line, column: error.column))
        case .arguments:
            return CommandError(error.message)
        }
    }
}
