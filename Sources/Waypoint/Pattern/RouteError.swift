/// Why a route string was rejected at registration (Documentation/spec/routing.md §3).
///
/// Every case names the route as written, the 1-based column (in Unicode scalars) where
/// the problem is, and the problem itself. Nothing is registered when registration throws.
///
/// ```swift
/// do {
///     try router.register("/x/:id/:id") { _ in }
/// } catch let error as RouteError {
///     print(error)  // duplicate parameter in route "/x/:id/:id" at column 8: ":id" is already used at column 4
/// }
/// ```
public enum RouteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The route, or its pattern after `scheme://`, is empty.
    case emptyRoute(route: String, column: Int)
    /// A `(` or `[` without its closing partner, or a stray `)` or `]`.
    case unbalancedBracket(route: String, column: Int, bracket: Character)
    /// PCRE2 rejected the compiled pattern; `message` is PCRE2's.
    case invalidRegex(route: String, column: Int, message: String)
    /// A parameter name used twice in one route.
    case duplicateParameter(route: String, column: Int, name: String, firstColumn: Int)
    /// `**` anywhere but the last segment.
    case misplacedGlob(route: String, column: Int)
    /// `:name?` anywhere but the last segment.
    case misplacedOptional(route: String, column: Int, name: String)
    /// The parent the route names (`parent:` of `DestinationRouter.register`, in
    /// WaypointNavigation) is not registered, nor earlier in the same bulk registration.
    case unknownParent(route: String, parent: String)
    /// The parent the route names is the route itself or one of its descendants: a stack
    /// would never end.
    case parentCycle(route: String, parent: String)
    /// The parent the route names captures the parameter `name`, which the route does not
    /// capture, or captures only sometimes (`:name?`) where the parent always does: the
    /// parent could not be built from every link of the route.
    case parentParameter(route: String, parent: String, name: String)

    /// The error kinds as tables and JSON output name them.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// ``RouteError/emptyRoute(route:column:)``.
        case emptyRoute
        /// ``RouteError/unbalancedBracket(route:column:bracket:)``.
        case unbalancedBracket
        /// ``RouteError/invalidRegex(route:column:message:)``.
        case invalidRegex
        /// ``RouteError/duplicateParameter(route:column:name:firstColumn:)``.
        case duplicateParameter
        /// ``RouteError/misplacedGlob(route:column:)``.
        case misplacedGlob
        /// ``RouteError/misplacedOptional(route:column:name:)``.
        case misplacedOptional
        /// ``RouteError/unknownParent(route:parent:)``.
        case unknownParent
        /// ``RouteError/parentCycle(route:parent:)``.
        case parentCycle
        /// ``RouteError/parentParameter(route:parent:name:)``.
        case parentParameter
    }

    /// The kind of error, as tables name it.
    public var kind: Kind {
        switch self {
        case .emptyRoute: .emptyRoute
        case .unbalancedBracket: .unbalancedBracket
        case .invalidRegex: .invalidRegex
        case .duplicateParameter: .duplicateParameter
        case .misplacedGlob: .misplacedGlob
        case .misplacedOptional: .misplacedOptional
        case .unknownParent: .unknownParent
        case .parentCycle: .parentCycle
        case .parentParameter: .parentParameter
        }
    }

    /// The route as it was given.
    public var route: String {
        switch self {
        case .emptyRoute(let route, _), .unbalancedBracket(let route, _, _), .invalidRegex(let route, _, _),
            .duplicateParameter(let route, _, _, _), .misplacedGlob(let route, _),
            .misplacedOptional(let route, _, _), .unknownParent(let route, _), .parentCycle(let route, _),
            .parentParameter(let route, _, _):
            route
        }
    }

    /// The 1-based column, in Unicode scalars, at which the problem is; 1 for the errors
    /// about a route's parent, which are about the whole route.
    public var column: Int {
        switch self {
        case .emptyRoute(_, let column), .unbalancedBracket(_, let column, _),
            .invalidRegex(_, let column, _),
            .duplicateParameter(_, let column, _, _), .misplacedGlob(_, let column),
            .misplacedOptional(_, let column, _):
            column
        case .unknownParent, .parentCycle, .parentParameter:
            1
        }
    }

    /// The problem, without the route and column.
    public var problem: String {
        switch self {
        case .emptyRoute(let route, _):
            route.isEmpty ? "the route is empty" : "nothing follows the scheme"
        case .unbalancedBracket(_, _, let bracket):
            switch bracket {
            case "(": "\"(\" is never closed"
            case "[": "\"[\" is never closed"
            default: "\"\(bracket)\" has no opening partner"
            }
        case .invalidRegex(_, _, let message):
            message
        case .duplicateParameter(_, _, let name, let firstColumn):
            "\":\(name)\" is already used at column \(firstColumn)"
        case .misplacedGlob:
            "\"**\" must be the last segment"
        case .misplacedOptional(_, _, let name):
            "\":\(name)?\" must be the last segment"
        case .unknownParent(_, let parent):
            "its parent \(Self.quoted(parent)) is not registered"
        case .parentCycle(_, let parent):
            "its parent \(Self.quoted(parent)) is the route itself or one of its descendants"
        case .parentParameter(_, let parent, let name):
            "its parent \(Self.quoted(parent)) captures \(Self.quoted(name)), which the route does not always capture"
        }
    }

    /// For example `invalid regex in route "/x/:id([0-9]+" at column 12: missing )`, or
    /// `unknown parent of route "/orders/:id": its parent "/orders" is not registered`.
    public var description: String {
        description(quoting: Self.quoted)
    }

    /// ``description`` with the route quoted by `quote`.
    package func description(quoting quote: (String) -> String) -> String {
        let what =
            switch kind {
            case .emptyRoute: "empty"
            case .unbalancedBracket: "unbalanced bracket"
            case .invalidRegex: "invalid regex"
            case .duplicateParameter: "duplicate parameter"
            case .misplacedGlob: "misplaced glob"
            case .misplacedOptional: "misplaced optional"
            case .unknownParent: "unknown parent"
            case .parentCycle: "parent cycle"
            case .parentParameter: "parent parameter"
            }
        switch kind {
        case .unknownParent, .parentCycle, .parentParameter:
            return "\(what) of route \(quote(route)): \(problem)"
        default:
            break
        }
        let subject = kind == .emptyRoute ? "empty route" : "\(what) in route"
        return "\(subject) \(quote(route)) at column \(column): \(problem)"
    }

    /// The route in double quotes, with control characters and quotes escaped so the
    /// message stays on one line.
    package static func quoted(_ text: String) -> String {
        DiagnosticText.quoted(text)
    }
}
