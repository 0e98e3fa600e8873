import Waypoint
import WaypointReference

/// Fuzz target `route-compiler`: a route string, then URLs to match it against.
///
/// Input: the route's bytes, then, after each `0xFF` byte, one URL (a URL starting with `/`
/// is read as `s://h` followed by it). `0xFF` never occurs in UTF-8, so it cannot be part of
/// a route or URL that an app would receive as text. Every input is checked under two
/// router configurations (the defaults, and case-insensitive paths with strict trailing
/// slashes).
///
/// Invariants:
/// - Compiling either succeeds or throws a ``RouteError`` that names the route as given, at a
///   column within it (1 to one past its last scalar), whose kind is what parsing alone
///   throws (or `invalidRegex` when only PCRE2 rejects it), the same on a second attempt,
///   and that `Router.register` throws as well, registering nothing.
/// - A compiled pattern keeps the route verbatim; its segments start in order inside it;
///   `**` and `:name?` are last; parameter names are unique and well-formed; parsing again
///   gives the same pattern.
/// - A route whose segments are literals, parameters, `*`, `:name?` or `**` matches the URL
///   made by writing its literals percent-encoded and placeholder values for the rest,
///   capturing exactly those placeholders.
/// - The router holding the route satisfies ``MatchInvariants`` for that URL and every URL
///   of the input.
public enum RouteCompilerCheck {
    static let configurations = [
        RouterOptions(),
        RouterOptions(caseInsensitivePaths: true, strictTrailingSlash: true),
    ]
    /// What every input shares, made once per process: the URL decoder of each configuration.
    static let decoders = configurations.map(MatchInvariants.decoder)

    /// What the checks made of a route under each configuration: nil where it was rejected
    /// (and the rejection checked), else the router holding it and its reference matcher.
    typealias Prepared = [MatchInvariants?]

    /// The routes checked last, by their bytes, with what was made of them
    /// (``prepare(_:route:)``), at most ``cacheCapacity`` of them, oldest evicted first.
    ///
    /// libFuzzer mutates one input several times in a row, and most mutations leave the
    /// route (the bytes before the first `0xFF`) as it was and change only the URLs: compiling
    /// the route again, with its PCRE2 JIT, for each configuration and then twice more (the
    /// router and the reference matcher) was most of a check (issue 21 §5). Everything checked
    /// of a route alone is a function of its bytes, so a route seen again is not checked
    /// again; its URLs are, on the router built the first time, which matching leaves as it
    /// was (as the url-matcher target's routers are shared by all its inputs).
    static let cache = Locked(RouteCache())
    static let cacheCapacity = 64

    struct RouteCache: Sendable {
        var prepared: [[UInt8]: Prepared] = [:]
        var order: [[UInt8]] = []

        mutating func insert(_ value: Prepared, for key: [UInt8]) {
            guard prepared.updateValue(value, forKey: key) == nil else { return }
            order.append(key)
            if order.count > RouteCompilerCheck.cacheCapacity {
                prepared[order.removeFirst()] = nil
            }
        }
    }

    /// Checks one fuzz input.
    public static func check(_ data: [UInt8]) throws(FuzzViolation) {
        let parts = data.parts(separatedBy: 0xFF)
        let key = Array(parts[0])
        let urls = parts.dropFirst().prefix(8).map { part in
            let text = String(decoding: part, as: UTF8.self)
            return text.utf8.first == UInt8(ascii: "/") ? "s://h" + text : text
        }
        let prepared: Prepared
        if let cached = cache.withLock({ $0.prepared[key] }) {
            prepared = cached
        } else {
            let route = String(decoding: key, as: UTF8.self)
            var made: Prepared = []
            for (options, decoder) in zip(configurations, decoders) {
                made.append(try prepare(route, options: options, decoder: decoder))
            }
            prepared = made
            cache.withLock { $0.insert(made, for: key) }
        }
        for case let invariants? in prepared {
            for url in urls {
                try invariants.check(url)
            }
        }
    }

