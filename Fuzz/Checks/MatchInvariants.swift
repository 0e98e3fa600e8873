import Waypoint
import WaypointExplain
import WaypointReference

/// The invariants of matching one URL against a router, shared by the `url-matcher` and
/// `route-compiler` targets.
///
/// For every URL: the length bound and the scheme check refuse exactly the URLs they should,
/// with a typed reason; `matches` is in registration order; `match` and `matchResult` give
/// the first of `matches`; `explain` lists every route and its matched set is `matches` (on
/// a sample of URLs, ``explainsOneIn``);
/// `handle` dispatches to the same route; `match(path:)` agrees with the full-URL match; every
/// captured value is a substring of the decoded URL, and a `:name` or `:name?` value is a whole
/// decoded segment; and, unless a PCRE2 limit was hit, the trie matcher agrees with the
/// reference matcher, encoded slashes and host patterns included.
struct MatchInvariants {
    /// What the checks need to know about one registered route.
    struct RouteInfo {
        let route: String
        let kind: RoutePattern.Kind
        let scheme: String?
        /// The names of `:name` and `:name?` parameters, whose values are whole segments.
        let segmentParameters: Set<String>

        init(_ compiled: CompiledRoute) {
            route = compiled.pattern.route
            kind = compiled.pattern.kind
            scheme = compiled.pattern.scheme
            var names: Set<String> = []
            for segment in compiled.pattern.segments {
                switch segment.form {
                case .parameter(let name), .optionalParameter(let name): names.insert(name)
                default: break
                }
            }
            segmentParameters = names
        }
    }

    let router: Router
    let routes: [RouteInfo]
    /// The reference matcher over the same routes, nil when it cannot compile them all.
    let reference: ReferenceMatcher?
    /// A reference matcher without routes, used only to decode URLs the way the router does.
    let decoder: ReferenceMatcher
    /// Whether explanations are checked to describe themselves (``checkDescriptions(_:_:)``,
    /// a sample of them per URL). A table checked under several configurations may describe
    /// only in some.
    let checksDescriptions: Bool
    /// One accepted URL in this many has its explanation checked (``check(_:)``); 1 checks
    /// every URL.
    let explainsOneIn: UInt32

    /// Registers `routes` (which must all compile) on a new router with `options`.
    init(
        routes: [String], options: RouterOptions, checksDescriptions: Bool = true, explainsOneIn: UInt32 = 1
    ) throws(FuzzViolation) {
        var compiled: [CompiledRoute] = []
        for route in routes {
            do {
                compiled.append(try CompiledRoute(route, options: options))
            } catch {
                throw FuzzViolation("a route that compiled is registered", "\(quoted(route)): \(error)")
            }
        }
        try self.init(
            compiled: compiled, options: options, decoder: Self.decoder(options),
            checksDescriptions: checksDescriptions, explainsOneIn: explainsOneIn)
    }

    /// Registers the routes of `compiled` (compiled with `options`) on a new router with
    /// `options`; `decoder` is ``decoder(_:)`` of `options`, which callers checking many
    /// inputs make once.
    init(
        compiled: [CompiledRoute], options: RouterOptions, decoder: ReferenceMatcher,
        checksDescriptions: Bool,
        explainsOneIn: UInt32 = 1
    ) throws(FuzzViolation) {
        try self.init(
            compiled: compiled, options: options, decoder: decoder,
            reference: try? ReferenceMatcher(routes: compiled.map(\.pattern.route), options: options),
            checksDescriptions: checksDescriptions, explainsOneIn: explainsOneIn)
    }

