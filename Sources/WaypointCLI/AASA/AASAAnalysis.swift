import Foundation
import Waypoint
import WaypointAssociation
import WaypointReverseRouting
import WaypointTables

/// The work of ``AASAChecker/check()``: explore both sides, observe the witnesses and the
/// examples with the router and the AASA matcher, and read the findings off what they do.
struct AASAAnalysis {
    /// What the router and the AASA matcher do with one URL, in each scheme routes tell
    /// apart (the file's decision is the same for all).
    struct Observation {
        /// The URL, `https`.
        let url: String
        /// The rule that decided, by index into the app's rules.
        let decider: Int?
        let opens: Bool
        /// The receiving routes that match it in some scheme.
        let routes: Set<Int>
        /// When the file opens it: its URL in the first scheme where no route matches it.
        let unroutedURL: String?
    }

    /// What is known about a route.
    private struct RouteFacts {
        var opened: String?
        var notOpened: String?
        /// Whether `notOpened` holds for every query and fragment of its path (its
        /// combination's rules look at neither).
        var notOpenedForAnyQuery = false
        var notOpenedFromConstruction = false
        var openedFromConstruction = false
        /// Whether every combination that holds the route was decided without examples.
        var provenEverywhere = true
    }

    /// What is known about a rule.
    private struct RuleFacts {
        var combinations = 0
        var decides = false
        var earlier = Set<Int>()
        /// Whether, in every combination, an earlier rule that ignores query and fragment
        /// matches every path of it.
        var coveredEverywhere = true
        var unrouted: (url: String, construction: Bool)?
        /// Whether the rule is an exclusion that decided a URL a route matches.
        var hidesRoutedURL = false
    }

    let checker: AASAChecker
    let receiving: [AASAChecker.Receiving]
    private(set) var findings: [AASAFinding] = []
    private(set) var notes: [String] = []
    /// The receiving routes that no URL was observed for, or whose paths the exploration
    /// did not finish: nothing is known of them.
    private(set) var uncheckedRoutes: [AASARoute] = []
    /// How many receiving routes were compared on examples only (a regex the checker does
    /// not read, a route it cannot model).
    private(set) var examplesOnlyRoutes = 0
    /// The exclusions that decided a URL some route matches.
    private(set) var exclusionsHidingRoutes: [UniversalLinkRuleLocation] = []

    private var routeFacts: [RouteFacts]
    private var ruleFacts: [RuleFacts]
    private let ruleIndex: [UniversalLinkRuleLocation: Int]
    private let routeIndex: [String: Int]
    /// Whether some receiving route names its scheme, so that `http` and `https` URLs of a
    /// path can differ: then both are observed.
    private let observesHTTP: Bool

    init(checker: AASAChecker, receiving: [AASAChecker.Receiving]) {
        self.checker = checker
        self.receiving = receiving
        routeFacts = Array(repeating: RouteFacts(), count: receiving.count)
        ruleFacts = Array(repeating: RuleFacts(), count: checker.rules.count)
        ruleIndex = Dictionary(uniqueKeysWithValues: checker.rules.enumerated().map { ($1.location, $0) })
        var routes: [String: Int] = [:]
        for (index, model) in receiving.enumerated() where routes[model.route.route] == nil {
            routes[model.route.route] = index
        }
        routeIndex = routes
        observesHTTP = receiving.contains { $0.pattern.scheme != nil }
    }

    /// Explores `routeAutomata` (the receiving routes' automata, nil for a route without one)
    /// with the rules' and reads the findings.
    mutating func run(routeAutomata: consuming [PathAutomaton?]) {
        let rules = checker.rules
        let alphabet = checker.alphabet
        var automata = rules.map { rule in
            PathAutomaton(
                rule: rule.path.pattern, caseSensitive: rule.caseSensitive,
                percentEncoded: rule.percentEncoded,
                alphabet: alphabet)
        }
        var automatonRoute: [Int: Int] = [:]
        for (index, automaton) in routeAutomata.enumerated() {
            guard let automaton else { continue }
            automatonRoute[automata.count] = index
            automata.append(automaton)
        }
        _ = consume routeAutomata
        let exploration = PathExploration(
            consume automata, alphabet: alphabet, limit: checker.explorationLimit)
        if !exploration.isComplete {
            notes.append(
                "the exploration stopped at its bound (at most \(exploration.limit) sets of states, and as much work as the automata's size allows); what it did not reach rests on examples"
            )
        }
        let cutRoutes = Set(exploration.cut.compactMap { automatonRoute[$0] })
        for combination in exploration.combinations {
            let matching = combination.accepting.filter { $0 < rules.count }
            let modelled = Set(combination.accepting.compactMap { automatonRoute[$0] })
            let path = readable(CanonicalURL.path(alphabet.text(combination.witness)))
            observeCombination(
                path: path, rules: matching, routes: modelled, complete: exploration.isComplete)
        }
        observeExamples(complete: exploration.isComplete)
        collectFindings(complete: exploration.isComplete, cut: cutRoutes)
    }

