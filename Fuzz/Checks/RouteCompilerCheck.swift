import Waypoint

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

    /// Checks one fuzz input.
    public static func check(_ data: [UInt8]) throws(FuzzViolation) {
        let parts = data.parts(separatedBy: 0xFF)
        let route = String(decoding: parts[0], as: UTF8.self)
        let urls = parts.dropFirst().prefix(8).map { part in
            let text = String(decoding: part, as: UTF8.self)
            return text.utf8.first == UInt8(ascii: "/") ? "s://h" + text : text
        }
        for (options, decoder) in zip(configurations, decoders) {
            try check(route, urls: urls, options: options, decoder: decoder)
        }
    }

    static func check(
        _ route: String, urls: [String], options: RouterOptions, decoder: ReferenceMatcher
    ) throws(FuzzViolation) {
        let compiled: CompiledRoute
        do {
            compiled = try CompiledRoute(route, options: options)
        } catch {
            try checkRejection(error, route: route, options: options)
            return
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
        for url in urls {
            try invariants.check(url)
        }
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
        let registered = Result { () throws(RouteError) in try router.register(route) { _ in } }
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