    /// Registers the routes of `compiled` and compares the router with `reference`, which
    /// is the reference matcher over the same routes except in the tests that hand the check
    /// a deliberately different one, to see that a disagreement is reported.
    init(
        compiled: [CompiledRoute], options: RouterOptions, decoder: ReferenceMatcher,
        reference: ReferenceMatcher?, checksDescriptions: Bool, explainsOneIn: UInt32
    ) throws(FuzzViolation) {
        router = Router(options: options)
        for route in compiled {
            let name = route.pattern.route
            do {
                try router.register(RouteName(name)) { _ in }
            } catch {
                throw FuzzViolation("a route that compiled is registered", "\(quoted(name)): \(error)")
            }
        }
        routes = compiled.map(RouteInfo.init)
        self.reference = reference
        self.decoder = decoder
        self.checksDescriptions = checksDescriptions
        self.explainsOneIn = max(1, explainsOneIn)
    }

    /// A reference matcher without routes for `options`, to decode URLs as the router does.
    static func decoder(_ options: RouterOptions) -> ReferenceMatcher {
        try! ReferenceMatcher(routes: [], options: options)
    }

    /// Checks every invariant for `url`.
    ///
    /// `explain` walks every route, which cost as much as the rest of a check, so its own
    /// invariants (every route listed once, its matched set is `matches`, descriptions) are
    /// checked on a sample: every refused URL, one URL in ``explainsOneIn`` otherwise (picked
    /// by a hash of its bytes, which the fuzzer's mutations change), and every URL on which the reference
    /// matcher disagrees with the trie, where it tells whether a regex limit excuses the
    /// difference. The comparison with the reference is made on every URL (issue 21 §5).
    func check(_ url: String) throws(FuzzViolation) {
        let options = router.options
        let all = router.matches(url)
        let result = router.matchResult(url)
        let input = Quoted(url)
        let hash = Self.hash(url)

        let refused = url.utf8.count > options.maxURLLength || !Self.hasScheme(url)
        var explanation: [RouteExplanation]? = refused || hash % explainsOneIn == 0 ? try explain(url) : nil

        if url.utf8.count > options.maxURLLength, let explanation {
            try requireRefused(
                url, all: all, result: result, explanation: explanation, failure: .urlTooLong,
                stop: .urlTooLong(length: url.utf8.count, limit: options.maxURLLength))
            return
        }
        if !Self.hasScheme(url), let explanation {
            try requireRefused(
                url, all: all, result: result, explanation: explanation, failure: .invalidURL,
                stop: .invalidURL)
            return
        }

        try require(
            zip(all, all.dropFirst()).allSatisfy { $0.priority < $1.priority },
            "matches are in registration order", "\(input): \(all.map(\.priority))")
        for match in all {
            try require(
                routes.indices.contains(match.priority) && routes[match.priority].route == match.route,
                "a match names its route and priority", "\(input): \(match)")
        }
        try require(router.match(url) == all.first, "match is the first of matches", input)
        switch result {
        case .success(let match):
            try require(match == all.first, "matchResult is the first of matches", input)
        case .failure(let failure):
            try require(
                failure == .routeNotFound && all.isEmpty, "matchResult fails only with routeNotFound",
                "\(input): \(failure)")
        }
        if let explanation {
            try checkExplanation(url, explanation, all: all, hash: hash)
        }

        try checkParameters(url, all)
        try checkDispatch(url, first: all.first)
        try checkBarePath(url)

        // On a URL where some route hit a regex limit, or was not reached because the lookup's
        // regex budget was spent, the two may differ: the trie prunes, so the two matchers need
        // not meet the limit on the same routes, and the reference has no budget. Every route
        // is compared otherwise, host patterns and encoded slashes included: the reference
        // runs each regex tail on the same text as the trie, so anchors, lookbehind and
        // backreferences mean the same in both.
        // The reference's winner is the first of its matches, and `match` was checked to be
        // the first of `matches` above, so comparing the two lists compares the winners too.
        if let reference {
            let expected = reference.matches(url)
            guard expected != all else { return }
            if explanation == nil {
                let walked = try explain(url)
                try checkExplanation(url, walked, all: all, hash: hash)
                explanation = walked
            }
            let limitHit = (explanation ?? []).contains {
                switch $0.outcome {
                case .stopped(.limitHit), .stopped(.regexBudgetSpent): true
                default: false
                }
            }
            try require(
                limitHit, "the trie's matches are the reference matcher's",
                "\(input): trie \(all), reference \(expected)")
        }
    }