    // MARK: Observing

    /// `path` with its empty segments filled, when the router and the AASA matcher treat the
    /// filled path as they treat `path`: `/products//` reads better as `/products/x/`.
    private func readable(_ path: String) -> String {
        guard path.dropFirst().contains("//") else { return path }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        func filled(keepingLast: Bool) -> String {
            let count = segments.count
            return segments.enumerated().map { offset, segment in
                segment.isEmpty && !(keepingLast && offset == count - 1) ? "/x" : "/" + segment
            }.joined()
        }
        let original = observe(CanonicalURL.url(host: checker.host, path: path))
        for candidate in [filled(keepingLast: false), filled(keepingLast: true)] {
            let observation = observe(CanonicalURL.url(host: checker.host, path: candidate))
            if observation.decider == original.decider, observation.routes == original.routes {
                return candidate
            }
        }
        return path
    }

    /// Observes the URLs of one combination: its witness path, with the empty query and
    /// fragment and with each example that a rule of the combination needs.
    private mutating func observeCombination(
        path: String, rules matching: [Int], routes modelled: Set<Int>, complete: Bool
    ) {
        let rules = checker.rules
        let isPlainPath = { (index: Int) in rules[index].query == nil && rules[index].fragment == nil }
        // No URL of these paths opens the app, whatever its query and fragment, when every rule
        // up to the first one that ignores both is an exclusion.
        let firstPlain = matching.firstIndex(where: isPlainPath).map { $0 + 1 } ?? matching.count
        let neverOpensAnyQuery = matching.prefix(firstPlain).allSatisfy { rules[$0].exclude }
        var candidates = [(query: "", fragment: "")]
        for index in matching where !(rules[index].query == nil && rules[index].fragment == nil) {
            let candidate = Self.queryAndFragment(of: rules[index])
            if !candidates.contains(where: { $0 == candidate }) { candidates.append(candidate) }
        }
        let observations = candidates.map {
            observe(CanonicalURL.url(host: checker.host, path: path, query: $0.query, fragment: $0.fragment))
        }
        let matched = observations[0].routes
        // The models agree with the matchers: the deciding rules are among the combination's,
        // and the exactly modelled routes are those the router matches.
        let exactModelled = modelled.filter { receiving[$0].isExact }
        let exactMatched = matched.filter { receiving[$0].isExact }
        let consistent =
            observations.allSatisfy { $0.decider.map(matching.contains) ?? true }
            && exactModelled == exactMatched
        let opens = observations.contains(where: \.opens)

        for index in matching {
            ruleFacts[index].combinations += 1
            for observation in observations {
                guard let decider = observation.decider else { continue }
                if decider == index {
                    ruleFacts[index].decides = true
                } else if decider < index {
                    ruleFacts[index].earlier.insert(decider)
                }
            }
            let covered = matching.contains {
                $0 < index && rules[$0].query == nil && rules[$0].fragment == nil
            }
            if !(covered && consistent && complete) { ruleFacts[index].coveredEverywhere = false }
        }
        for route in modelled.union(matched) {
            let isMatched = matched.contains(route)
            let construction = receiving[route].isExact && consistent && complete
            // Not opened anywhere is proven only where no query can open these paths.
            if !(construction && (opens || neverOpensAnyQuery)) { routeFacts[route].provenEverywhere = false }
            guard isMatched else { continue }
            if opens {
                if routeFacts[route].opened == nil
                    || (construction && !routeFacts[route].openedFromConstruction)
                {
                    routeFacts[route].opened = observations.first(where: \.opens).map {
                        inScheme($0.url, of: route)
                    }
                    routeFacts[route].openedFromConstruction = construction
                }
            } else if routeFacts[route].notOpened == nil
                || (construction && neverOpensAnyQuery && !routeFacts[route].notOpenedForAnyQuery)
            {
                routeFacts[route].notOpened = inScheme(observations[0].url, of: route)
                routeFacts[route].notOpenedForAnyQuery = neverOpensAnyQuery
                routeFacts[route].notOpenedFromConstruction = construction
            }
        }
        for observation in observations {
            guard let decider = observation.decider else { continue }
            if rules[decider].exclude && !observation.routes.isEmpty {
                ruleFacts[decider].hidesRoutedURL = true
            }
            guard let url = observation.unroutedURL, ruleFacts[decider].unrouted?.construction != true else {
                continue
            }
            let construction = routes(modelled, takingSchemeOf: url).isEmpty && consistent
            if ruleFacts[decider].unrouted == nil || construction {
                ruleFacts[decider].unrouted = (url, construction)
            }
        }
    }