    /// Checks `route` under `options` alone (its compilation or rejection, its pattern, the
    /// URL written from its own segments) and returns the invariants its URLs are checked
    /// against, or nil when it was rejected.
    static func prepare(
        _ route: String, options: RouterOptions, decoder: ReferenceMatcher
    ) throws(FuzzViolation) -> MatchInvariants? {
        let compiled: CompiledRoute
        do {
            compiled = try CompiledRoute(route, options: options)
        } catch {
            try checkRejection(error, route: route, options: options)
            return nil
        }
        try checkPattern(compiled.pattern, route: route, options: options)
        // The route compiled above is the one the invariants describe; it is not compiled again.
        let invariants = try MatchInvariants(
            compiled: [compiled], options: options, decoder: decoder,
            checksDescriptions: true)
        if let (url, parameters) = selfURL(compiled.pattern), url.utf8.count <= options.maxURLLength {
            let match = invariants.router.match(url)
            try require(
                match?.route == route && match?.routeParameters.dictionary == parameters,
                "a route matches the URL written from its own segments",
                "\(quoted(route)) on \(quoted(url)): expected \(parameters), got \(String(describing: match))"
            )
            try invariants.check(url)
        }
        return invariants
    }

    private static func checkRejection(
        _ error: RouteError, route: String, options: RouterOptions
    ) throws(FuzzViolation) {
        let input = Quoted(route) { ": \(error)" }
        try require(error.route == route, "an error names the route as given", input)
        try require(
            (1...(route.unicodeScalars.count + 1)).contains(error.column),
            "an error's column is within the route",
            input)
        try require(
            error.description.contains("at column \(error.column): "), "the message names the column", input)
        let parsed = Result { () throws(RouteError) in
            try RoutePattern(route, strictTrailingSlash: options.strictTrailingSlash)
        }
        switch parsed {
        case .success:
            try require(error.kind == .invalidRegex, "only PCRE2 rejects a route that parses", input)
        case .failure(let parseError):
            try require(
                parseError == error, "compiling throws what parsing throws", "\(input) vs \(parseError)")
        }
        let again = Result { () throws(RouteError) in try CompiledRoute(route, options: options) }
        try require(
            again.failureValue == error, "compiling is deterministic", "\(input), then \(again)")
        let router = Router(options: options)
        let registered = Result { () throws(RouteError) in try router.register(RouteName(route)) { _ in } }
        try require(
            registered.failureValue == error, "register throws the compiler's error",
            "\(input), then \(registered)")
        try require(router.routes.isEmpty, "nothing is registered when registration throws", input)
    }

    private static func checkPattern(
        _ pattern: RoutePattern, route: String, options: RouterOptions
    ) throws(FuzzViolation) {
        let input = Quoted(route)
        try require(pattern.route == route, "the pattern keeps the route verbatim", input)
        if let scheme = pattern.scheme {
            try require(
                route.utf8.starts(with: (scheme + "://").utf8), "the scheme is the route's prefix", input)
        }
        let offsets = pattern.segments.map(\.offset)
        try require(
            zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 }
                && offsets.allSatisfy { $0 <= route.utf8.count },
            "segments start in order inside the route", "\(input): \(offsets)")
        for (index, segment) in pattern.segments.enumerated() where index != pattern.segments.count - 1 {
            switch segment.form {
            case .glob, .optionalParameter:
                throw FuzzViolation("** and :name? are last", input)
            default:
                break
            }
        }
        let names = pattern.parameters.map(\.name)
        try require(Set(names).count == names.count, "parameter names are unique", "\(input): \(names)")
        for name in names where name != "**" {
            try require(
                !name.isEmpty && name.utf8.allSatisfy(isNameByte), "parameter names are [A-Za-z0-9_-]+",
                "\(input): \(quoted(name))")
        }
        let again = try? RoutePattern(route, strictTrailingSlash: options.strictTrailingSlash)
        try require(again == pattern, "parsing is deterministic", input)
    }

    /// A URL the route must match and the parameters it must capture, when the route has no
    /// regex segment.
    static func selfURL(_ pattern: RoutePattern) -> (String, [String: String])? {
        var segments: [String] = []
        var parameters: [String: String] = [:]
        for (index, segment) in pattern.segments.enumerated() {
            switch segment.form {
            case .literal:
                segments.append(percentEncoded(segment.text))
            case .parameter(let name), .optionalParameter(let name):
                segments.append("v\(index)")
                parameters[name] = "v\(index)"
            case .wildcard:
                segments.append("w")
            case .glob:
                segments.append("g1/g2")
                parameters["**"] = "g1/g2"
            case .pattern:
                return nil
            }
        }
        let scheme = pattern.scheme ?? "s"
        switch pattern.kind {
        case .path:
            return ("\(scheme)://h" + segments.map { "/" + $0 }.joined(), parameters)
        case .host:
            return ("\(scheme)://" + segments.joined(separator: "/"), parameters)
        }
    }

    /// `text` with every byte but ASCII letters and digits written as `%HH`.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (0x30...0x39).contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (0x30...0x39).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
