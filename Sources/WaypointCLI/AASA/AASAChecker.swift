import Waypoint
import WaypointAssociation
import WaypointTables

/// `waypoint aasa check`: an app's AASA rules against a route table on one host
/// (Documentation/aasa.md §7).
///
/// Both sides become automata over the characters of canonical paths
/// (``PathAutomaton``), explored together once (``PathExploration``). Every combination
/// of rules and routes that some path matches comes with a witness path; its URLs (with
/// example queries and fragments where rules look at them, with each scheme routes tell
/// apart) are matched by the router and the AASA matcher themselves, and the findings are
/// read off those verdicts. Route regexes are read into automata (``RegexAutomaton``);
/// routes whose regexes use syntax it does not read are over-approximated and add example
/// URLs built from their patterns, and findings that rest on them say so.
struct AASAChecker {
    /// Why a route does not receive the host's universal links.
    enum Skip: String, Error, Sendable {
        case scheme = "its scheme is not http or https"
        case host = "its host does not match"
        /// `waypoint android`: the App Links filter it writes and checks is `https`.
        case httpAppLink = "its scheme is http; App Links are checked as https"
    }

    /// A route that receives the host's links, with its model.
    struct Receiving {
        let route: AASARoute
        let pattern: RoutePattern
        /// Its automaton, until the analysis takes it.
        var automaton: PathAutomaton?
        /// Whether the automaton is exactly the route's paths (aasa.md §7.3).
        let isExact: Bool
        /// The schemes of the URLs it matches: `https` and `http`, or the one it names.
        let schemes: [String]
    }

    /// The schemes of universal links: Apple's are standard `http` and `https` links
    /// (aasa.md §7.1).
    static let schemes = ["https", "http"]

    let matcher: UniversalLinkMatcher
    let appID: String
    let host: String
    let routes: [AASARoute]
    let options: RouterOptions
    /// Every route registered, in order.
    let router: Router
    /// Each route compiled, with its regexes read; nil for a route whose pattern the
    /// checker cannot compile (never, for routes the router took).
    let compiled: [(route: CompiledRoute, regexes: RouteRegexes)?]
    /// The app's rules, in order.
    let rules: [UniversalLinkCompiledRule]
    /// Every character the routes and the rules name.
    let alphabet: PathAlphabet
    /// The most sets of states the exploration may take; nil for its default
    /// (``PathExploration/limit(forStates:)``).
    let explorationLimit: Int?

    /// A checker of `routes` (registered in order with `options`) against `matcher`'s rules
    /// for `appID` on `host`.
    ///
    /// - Throws: the ``RouteError`` of the first route that does not compile, with its route.
    init(
        matcher: UniversalLinkMatcher, appID: String, host: String, routes: [AASARoute],
        options: RouterOptions,
        explorationLimit: Int? = nil
    ) throws(AASARouteError) {
        self.matcher = matcher
        self.explorationLimit = explorationLimit
        self.appID = appID
        self.host = host.lowercased()
        self.routes = routes
        self.options = options
        var compiled: [(route: CompiledRoute, regexes: RouteRegexes)?] = []
        for route in routes {
            do {
                let compiledRoute = try CompiledRoute(route.route, options: options)
                compiled.append((compiledRoute, RouteRegexes(compiledRoute)))
            } catch {
                throw AASARouteError(route: route, error: error)
            }
        }
        self.compiled = compiled
        // All at once: one publication of the table, however many routes.
        let router = Router(options: options)
        do {
            try router.register(routes.map { (RouteName($0.route), RouteHandler.closure { _ in }) })
        } catch {
            throw AASARouteError(route: routes.first { $0.route == error.route } ?? routes[0], error: error)
        }
        self.router = router
        let rules = matcher.rules(of: appID)
        self.rules = rules
        alphabet = Self.alphabet(compiled: compiled.compactMap { $0 }, rules: rules)
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
        // The automata go to the exploration, which frees them once it has flattened them.
        let automata = receiving.map(\.automaton)
        for index in receiving.indices { receiving[index].automaton = nil }
        var analysis = AASAAnalysis(checker: self, receiving: receiving)
        analysis.run(routeAutomata: automata)
        report.findings = analysis.findings
        report.notes = analysis.notes
        report.uncheckedRoutes = analysis.uncheckedRoutes
        report.examplesOnlyRoutes = analysis.examplesOnlyRoutes
        report.exclusionsHidingRoutes = analysis.exclusionsHidingRoutes
        return report
    }