    /// Observes URLs built from the patterns: each route's with sample parameter values
    /// (for the routes the automata over-approximate) and each rule's with its wildcards
    /// filled, each with the empty query and fragment and the rules' examples.
    private mutating func observeExamples(complete: Bool) {
        let rules = checker.rules
        // Rules' own paths matter where the automata were not enough: a route they
        // over-approximate, or an exploration that stopped. Those whose findings are still
        // open come first; the number is bounded, so a file of thousands of rules stays fast.
        var paths: [String] = []
        if !complete || receiving.contains(where: { !$0.isExact }) {
            let open = rules.indices.filter { !ruleFacts[$0].decides || ruleFacts[$0].unrouted == nil }
            for index in open.prefix(Self.maximumExampleRules) {
                paths += Self.examplePaths(of: rules[index])
            }
            if open.count > Self.maximumExampleRules {
                notes.append(
                    "examples were built from the first \(Self.maximumExampleRules) rules whose findings the exploration left open"
                )
            }
        }
        var urls: [String] = []
        let values =
            Self.sampleValues + paths.flatMap { $0.split(separator: "/").map(String.init) }.prefix(16)
        for model in receiving where !model.isExact {
            urls += examples(of: model, values: Array(Set(values)).sorted())
        }
        urls += paths.map { CanonicalURL.url(host: checker.host, path: $0) }
        // The root, which routes of a host and nothing else match without a path at all.
        urls.append(CanonicalURL.url(host: checker.host, path: "/"))
        var candidates = [(query: "", fragment: "")]
        for rule in rules where !(rule.query == nil && rule.fragment == nil) {
            let candidate = Self.queryAndFragment(of: rule)
            if candidates.count < 16, !candidates.contains(where: { $0 == candidate }) {
                candidates.append(candidate)
            }
        }
        for url in urls {
            let observations = candidates.map { candidate in
                observe(
                    url + (candidate.query.isEmpty ? "" : "?" + candidate.query)
                        + (candidate.fragment.isEmpty ? "" : "#" + candidate.fragment))
            }
            for observation in observations {
                if let decider = observation.decider { ruleFacts[decider].decides = true }
            }
            let matched = observations[0].routes
            for route in matched {
                if let opened = observations.first(where: \.opens) {
                    if routeFacts[route].opened == nil {
                        routeFacts[route].opened = inScheme(opened.url, of: route)
                    }
                } else if routeFacts[route].notOpened == nil {
                    routeFacts[route].notOpened = inScheme(observations[0].url, of: route)
                }
            }
            for observation in observations {
                guard let decider = observation.decider else { continue }
                if rules[decider].exclude && !observation.routes.isEmpty {
                    ruleFacts[decider].hidesRoutedURL = true
                }
                guard let url = observation.unroutedURL, ruleFacts[decider].unrouted == nil else { continue }
                ruleFacts[decider].unrouted = (url, false)
            }
        }
    }

    /// What the router and the AASA matcher do with `url` (an `https` URL), and with its
    /// `http` twin when routes tell the schemes apart.
    private func observe(_ url: String) -> Observation {
        let decision = checker.matcher.decision(for: url, appID: checker.appID)
        // The URLs the file decides alike: the `http` twin when routes tell the schemes
        // apart, and at the root, the URL without a path, which the matcher reads as `/`
        // (aasa.md C19) and a strict router may not.
        var variants = [url] + (Self.withoutRootPath(url).map { [$0] } ?? [])
        if observesHTTP, url.hasPrefix("https:") { variants += variants.map { "http:" + $0.dropFirst(6) } }
        var all = Set<Int>()
        var unrouted: String?
        for variant in variants {
            let routes = Set(checker.router.matches(variant).compactMap { routeIndex[$0.route] })
            all.formUnion(routes)
            if decision.opensApp && routes.isEmpty && unrouted == nil { unrouted = variant }
        }
        return Observation(
            url: url, decider: decision.rule.flatMap { ruleIndex[$0] }, opens: decision.opensApp,
            routes: all, unroutedURL: unrouted)
    }

