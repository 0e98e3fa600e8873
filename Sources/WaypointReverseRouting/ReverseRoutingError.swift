import Waypoint
/// Why `Router.url(for:parameters:scheme:host:)` could not build a URL that matches its
/// route back with the same parameters.
///
/// Every case names the route as registered. No URL is returned when the value it would
/// carry does not survive matching: the error says which value, or which other route wins.
public enum ReverseRoutingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The route is not registered with this router.
    case unknownRoute(route: String)
    /// The route has a raw-regex segment (`[a-z]+`, `(foo|bar)`, `.*`), which has no inverse:
    /// nothing says what text to write for it.
    case noInverse(route: String, segment: String)
    /// The route names no scheme, and none was given.
    case missingScheme(route: String)
    /// The scheme is not `[A-Za-z][A-Za-z0-9+.-]*`, or differs from the route's own.
    case invalidScheme(route: String, scheme: String)
    /// A host was given for a host route, whose host comes from the route itself.
    case unexpectedHost(route: String, host: String)
    /// A parameter the route captures was not given (`*` takes the parameter named `"*"`,
    /// `**` the one named `"**"`).
    case missingParameter(route: String, name: String)
    /// A parameter was given that the route does not have.
    case unexpectedParameter(route: String, name: String)
    /// A parameter was given more than once.
    case duplicateParameter(route: String, name: String)
    /// The value is empty where the route needs a non-empty segment.
    case emptyValue(route: String, name: String)
    /// The value does not match the pattern its parameter has in the route: the regex of a
    /// `:name(regex)`, or a `/` in a value that must stay within one segment of a regex part.
    case valueRejected(route: String, name: String, value: String)
    /// The URL matches an earlier-registered route, which would win, and so does every
    /// other spelling of the same values (`%2F` for a `/` in a `**` or `:name(regex)` value).
    case shadowed(route: String, url: String, winner: String)
    /// The URL matches the route back, but with other parameters: the values are ambiguous
    /// in this route (in `/f/:a.:b`, `a = "x.y"` reads back as `a = "x"`, `b = "y.…"`).
    case ambiguous(route: String, url: String, parameters: RouteParameters)
    /// The URL does not match the route back, for a reason no single value explains.
    case unmatched(route: String, url: String)
    /// The URL is longer than the router's `RouterOptions.maxURLLength`.
    case urlTooLong(route: String, length: Int, limit: Int)

    /// The route the error is about.
    public var route: String {
        switch self {
        case .unknownRoute(let route), .noInverse(let route, _), .missingScheme(let route),
            .invalidScheme(let route, _), .unexpectedHost(let route, _), .missingParameter(let route, _),
            .unexpectedParameter(let route, _), .duplicateParameter(let route, _), .emptyValue(let route, _),
            .valueRejected(let route, _, _), .shadowed(let route, _, _), .ambiguous(let route, _, _),
            .unmatched(let route, _), .urlTooLong(let route, _, _):
            route
        }
    }

    /// A sentence naming the route and the problem, such as
    /// `parameter "id" of route "/p/:id([0-9]+)" does not match its pattern: "4x"`.
    public var description: String {
        let route = DiagnosticText.quoted(self.route)
        switch self {
        case .unknownRoute:
            return "route \(route) is not registered"
        case .noInverse(_, let segment):
            return "route \(route) has no inverse: segment \(DiagnosticText.quoted(segment)) is raw regex"
        case .missingScheme:
            return "route \(route) names no scheme: give one"
        case .invalidScheme(_, let scheme):
            return "scheme \(DiagnosticText.quoted(scheme)) cannot be used for route \(route)"
        case .unexpectedHost(_, let host):
            return
                "route \(route) is a host route: its host comes from the route, not \(DiagnosticText.quoted(host))"
        case .missingParameter(_, let name):
            return "route \(route) needs the parameter \(DiagnosticText.quoted(name))"
        case .unexpectedParameter(_, let name):
            return "route \(route) has no parameter \(DiagnosticText.quoted(name))"
        case .duplicateParameter(_, let name):
            return "parameter \(DiagnosticText.quoted(name)) is given twice for route \(route)"
        case .emptyValue(_, let name):
            return
                "parameter \(DiagnosticText.quoted(name)) of route \(route) is empty where a segment is required"
        case .valueRejected(_, let name, let value):
            return "parameter \(DiagnosticText.quoted(name)) of route \(route) does not match its pattern: "
                + DiagnosticText.quoted(value)
        case .shadowed(_, let url, let winner):
            return
                "\(DiagnosticText.quoted(url)) would match the earlier route \(DiagnosticText.quoted(winner)), "
                + "not \(route)"
        case .ambiguous(_, let url, let parameters):
            return
                "\(DiagnosticText.quoted(url)) matches route \(route) back with other parameters: \(parameters)"
        case .unmatched(_, let url):
            return "\(DiagnosticText.quoted(url)) does not match route \(route) back"
        case .urlTooLong(_, let length, let limit):
            return "the URL for route \(route) is \(length) UTF-8 bytes, the limit is \(limit)"
        }
    }
}