    /// Whether `route` receives the host's universal links, and its model when it does.
    func classify(_ route: AASARoute) -> Result<Receiving, Skip> {
        guard let (compiledRoute, regexes) = compiled[route.index] else { return .failure(.scheme) }
        let pattern = compiledRoute.pattern
        var exact: Bool
        switch Self.receives(pattern, host: host) {
        case .failure(let skip): return .failure(skip)
        case .success(let result): exact = result
        }
        let schemes = pattern.scheme.map { [$0.lowercased()] } ?? Self.schemes
        if let tail = regexes.tail, regexes.unsupported == nil {
            // A raw regex over host and path that cannot read this host takes none of its links.
            if pattern.kind == .host && tail.regex.depth == 0
                && tail.automaton.run(host.unicodeScalars, from: [tail.automaton.start]).isEmpty
            {
                return .failure(.host)
            }
            if let automaton = PathAutomaton(
                regexRoute: compiledRoute, regexes: regexes, host: host, options: options, alphabet: alphabet)
            {
                // A regex tail read into an automaton: exact, the host part included.
                return .success(
                    Receiving(
                        route: route, pattern: pattern, automaton: automaton, isExact: true, schemes: schemes)
                )
            }
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
        return .success(
            Receiving(route: route, pattern: pattern, automaton: automaton, isExact: exact, schemes: schemes))
    }

    /// Whether `route` receives universal links of `host` (aasa.md §7.1): its parsed pattern,
    /// and whether its host part is decided exactly (false for a raw regex over host and
    /// path whose automaton is not known).
    static func receives(
        _ route: AASARoute, host: String, options: RouterOptions
    ) -> Result<(RoutePattern, Bool), Skip> {
        guard let pattern = try? RoutePattern(route.route, strictTrailingSlash: options.strictTrailingSlash)
        else {
            return .failure(.scheme)
        }
        return receives(pattern, host: host).map { (pattern, $0) }
    }

    /// Whether `route` receives Android App Links of `host`: as universal links, less `http`
    /// routes, since `waypoint android` writes and checks `https` filters
    /// (android-app-links.md §3).
    static func receivesAppLinks(
        _ route: AASARoute, host: String, options: RouterOptions
    ) -> Result<(RoutePattern, Bool), Skip> {
        let received = receives(route, host: host, options: options)
        if case .success((let pattern, _)) = received, pattern.scheme?.lowercased() == "http" {
            return .failure(.httpAppLink)
        }
        return received
    }

    /// Whether a route of `pattern` receives universal links of `host`, and whether its host
    /// part is decided exactly.
    static func receives(_ pattern: RoutePattern, host: String) -> Result<Bool, Skip> {
        if let scheme = pattern.scheme, !schemes.contains(scheme.lowercased()) { return .failure(.scheme) }
        guard pattern.kind == .host, let first = pattern.segments.first else { return .success(true) }
        switch first.form {
        case .literal:
            return RouteLanguage.asciiLowercased(first.text) == host ? .success(true) : .failure(.host)
        case .pattern(_, isRegex: false):
            // A host pattern: the router itself says whether it takes the host.
            return hostPatternMatches(first.text, host: host) ? .success(true) : .failure(.host)
        case .pattern(_, isRegex: true):
            // A raw regex over host and path: its automaton reads the host (or, without
            // one, examples decide).
            return .success(false)
        default:
            return host.isEmpty ? .failure(.host) : .success(true)
        }
    }

    /// Whether the host segment `text` of a route matches `host`, asked of the router.
    static func hostPatternMatches(_ text: String, host: String) -> Bool {
        let probe = Router()
        guard (try? probe.register(RouteName(text + "/**")) { _ in }) != nil else { return true }
        return probe.match("https://\(host)/") != nil
    }

    /// The alphabet of every character the routes and rules name and every set their
    /// regexes read.
    private static func alphabet(
        compiled: [(route: CompiledRoute, regexes: RouteRegexes)], rules: [UniversalLinkCompiledRule]
    ) -> PathAlphabet {
        var named = Set<Unicode.Scalar>()
        var sets = Set<ScalarSet>()
        for (route, regexes) in compiled {
            let pattern = route.pattern
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
            sets.formUnion(regexes.sets)
        }
        for rule in rules {
            Self.collect(rule.path.pattern.elements, into: &named)
        }
        return PathAlphabet(naming: named, sets: sets)
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
