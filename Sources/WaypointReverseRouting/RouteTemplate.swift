import Foundation
import Waypoint
/// A route pattern read the other way: what to write for each of its segments so that a URL
/// matches the route with given parameters (style habit 18: one description, two directions).
///
/// The template only writes; `Router.url(for:parameters:scheme:host:)` then matches the URL
/// with the router's own matcher, which is the judge of whether the values survived.
///
/// How each segment form is written:
/// - a literal, as its text, percent-encoded;
/// - `:name`, `:name?` and `*` (whose value is the parameter named `"*"`), as one segment: a
///   `/` in the value is written `%2F`, which the matcher decodes inside the segment;
/// - `:name(regex)`, as its value with each `/` kept, since a regex may span segments;
/// - `**`, as its value's segments (`""` writes none);
/// - in the host of a host route, every `/` of a value as `%2F`: nothing spans out of a host;
/// - a mixed segment, piece by piece: its text as literal text, `:name` as one segment's
///   text, `:name(regex)` as a spanning value;
/// - raw regex: no inverse.
///
/// Everything but `A-Z a-z 0-9 - . _ ~` and the sub-delimiters is percent-encoded (in the
/// path also `:` and `@` are kept), a segment that would read `.` or `..` is written `%2E` or
/// `%2E%2E` so that no URL normaliser removes it, and a `/` that ends a spanning value at the
/// end of the path is written `%2F`, so that the trailing-slash rule cannot drop it.
package struct RouteTemplate: Sendable {
    /// The parsed route.
    package let pattern: RoutePattern
    /// The first path segment that the route's regex tail matches (Documentation/spec/routing.md §4: the tail
    /// starts at the first regex segment, whatever the options); from there on the path is
    /// decoded and joined by `/`, so a `:name` or `*` value there cannot hold a `/`.
    let tailStart: Int

    /// The template of `pattern`.
    ///
    /// - Throws: ``ReverseRoutingError/noInverse(route:segment:)`` for a raw-regex segment.
    package init(_ pattern: RoutePattern) throws(ReverseRoutingError) {
        self.pattern = pattern
        var tailStart = pattern.segments.count
        for (index, segment) in pattern.segments.enumerated() {
            guard case .pattern(_, let isRegex) = segment.form else { continue }
            if isRegex { throw .noInverse(route: pattern.route, segment: segment.text) }
            // The host is matched alone (Documentation/spec/routing.md §1): it does not start the path's
            // tail.
            if !(pattern.kind == .host && index == 0) { tailStart = min(tailStart, index) }
        }
        self.tailStart = tailStart
    }

    /// Whether the route has a `*` segment, filled by the parameter named `"*"`.
    var hasWildcard: Bool {
        pattern.segments.contains { $0.form == .wildcard }
    }

    /// The parameters a match of the route captures, by name, and whether each is required.
    var captured: [(name: String, required: Bool)] {
        pattern.parameters.map { parameter in
            let optional = pattern.segments.enumerated().contains { index, segment in
                segment.form == .optionalParameter(parameter.name)
                    && !(pattern.kind == .host && index == 0)
            }
            return (parameter.name, !optional)
        }
    }

    /// Checks `parameters` against the route's names: every required one given, nothing
    /// unknown, nothing twice.
    func check(_ parameters: RouteParameters) throws(ReverseRoutingError) -> [String: String] {
        let route = pattern.route
        var given: [String: String] = [:]
        for (name, value) in parameters {
            guard given.updateValue(value, forKey: name) == nil else {
                throw .duplicateParameter(route: route, name: name)
            }
        }
        let captured = captured
        for (name, required) in captured where required && given[name] == nil {
            throw .missingParameter(route: route, name: name)
        }
        if hasWildcard && given["*"] == nil { throw .missingParameter(route: route, name: "*") }
        for (name, _) in parameters
        where !(name == "*" && hasWildcard) && !captured.contains(where: { $0.name == name }) {
            throw .unexpectedParameter(route: route, name: name)
        }
        return given
    }

    /// How the `/`s of a value that may span segments (`**`, `:name(regex)` in the path)
    /// are written. The matcher reads a `/` and a `%2F` the same in such a value, but other
    /// routes do not: `guide/intro` written as two segments matches an earlier
    /// `/docs/:section/:page`, written `guide%2Fintro` only `/docs/**` (spec/routing.md §9).
    package enum Spelling: CaseIterable, Sendable {
        /// Each `/` a separator, but a `/` that ends the path `%2F`, which the trailing-slash
        /// rule cannot drop: the spelling tried first.
        case separators
        /// Each `/` a separator, a final one too: what a router with strict trailing
        /// slashes reads back.
        case trailingSeparator
        /// Each `/` a separator, and a final one followed by the `/` that the non-strict
        /// trailing-slash rule drops: `photos/` written `photos//`, which a `*` cannot match.
        case doubledTrailingSeparator
        /// Each `/` written `%2F`, so the value stays in one segment.
        case escaped
    }

    /// The spellings worth trying for `given`, preferred first: only ``Spelling/separators``
    /// unless a value that may span segments holds a `/`.
    func spellings(_ given: [String: String]) -> [Spelling] {
        for (index, segment) in pattern.segments.enumerated() where !(pattern.kind == .host && index == 0) {
            switch segment.form {
            case .glob where given["**"]?.contains("/") == true:
                return Spelling.allCases
            case .pattern(let pieces, _):
                for case .parameter(let name, _, .some, _) in pieces where given[name]?.contains("/") == true
                {
                    return Spelling.allCases
                }
            default:
                continue
            }
        }
        return [.separators]
    }

    /// The first segment of the part of the path that the route reads the same whether a
    /// `/` in it is a separator or `%2F`: the regex tail (which reads the decoded path joined
    /// by `/`), or a `**` (whose segments are decoded and joined by `/`); nil when the route
    /// has neither.
    var spanningStart: Int? {
        let glob = pattern.segments.last?.form == .glob ? pattern.segments.count - 1 : pattern.segments.count
        let start = min(tailStart, glob)
        // (A host is matched alone: a `**` that is the whole host route spans nothing here.)
        guard start < pattern.segments.count, !(pattern.kind == .host && start == 0) else { return nil }
        return start
    }

    /// How many of the spanning part's `/`s ``spanningSpellings(of:)`` writes `%2F` one at
    /// a time: the first 64. A value of ordinary paths has a few; a hostile one thousands,
    /// and each spelling costs a match when the ones before it were refused.
    static let singleEscapeLimit = 64

    /// Other spellings of `url`, the URL this template wrote with
    /// ``Spelling/separators``, that the route reads the same: its spanning part (from
    /// ``spanningStart``) with every `/` written `%2F`, then with one `/` written `%2F` at a
    /// time, first to last (at most ``singleEscapeLimit``). A route that counts segments
    /// there (`/:a/*` before `/:rest(.*)/b`, `/*//**` before `/:a~:b//c`) reads each
    /// differently.
    func spanningSpellings(of url: String) -> [String] {
        guard let start = spanningStart, let schemeEnd = url.firstRange(of: "://")?.upperBound else {
            return []
        }
        // Before the spanning part, a component holds no `/` (a value's is written `%2F`), and
        // the authority none: the part starts after that many `/`s.
        var skip = start + (pattern.kind == .path ? 1 : 0)
        var regionStart = url.endIndex
        for index in url[schemeEnd...].indices where url[index] == "/" {
            skip -= 1
            if skip == 0 {
                regionStart = url.index(after: index)
                break
            }
        }
        let slashes = url[regionStart...].indices.filter { url[$0] == "/" }
        guard !slashes.isEmpty else { return [] }
        var spellings = [String(url[..<regionStart]) + url[regionStart...].replacing("/", with: "%2F")]
        if slashes.count > 1 {
            for slash in slashes.prefix(Self.singleEscapeLimit) {
                spellings.append(url[..<slash] + "%2F" + url[url.index(after: slash)...])
            }
        }
        return spellings
    }

    /// `url`, a URL text this template wrote, with one more empty segment at the end of its
    /// path: `/a/` written `/a//`. A route that ends in an empty segment (`/a//`; `**` with
    /// `""`, which an empty segment also gives) needs it when the URL without it reads as an
    /// earlier route's: the trailing-slash rule drops a final `/`, so `/a/` reads as `/a`.
    ///
    /// - Parameter strictTrailingSlash: Whether the router keeps a final `/`: then one `/`
    ///   adds the segment; otherwise it takes two, or one when the path already ends in `/`.
    static func withFinalEmptySegment(_ url: String, strictTrailingSlash: Bool) -> String {
        guard !strictTrailingSlash, let schemeEnd = url.firstRange(of: "://")?.upperBound else {
            return url + "/"
        }
        let pathEndsInSlash = url[schemeEnd...].contains("/") && url.hasSuffix("/")
        return url + (pathEndsInSlash ? "/" : "//")
    }

    /// The URL text for `parameters` (already checked), before it is verified by matching.
    ///
    /// - Parameters:
    ///   - scheme: The scheme to write; the caller checked it.
    ///   - host: The host of a path route, written percent-encoded; nil writes an empty host.
    ///   - spelling: How the `/`s of spanning values are written.
    func url(
        _ given: [String: String], scheme: String, host: String?, spelling: Spelling = .separators
    ) throws(ReverseRoutingError) -> String {
        var components: [String] = []
        var endsWithValueSlash = false
        for (index, segment) in pattern.segments.enumerated() {
            let inHost = pattern.kind == .host && index == 0
            let keep = inHost ? Self.isHostCharacter : Self.isSegmentCharacter
            // Nothing spans out of the host: a `/` there is written `%2F`, which the host
            // keeps after decoding, whether the host is matched alone or with the path.
            let spanning = !inHost && spelling != .escaped
            let appended = components.count
            var endsWithSlash = false
            defer { if components.count > appended { endsWithValueSlash = endsWithSlash } }
            switch segment.form {
            case .literal:
                components.append(Self.encode(segment.text, keeping: keep, spanning: false))
            case .parameter(let name):
                let value = try oneSegment(name, given, inTail: index >= tailStart)
                components.append(Self.encode(value, keeping: keep, spanning: false))
            case .optionalParameter(let name):
                guard given[name] != nil || inHost else { continue }
                let value = try oneSegment(name, given, inTail: index >= tailStart)
                components.append(Self.encode(value, keeping: keep, spanning: false))
            case .wildcard:
                let value = try oneSegment("*", given, inTail: index >= tailStart)
                components.append(Self.encode(value, keeping: keep, spanning: false))
            case .glob:
                let value = given["**"] ?? ""
                guard !value.isEmpty else { continue }
                components.append(Self.encode(value, keeping: keep, spanning: spanning))
                endsWithSlash = spanning && value.hasSuffix("/")
            case .pattern(let pieces, _):
                var text = ""
                for piece in pieces {
                    switch piece {
                    case .text(let literal, _):
                        text += Self.encode(literal, keeping: keep, spanning: false)
                        endsWithSlash = false
                    case .parameter(let name, _, .some, _):
                        let value = given[name] ?? ""
                        text += Self.encode(value, keeping: keep, spanning: spanning)
                        endsWithSlash = spanning && value.hasSuffix("/")
                    case .parameter(let name, _, nil, _):
                        let value = try oneSegment(name, given, inTail: true)
                        text += Self.encode(value, keeping: keep, spanning: false)
                        endsWithSlash = false
                    }
                }
                components.append(text)
            }
        }
        if endsWithValueSlash, spelling == .separators, var last = components.popLast() {
            last.removeLast()
            components.append(last + "%2F")
        } else if endsWithValueSlash, spelling == .doubledTrailingSeparator {
            components.append("")
        }
        var body = components.joined(separator: "/")
        if pattern.kind == .path {
            let authority = host.map { Self.encode($0, keeping: Self.isHostCharacter, spanning: false) }
            // A root path `/` reads as one empty segment under strict trailing slashes, so
            // when the route's segments all write nothing (an absent `:name?`, an empty
            // `**`), the path is empty; the route `/` itself is written `/`.
            let path = components.isEmpty && !pattern.segments.isEmpty ? "" : "/" + body
            body = (authority ?? "") + path
        }
        return scheme + "://" + Self.protectingDotSegments(body)
    }

    /// The value of `name`, which fills one segment (or, `inTail`, one segment's part of a
    /// regex, `[^/]+`): it must not be empty, and in a regex part it cannot hold a `/`, which
    /// the regex sees as a separator however it is written.
    private func oneSegment(
        _ name: String, _ given: [String: String], inTail: Bool
    ) throws(ReverseRoutingError) -> String {
        let value = given[name] ?? ""
        guard !value.isEmpty else { throw .emptyValue(route: pattern.route, name: name) }
        if inTail && value.contains("/") {
            throw .valueRejected(route: pattern.route, name: name, value: value)
        }
        return value
    }

    /// The `:name(regex)` parameter, in route order, whose regex rejects its value when
    /// tried alone with the router's options: how a URL that does not match its route back
    /// is traced to one value.
    func rejectedValue(_ given: [String: String], options: RouterOptions) -> (name: String, value: String)? {
        for segment in pattern.segments {
            guard case .pattern(let pieces, _) = segment.form else { continue }
            for case .parameter(let name, _, let regex?, _) in pieces {
                let value = given[name] ?? ""
                if !Self.regex(regex, accepts: value, options: options) { return (name, value) }
            }
        }
        return nil
    }

    /// Whether `regex`, as a route's `:name(regex)` alone, matches all of `value`. A regex
    /// that does not compile alone (one that refers to other groups) accepts everything,
    /// so that it is never blamed wrongly.
    private static func regex(_ regex: String, accepts value: String, options: RouterOptions) -> Bool {
        let probe = Router(
            options: RouterOptions(
                caseInsensitivePaths: options.caseInsensitivePaths, strictTrailingSlash: true,
                maxURLLength: Int.max, matchLimit: options.matchLimit, depthLimit: options.depthLimit))
        guard (try? probe.register("/:value(\(regex))", handler: { _ in })) != nil else { return true }
        // An empty authority, so that a value starting with `/` stays in the path.
        let match = probe.match("probe:///" + encode(value, keeping: isSegmentCharacter, spanning: true))
        return match?.routeParameters["value"] == value
    }

    /// What a host may hold as written: unreserved characters and sub-delimiters.
    static let isHostCharacter: @Sendable (UInt8) -> Bool = { URICharacters.isRegisteredName($0) }

    /// `pchar` without escapes: what a path segment may hold as written.
    static let isSegmentCharacter: @Sendable (UInt8) -> Bool = {
        URICharacters.isPath($0) && $0 != UInt8(ascii: "/")
    }

    /// `text` percent-encoded except for the bytes `keeping` accepts (`%` is always
    /// encoded); with `spanning`, each `/` is kept as a separator.
    static func encode(_ text: String, keeping: (UInt8) -> Bool, spanning: Bool) -> String {
        URICharacters.percentEncode(text) { byte in
            byte != UInt8(ascii: "%") && (keeping(byte) || (spanning && byte == UInt8(ascii: "/")))
        }
    }

    /// `body` with every `/`-separated piece that reads `.` or `..` written `%2E` or
    /// `%2E%2E`: the matcher decodes them to the same text, and no URL normaliser removes
    /// them.
    static func protectingDotSegments(_ body: String) -> String {
        guard body.contains(".") else { return body }
        return body.split(separator: "/", omittingEmptySubsequences: false)
            .map { piece in
                switch piece {
                case ".": "%2E"
                case "..": "%2E%2E"
                default: String(piece)
                }
            }
            .joined(separator: "/")
    }
}