    /// `explain(url)`, checked to list every route once, in registration order.
    private func explain(_ url: String) throws(FuzzViolation) -> [RouteExplanation] {
        let explanation = router.explain(url)
        try require(
            explanation.map(\.route) == routes.map(\.route)
                && explanation.map(\.priority) == Array(routes.indices),
            "explain lists every route once, in registration order", Quoted(url))
        return explanation
    }

    /// The explanation of an accepted URL: its matched set is `all`, and (when this table
    /// checks descriptions) it describes itself.
    private func checkExplanation(
        _ url: String, _ explanation: [RouteExplanation], all: [RouteMatch], hash: UInt32
    ) throws(FuzzViolation) {
        let walked = explanation.compactMap { item -> RouteMatch? in
            guard case .matched(let parameters) = item.outcome else { return nil }
            return RouteMatch(route: item.route, routeParameters: parameters, priority: item.priority)
        }
        try require(
            walked == all, "explain's matched set equals matches", "\(Quoted(url)): \(walked) vs \(all)")
        if checksDescriptions {
            try checkDescriptions(url, explanation, hash: hash)
        }
    }

    /// FNV-1a of the URL's bytes: which samples a URL is checked in.
    private static func hash(_ url: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in url.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }

    /// Every matched route's explanation, and one other picked by the URL's bytes, describe
    /// themselves. Describing all 37 routes of the url-matcher table (quoting the URL's
    /// segment in each `literalDiffers`) cost more than the rest of a check; the fuzzer's
    /// mutations change the pick from one input to the next, so every route's outcomes are
    /// still described over a run (issue 21 §5).
    private func checkDescriptions(
        _ url: String, _ explanation: [RouteExplanation], hash: UInt32
    ) throws(FuzzViolation) {
        guard !explanation.isEmpty else { return }
        let picked = Int((hash / explainsOneIn) % UInt32(explanation.count))
        for (index, item) in explanation.enumerated() where index == picked || item.matched {
            try require(!item.description.isEmpty, "every explanation describes itself", Quoted(url))
        }
    }

    private func requireRefused(
        _ url: String, all: [RouteMatch], result: Result<RouteMatch, RoutingFailure>,
        explanation: [RouteExplanation], failure: RoutingFailure, stop: RouteStop
    ) throws(FuzzViolation) {
        let input = Quoted(url)
        try require(all.isEmpty, "a refused URL has no matches", input)
        try require(router.match(url) == nil, "a refused URL has no winner", input)
        try require(
            result.failureValue == failure, "a refused URL reports \(failure)", "\(input): \(result)")
        try require(
            explanation.allSatisfy { $0.outcome == .stopped(stop) }, "explain stops every route with \(stop)",
            input)
        try require(reference?.matches(url).isEmpty ?? true, "the reference refuses it too", input)
    }

    /// Every value is a substring of the decoded URL (host, path segments joined by `/`, and
    /// the trailing slash the router may add); a segment parameter's value is one whole
    /// decoded segment.
    private func checkParameters(_ url: String, _ all: [RouteMatch]) throws(FuzzViolation) {
        guard !all.isEmpty, let subjects = decoder.subjects(of: url) else { return }
        let decoded = Array((subjects.host + "/").utf8)
        let segments = Self.decodedSegments(url)
        let encodedSlash = Self.hasEncodedSlash(url)
        for match in all {
            let info = routes[match.priority]
            for (name, value) in match.routeParameters {
                try require(
                    Self.contains(decoded, Array(value.utf8)),
                    "a parameter is a substring of the decoded URL",
                    "\(quoted(url)): \(name) = \(quoted(value)) for \(quoted(match.route))")
                // A regex tail sees the decoded path joined by `/`, so after a `%2F` its
                // `:name` can take part of a segment (Documentation/spec/routing.md §4; a spec question).
                if info.segmentParameters.contains(name), !encodedSlash {
                    try require(
                        !value.isEmpty && segments.contains(value),
                        "a :name parameter is one whole, non-empty decoded segment",
                        "\(quoted(url)): \(name) = \(quoted(value)) for \(quoted(match.route))")
                }
            }
        }
    }