    /// `url` without its path when the path is `/`, else nil.
    private static func withoutRootPath(_ url: String) -> String? {
        let authority = url.drop { $0 != ":" }.dropFirst(3)
        guard let slash = authority.firstIndex(of: "/") else { return nil }
        let rest = authority[authority.index(after: slash)...]
        guard rest.first.map({ $0 == "?" || $0 == "#" }) ?? true else { return nil }
        return String(url[..<slash]) + String(rest)
    }

    /// `url` (`https`) in the scheme of the receiving route `route`.
    private func inScheme(_ url: String, of route: Int) -> String {
        receiving[route].schemes.contains("https") || !url.hasPrefix("https:")
            ? url : "http:" + url.dropFirst(6)
    }

    /// The receiving routes that match URLs of `url`'s scheme.
    private func routes(_ routes: Set<Int>, takingSchemeOf url: String) -> Set<Int> {
        let scheme = url.hasPrefix("http:") ? "http" : "https"
        return routes.filter { receiving[$0].schemes.contains(scheme) }
    }

    /// URLs of `model`'s route on the host, with `values` for every parameter, that the
    /// route matches.
    private func examples(of model: AASAChecker.Receiving, values: [String]) -> [String] {
        let router = Router(options: checker.options)
        guard (try? router.register(RouteName(model.route.route)) { _ in }) != nil else { return [] }
        var names = model.pattern.parameters.map(\.name)
        if model.pattern.segments.contains(where: { $0.form == .wildcard }) { names.append("*") }
        // Each regex parameter's own samples first, then the shared values for all.
        var regexSamples: [String: [String]] = [:]
        for segment in model.pattern.segments {
            guard case .pattern(let pieces, _) = segment.form else { continue }
            for case .parameter(let name, _, let regex?, _) in pieces {
                regexSamples[name] =
                    (try? RegexAutomaton(regex, caseless: checker.options.caseInsensitivePaths))?.samples(
                        preferring: Self.preferredCharacters) ?? []
            }
        }
        var assignments: [[String: String]] = []
        for sample in 0..<2 where !regexSamples.isEmpty {
            var assignment: [String: String] = [:]
            for name in names {
                assignment[name] =
                    regexSamples[name].flatMap { $0.indices.contains(sample) ? $0[sample] : $0.first }
                    ?? values.first ?? "1"
            }
            assignments.append(assignment)
        }
        for value in values {
            assignments.append(Dictionary(names.map { ($0, value) }) { first, _ in first })
        }
        var urls: [String] = []
        for assignment in assignments {
            let parameters = RouteParameters(assignment)
            let host = model.pattern.kind == .path ? checker.host : nil
            guard
                let url = try? router.url(
                    for: RouteName(model.route.route), parameters: parameters, scheme: "https", host: host)
            else { continue }
            let text = url.absoluteString
            if !urls.contains(text) { urls.append(text) }
        }
        return urls
    }

    /// The most routes named one by one in notes as not checked; the rest are counted.
    static let maximumUncheckedNotes = 10

    /// The most rules whose patterns give example URLs.
    static let maximumExampleRules = 128

    /// The characters samples of a regex are written with where its sets allow.
    static let preferredCharacters = Array("a1xA-_".unicodeScalars)

    /// Parameter values that routes commonly accept.
    static let sampleValues = [
        "1", "42", "2024", "1234", "12345", "a", "abc", "A1", "x-y", "item_1", "en", "US", "en_US",
        "hello-world",
        "2024-01-31", "a/b",
    ]

    // MARK: Findings

