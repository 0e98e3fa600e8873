import Foundation
import Waypoint

extension RouteBook {
    /// Everything reverse routing of `route` with `parameters` needs: the route, the
    /// checked values and the URLs that may carry them, and the snapshot the route was
    /// found in, which every candidate is judged against.
    ///
    /// - Throws: ``ReverseRoutingError`` for every check made before matching.
    package func reversePlan(
        for route: String, parameters: RouteParameters, scheme: String?, host: String?
    ) throws(ReverseRoutingError) -> (plan: ReversePlan, snapshot: Snapshot) {
        guard let (snapshot, order) = snapshot(ofRoute: route) else { throw .unknownRoute(route: route) }
        let compiled = snapshot.table.route(order: order)
        let template = try RouteTemplate(compiled.pattern)
        let scheme = try Self.scheme(scheme, for: compiled.pattern)
        if let host, compiled.pattern.kind == .host { throw .unexpectedHost(route: route, host: host) }
        let given = try template.check(parameters)
        let written = try template.url(given, scheme: scheme, host: host)
        guard let url = URL(string: written) else { throw .unmatched(route: route, url: written) }
        let expected = RouteParameters(
            elements: parameters.filter { !($0.name == "*" && template.hasWildcard) })
        let plan = ReversePlan(
            route: route, order: order, table: snapshot.table, template: template, given: given,
            expected: expected, preferred: ReversePlan.Candidate(text: url.absoluteString, url: url),
            written: written, scheme: scheme, host: host, options: options)
        return (plan, snapshot)
    }

    /// The scheme to write for `pattern`: the given one, checked against the route's.
    private static func scheme(
        _ given: String?, for pattern: RoutePattern
    ) throws(ReverseRoutingError) -> String {
        guard let scheme = given ?? pattern.scheme else { throw .missingScheme(route: pattern.route) }
        let bytes = Array(scheme.utf8)
        let valid = bytes.first?.isASCIILetter == true && bytes.dropFirst().allSatisfy(\.isSchemeCharacter)
        let matchesRoute = pattern.scheme.map { $0.lowercased() == scheme.lowercased() } ?? true
        guard valid, matchesRoute else { throw .invalidScheme(route: pattern.route, scheme: scheme) }
        return scheme
    }
}

/// Reverse routing of one route with checked values: the URLs that may carry them,
/// preferred first, and how each is judged by matching it back.
package struct ReversePlan {
    /// One spelling of the URL.
    package struct Candidate {
        /// The URL's text as `URL` reads it back.
        package let text: String
        package let url: URL

        package init(text: String, url: URL) {
            self.text = text
            self.url = url
        }
    }

    let route: String
    /// The route's order in ``table``.
    package let order: RouteTable.RegistrationOrder
    /// The table the route was found in: every candidate is judged against it.
    package let table: RouteTable
    let template: RouteTemplate
    let given: [String: String]
    /// The parameters a match of the route must capture (without `"*"`).
    package let expected: RouteParameters
    /// The spelling tried first: every `/` of a spanning value a separator.
    let preferred: Candidate
    /// ``preferred`` as the template wrote it.
    let written: String
    let scheme: String
    let host: String?
    let options: RouterOptions

    /// The distinct spellings, preferred first; the others are written only when the
    /// preferred one is read past (see ``alternatives()``).
    package var candidates: Candidates { Candidates(plan: self) }

    /// The spellings of a plan, in order: ``preferred``, then ``alternatives()``, written
    /// when the iteration reaches them.
    package struct Candidates: Sequence {
        let plan: ReversePlan

        package func makeIterator() -> Iterator { Iterator(plan: plan) }

        package struct Iterator: IteratorProtocol {
            let plan: ReversePlan
            var gavePreferred = false
            /// The alternatives, written when the first is asked for.
            var rest: [Candidate]?
            var index = 0

            init(plan: ReversePlan) { self.plan = plan }

            package mutating func next() -> Candidate? {
                guard gavePreferred else {
                    gavePreferred = true
                    return plan.preferred
                }
                if rest == nil { rest = plan.alternatives() }
                guard let rest, index < rest.count else { return nil }
                index += 1
                return rest[index - 1]
            }
        }
    }

    /// The spellings after ``preferred``, in order, each distinct: the other spellings of a
    /// spanning value that holds a `/` (``RouteTemplate/Spelling``); the spanning part with
    /// every `/`, then one `/` at a time, written `%2F` (``RouteTemplate/spanningSpellings(of:)``);
    /// then each of these, and the preferred one, with one more empty segment at the end
    /// (``RouteTemplate/withFinalEmptySegment(_:strictTrailingSlash:)``).
    ///
    /// Each may carry the same values to the route while an earlier route reads it
    /// otherwise, so trying them all before refusing keeps a refusal from being a matter of
    /// spelling (Documentation/spec/routing.md §9); each is judged by matching it.
    func alternatives() -> [Candidate] {
        var texts = [written]
        for spelling in template.spellings(given).dropFirst() {
            if let text = try? template.url(given, scheme: scheme, host: host, spelling: spelling) {
                texts.append(text)
            }
        }
        texts += template.spanningSpellings(of: written)
        texts += texts.map {
            RouteTemplate.withFinalEmptySegment($0, strictTrailingSlash: options.strictTrailingSlash)
        }
        var seen: Set<String> = [preferred.text]
        var candidates: [Candidate] = []
        for text in texts.dropFirst() {
            guard let url = URL(string: text), seen.insert(url.absoluteString).inserted else { continue }
            candidates.append(Candidate(text: url.absoluteString, url: url))
        }
        return candidates
    }

    /// The first candidate that opens ``route`` with ``expected``.
    ///
    /// - Throws: the first candidate's refusal when none does.
    package func url() throws(ReverseRoutingError) -> URL {
        var first: ReverseRoutingError?
        for candidate in candidates {
            guard let error = refusal(of: candidate) else { return candidate.url }
            if first == nil { first = error }
        }
        throw first ?? .unmatched(route: route, url: "")
    }

    /// Why `candidate` does not open `route` with ``expected`` in ``table``; nil when it does.
    package func refusal(of candidate: Candidate) -> ReverseRoutingError? {
        let written = candidate.text
        switch table.coldWinner(written) {
        case .refused(.urlTooLong):
            return .urlTooLong(route: route, length: written.utf8.count, limit: options.urlLengthBound)
        case .refused:
            return .unmatched(route: route, url: written)
        case .examined(let winner, _):
            if let winner, winner.route == route, winner.routeParameters == expected { return nil }
            return diagnosis(of: written, winner: winner?.route)
        }
    }

    /// Why `written`, which `winner` (or no route) wins, does not open `route` with
    /// ``expected``: another route wins, the route reads other values back, or a value its
    /// pattern rejects.
    func diagnosis(of written: String, winner: String?) -> ReverseRoutingError {
        guard case .examined(let matches, _) = table.all(written) else {
            return .unmatched(route: route, url: written)
        }
        if let own = matches.first(where: { $0.route == route }) {
            if own.routeParameters != expected {
                return .ambiguous(route: route, url: written, parameters: own.routeParameters)
            }
            return .shadowed(route: route, url: written, winner: winner ?? route)
        }
        if let (name, value) = template.rejectedValue(given, options: options) {
            return .valueRejected(route: route, name: name, value: value)
        }
        return .unmatched(route: route, url: written)
    }
}