    /// `handle` reaches the route `match` picked, or fails for the reason `matchResult` gives.
    private func checkDispatch(_ url: String, first: RouteMatch?) throws(FuzzViolation) {
        let handled = router.handle(url)
        guard handled.failure != .invalidURL || first == nil else {
            // Foundation could not make a URL of the string, so it is not dispatched.
            return
        }
        try require(
            handled.route == first?.route && handled.isHandled == (first != nil),
            "handle dispatches to the winner",
            "\(quoted(url)): \(handled.route ?? "nil") vs \(first?.route ?? "nil")")
        if let link = handled.deepLink, let first {
            try require(
                link.routeParameters == first.routeParameters,
                "the handled link carries the winner's parameters",
                quoted(url))
        }
    }

    /// `match(path:)` on the URL's path is the first scheme-less path route among the
    /// matches of the same path under a scheme no route names.
    private func checkBarePath(_ url: String) throws(FuzzViolation) {
        var copy = url
        let path: String? = copy.withUTF8 { bytes in
            URLParts.split(bytes).map { String(decoding: bytes[$0.path], as: UTF8.self) }
        }
        guard let path else { return }
        let rooted = path.isEmpty || path.utf8.first == UInt8(ascii: "/") ? path : "/" + path
        let probe = "waypoint-fuzz-probe://" + rooted
        guard probe.utf8.count <= router.options.maxURLLength else { return }
        let expected = router.matches(probe).first {
            routes[$0.priority].kind == .path && routes[$0.priority].scheme == nil
        }
        try require(
            router.match(path: path) == expected, "match(path:) agrees with matching the whole URL",
            "\(quoted(path)): \(String(describing: router.match(path: path))) vs \(String(describing: expected))"
        )
    }

    /// Whether `url` starts with `[A-Za-z][A-Za-z0-9+.-]*:`.
    static func hasScheme(_ url: String) -> Bool {
        var bytes = url.utf8.makeIterator()
        guard let first = bytes.next(), first.isLetter else { return false }
        while let byte = bytes.next() {
            if byte == UInt8(ascii: ":") { return true }
            guard
                byte.isLetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { return false }
        }
        return false
    }

    /// Whether the path of `url` holds `%2F` or `%2f`, after which a regex tail's `:name`
    /// can take part of a decoded segment (regex parts see the path joined by `/`).
    static func hasEncodedSlash(_ url: String) -> Bool {
        var copy = url
        return copy.withUTF8 { bytes in
            guard let parts = URLParts.split(bytes) else { return false }
            let path = Array(bytes[parts.path])
            for index in path.indices.dropLast(2) where path[index] == UInt8(ascii: "%") {
                if path[index + 1] == UInt8(ascii: "2") && (path[index + 2] | 0x20) == UInt8(ascii: "f") {
                    return true
                }
            }
            return false
        }
    }

    /// The host and each path segment of `url`, split before decoding and decoded one by one.
    static func decodedSegments(_ url: String) -> Set<String> {
        var copy = url
        return copy.withUTF8 { bytes in
            guard let parts = URLParts.split(bytes) else { return [] }
            var segments: Set<String> = [
                PercentDecoding.decode(String(decoding: bytes[parts.host], as: UTF8.self))
            ]
            var path = bytes[parts.path]
            if path.first == UInt8(ascii: "/") { path = path.dropFirst() }
            for raw in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
                segments.insert(PercentDecoding.decode(String(decoding: raw, as: UTF8.self)))
            }
            return segments
        }
    }

    /// Whether `needle` occurs in `haystack`, byte for byte.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}

extension UInt8 {
    fileprivate var isLetter: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20)
    }
}

extension Result {
    /// The error, when this is a failure.
    var failureValue: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
