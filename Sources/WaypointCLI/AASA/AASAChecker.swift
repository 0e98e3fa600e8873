import Waypoint
import WaypointAssociation
import WaypointTables

/// `waypoint aasa check`: an app's AASA rules against a route table on one host
/// (Documentation/aasa.md §7).
///
/// Both sides become automata over the characters of canonical paths
/// (``PathAutomaton``), explored together once (``PathExploration``). Every combination
/// of rules and routes that some path matches comes with a witness path; its URLs (with
/// example queries and fragments where rules look at them) are matched by the router and
/// the AASA matcher themselves, and the findings are read off those verdicts. Routes the
/// automata cannot model exactly (regexes, host patterns) add example URLs built from their
/// patterns; findings that rest on them say so.
struct AASAChecker {
    /// Why a route does not receive the host's universal links.
    enum Skip: String, Error, Sendable {
        case scheme = "its scheme is not https"
        case host = "its host does not match"
    }

    /// A route that receives the host's links, with its model.
    struct Receiving {
        let route: AASARoute
        let pattern: RoutePattern
        let automaton: PathAutomaton?
        /// Whether the automaton is exactly the route's paths (aasa.md §7.3).
        let isExact: Bool
    }

    let matcher: UniversalLinkMatcher
    let appID: String
    let host: String
    let routes: [AASARoute]
    let options: RouterOptions
    /// Every route registered, in order.
    let router: Router
    /// The app's rules, in order.
    let rules: [UniversalLinkCompiledRule]
    /// Every character the routes and the rules name.
    let alphabet: PathAlphabet

    /// A checker of `routes` (registered in order with `options`) against `matcher`'s rules
    /// for `appID` on `host`.
    ///
    /// - Throws: the ``RouteError`` of the first route that does not compile, with its route.
    init(
        matcher: UniversalLinkMatcher, appID: String, host: String, routes: [AASARoute],
        options: RouterOptions
    ) throws(AASARouteError) {
        self.matcher = matcher
        self.appID = appID
        self.host = host.lowercased()
        self.routes = routes
        self.options = options
        let router = Router(options: options)
        for route in routes {
            do {
                try router.register(route.route) { _ in }
            } catch {
                throw AASARouteError(route: route, error: error)
            }
        }
        self.router = router
        let rules = matcher.rules(of: appID)
        self.rules = rules
        alphabet = Self.alphabet(routes: routes, rules: rules, options: options)
    }

    /// What the check finds.
    func check() -> AASAReport {
        var report = AASAReport(appID: appID, host: host, routeCount: routes.count, ruleCount: rules.count)
        guard matcher.lists(appID: appID) else {
            report.findings = [
                AASAFinding(
                    .noRules, method: .construction,
                    message:
                        "the file names \(appID.quoted) in no \"details\" entry, so no link opens the app")
            ]
            return report
        }
        var receiving: [Receiving] = []
        for route in routes {
            switch classify(route) {
            case .success(let model): receiving.append(model)
            case .failure(let skip): report.skipped.append((route, skip.rawValue))
            }
        }
        report.receivingCount = receiving.count
        var analysis = AASAAnalysis(checker: self, receiving: receiving)
        analysis.run()
        report.findings = analysis.findings
        report.notes = analysis.notes
        return report
    }

    /// Whether `route` receives the host's universal links, and its model when it does.
    func classify(_ route: AASARoute) -> Result<Receiving, Skip> {
        let pattern: RoutePattern
        var exact: Bool
        switch Self.receives(route, host: host, options: options) {
        case .failure(let skip): return .failure(skip)
        case .success(let result): (pattern, exact) = result
        }
        let language = RouteLanguage(pattern, options: options)
        guard let model = language.asLater.first else { return .failure(.host) }
        exact = exact && language.asLater.count == 1
        if model.outgoing.joined().contains(where: { if case .folded = $0.label { true } else { false } }) {
            exact = false
        }
        let hostStates = model.successors(of: StateSet(0), on: .literal(host))
        let automaton = PathAutomaton(
            route: model, hostStates: hostStates, caseInsensitive: options.caseInsensitivePaths,
            strictTrailingSlash: options.strictTrailingSlash, alphabet: alphabet)
        guard automaton != nil || !exact else { return .failure(.host) }
        return .success(Receiving(route: route, pattern: pattern, automaton: automaton, isExact: exact))
    }

    /// Whether `route` receives universal links of `host` (aasa.md §7.1): its parsed pattern,
    /// and whether its host part is decided exactly (false for a raw regex over host and
    /// path).
    static func receives(
        _ route: AASARoute, host: String, options: RouterOptions
    ) -> Result<(RoutePattern, Bool), Skip> {
        guard let pattern = try? CompiledRoute(route.route, options: options).pattern else {
            return .failure(.scheme)
        }
        if let scheme = pattern.scheme, scheme.lowercased() != "https" { return .failure(.scheme) }
        guard pattern.kind == .host, let first = pattern.segments.first else {
            return .success((pattern, true))
        }
        switch first.form {
        case .literal:
            return RouteLanguage.asciiLowercased(first.text) == host
                ? .success((pattern, true)) : .failure(.host)
        case .pattern(_, isRegex: false):
            // A host pattern: the router itself says whether it takes the host.
            return hostPatternMatches(first.text, host: host) ? .success((pattern, true)) : .failure(.host)
        case .pattern(_, isRegex: true):
            // A raw regex over host and path: no model of the host alone.
            return .success((pattern, false))
        default:
            return host.isEmpty ? .failure(.host) : .success((pattern, true))
        }
    }

    /// Whether the host segment `text` of a route matches `host`, asked of the router.
    static func hostPatternMatches(_ text: String, host: String) -> Bool {
        let probe = Router()
        guard (try? probe.register(text + "/**") { _ in }) != nil else { return true }
        return probe.match("https://\(host)/") != nil
    }

    /// The alphabet of every character `routes` and `rules` name.
    private static func alphabet(
        routes: [AASARoute], rules: [UniversalLinkCompiledRule], options: RouterOptions
    ) -> PathAlphabet {
        var named = Set<Unicode.Scalar>()
        for route in routes {
            guard let pattern = try? CompiledRoute(route.route, options: options).pattern else { continue }
            for (index, segment) in pattern.segments.enumerated() where !(pattern.kind == .host && index == 0)
            {
                switch segment.form {
                case .literal:
                    named.formUnion(segment.text.unicodeScalars)
                case .pattern(let pieces, _):
                    for case .text(let text, _) in pieces { named.formUnion(text.unicodeScalars) }
                default:
                    break
                }
            }
        }
        for rule in rules {
            Self.collect(rule.path.pattern.elements, into: &named)
        }
        return PathAlphabet(naming: named)
    }

    /// The characters of `elements`, and those their `%XX` runs encode.
    private static func collect(
        _ elements: [UniversalLinkPattern.Element], into named: inout Set<Unicode.Scalar>
    ) {
        var text = ""
        for element in elements {
            switch element {
            case .scalar(let scalar):
                named.insert(scalar)
                text.unicodeScalars.append(scalar)
            case .variable(_, let values):
                for value in values { collect(value, into: &named) }
            case .anyScalar, .anyRun:
                break
            }
        }
        named.formUnion(PercentDecoding.decode(text).unicodeScalars)
    }
}

/// A route that does not compile, found while checking.
struct AASARouteError: Error {
    let route: AASARoute
    let error: RouteError
}