    private mutating func collectFindings(complete: Bool, cut: Set<Int>) {
        var routeFindings: [AASAFinding] = []
        examplesOnlyRoutes = receiving.filter { !$0.isExact }.count
        let cutRouteStrings = Set(cut.map { receiving[$0].route.route })
        for (index, facts) in routeFacts.enumerated() {
            let route = receiving[index].route
            if cut.contains(index) && (facts.opened == nil || facts.notOpened == nil) {
                // Paths of the route the exploration did not reach may hold what was not seen.
                uncheckedRoutes.append(route)
            }
            switch (facts.opened, facts.notOpened) {
            case (nil, let url?):
                let proven = facts.provenEverywhere && receiving[index].isExact && complete
                routeFindings.append(
                    AASAFinding(
                        .routeNeverOpened, method: proven ? .construction : .examples, route: route, url: url,
                        message:
                            "no rule opens the app for \(route.route.quoted)\(proven ? "" : " on the URLs tried"): a universal link such as \(url) opens the browser"
                    ))
            case (_?, let url?):
                let proven = facts.notOpenedFromConstruction && facts.notOpenedForAnyQuery
                let whatever = facts.notOpenedForAnyQuery ? ", whatever its query and fragment," : ""
                routeFindings.append(
                    AASAFinding(
                        .routePartlyOpened, method: proven ? .construction : .examples, route: route,
                        url: url,
                        message:
                            "\(route.route.quoted) is opened only in part: \(url)\(whatever) opens the browser"
                    ))
            case (_?, nil):
                break
            case (nil, nil):
                if !cut.contains(index) { uncheckedRoutes.append(route) }
            }
        }
        for route in uncheckedRoutes.prefix(Self.maximumUncheckedNotes) {
            notes.append(
                "\(route.route.quoted) was not checked: "
                    + (cutRouteStrings.contains(route.route)
                        ? "the exploration stopped before all its paths"
                        : "no URL of it on \(checker.host) was tried"))
        }
        if uncheckedRoutes.count > Self.maximumUncheckedNotes {
            notes.append("\(uncheckedRoutes.count - Self.maximumUncheckedNotes) more routes were not checked")
        }
        var ruleFindings: [AASAFinding] = []
        for (index, facts) in ruleFacts.enumerated() {
            let rule = checker.rules[index]
            if let unrouted = facts.unrouted {
                ruleFindings.append(
                    AASAFinding(
                        .unroutedURL, method: unrouted.construction ? .construction : .examples,
                        rule: rule.location,
                        url: unrouted.url,
                        message:
                            "opens the app for \(unrouted.url), which no route matches: the app opens and shows nothing"
                            + (unrouted.url.hasPrefix("http:")
                                ? " (universal links arrive as http links too; the routes of this path take https only)"
                                : "")
                    ))
            }
            if facts.hidesRoutedURL { exclusionsHidingRoutes.append(rule.location) }
            guard !facts.decides else { continue }
            if facts.combinations == 0 {
                guard complete else { continue }
                ruleFindings.append(
                    AASAFinding(
                        .deadRule, method: .construction, rule: rule.location,
                        message: "matches no URL written canonically, so it never decides"))
                continue
            }
            let earlier = facts.earlier.sorted().map { checker.rules[$0].location }
            let proven = facts.coveredEverywhere && complete
            let names = earlier.map(\.description).joined(separator: ", ")
            ruleFindings.append(
                AASAFinding(
                    .deadRule, method: proven ? .construction : .examples, rule: rule.location,
                    earlier: earlier,
                    message:
                        "never decides: \(earlier.count == 1 ? "an earlier rule" : "earlier rules") (\(names)) decide\(earlier.count == 1 ? "s" : "") every URL it matches\(proven ? "" : " among those tried")"
                ))
        }
        // Rule findings are already in rule order, and for one rule in kind order.
        findings = routeFindings + ruleFindings
    }

    // MARK: Filling patterns

    /// A query and a fragment that `rule`'s conditions accept.
    static func queryAndFragment(of rule: UniversalLinkCompiledRule) -> (query: String, fragment: String) {
        let query: String
        switch rule.query {
        case nil:
            query = ""
        case .pattern(let compiled):
            query = fill(compiled.pattern.elements, percentEncoded: rule.percentEncoded, star: "")
        case .items(let conditions):
            query = conditions.map { condition in
                let name = rule.percentEncoded ? condition.name : CanonicalURL.queryText(condition.name)
                return name + "="
                    + fill(condition.value.pattern.elements, percentEncoded: rule.percentEncoded, star: "")
            }.joined(separator: "&")
        }
        let fragment =
            rule.fragment.map { fill($0.pattern.elements, percentEncoded: rule.percentEncoded, star: "") }
            ?? ""
        return (query, fragment)
    }

    /// Paths `rule`'s path pattern matches: its wildcards filled in a few ways.
    static func examplePaths(of rule: UniversalLinkCompiledRule) -> [String] {
        var paths: [String] = []
        for star in ["", "x", "x/y"] {
            var text = fill(rule.path.pattern.elements, percentEncoded: true, star: star)
            if !rule.percentEncoded { text = CanonicalURL.path(text) }
            if !text.hasPrefix("/") { text = "/" + text }
            if !paths.contains(text) { paths.append(text) }
        }
        return paths
    }

    /// Text that `elements` match: `?` as `x`, `*` as `star`, a variable as its first value.
    private static func fill(
        _ elements: [UniversalLinkPattern.Element], percentEncoded: Bool, star: String
    ) -> String {
        var text = ""
        for element in elements {
            switch element {
            case .scalar(let scalar): text.unicodeScalars.append(scalar)
            case .anyScalar: text += "x"
            case .anyRun: text += star
            case .variable(_, let values):
                text += values.first.map { fill($0, percentEncoded: true, star: star) } ?? ""
            }
        }
        return text
    }
}
