import Waypoint

/// Something `waypoint lint` reports about a route of a routes file.
struct LintFinding: Sendable, Hashable {
    /// What was found; the raw value is the name output uses.
    enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The route does not compile (Documentation/spec/routing.md §3).
        case invalidRoute
        /// The same route string on an earlier line: registering it again only replaces the
        /// handler, so this line is redundant.
        case duplicate
        /// An earlier route matches every URL this one matches, so this one never wins.
        case shadowed
        /// A parameter name ends in `-` (`:from-:to` names `from-`).
        case parameterName
        /// A literal holds a percent-escape, which can only match a double-encoded URL.
        case percentEscape
        /// The route looks like `scheme://…` but what precedes `://` is not a scheme, so it
        /// is matched against the host.
        case notAScheme
        /// A host ends in `:digits` (`h.com:8080/x`): ports are never matched, and `:8080`
        /// is a parameter.
        case port
        /// The route tries to match a query string (`/search\?q=\w+`, `alert?title=…`),
        /// which is never part of the match.
        case query
        /// `tel:…`-style: a scheme followed by `:` but not `//` is not a scheme.
        case pseudoScheme
        /// Another router's parameter syntax (`<int:id>`, `{id}`, JLRoutes optional groups).
        case foreignSyntax
        /// The route's regex repeats a group that repeats (`(a+)+`), and the table has more
        /// such regexes than the per-lookup regex budget pays full match limits for, so one
        /// lookup can spend the budget and later routes can miss URLs they match.
        case regexBudget
        /// Spaces or tabs at the start or end of a route.
        case whitespace
        /// The file starts with a UTF-8 byte order mark.
        case byteOrderMark
        /// Carriage returns that do not end a line (CR-only line endings).
        case lineEndings

        /// The kind's place in the order findings of one line are reported in.
        var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
    }

    let kind: Kind
    /// The route's 1-based line in the file.
    let line: Int
    /// The 1-based column the finding points at.
    let column: Int
    /// The route.
    let route: String
    /// The finding, as a sentence.
    let message: String
    /// For a duplicate or a shadowed route, the earlier route and its line.
    let earlier: RoutesFile.Entry?
    /// For an invalid route, the error's kind.
    let error: RouteError.Kind?

    init(
        _ kind: Kind, line: Int, column: Int = 1, route: String, message: String,
        earlier: RoutesFile.Entry? = nil, error: RouteError.Kind? = nil
    ) {
        self.kind = kind
        self.line = line
        self.column = column
        self.route = route
        self.message = message
        self.earlier = earlier
        self.error = error
    }
}
