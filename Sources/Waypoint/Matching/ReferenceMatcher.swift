/// The slow, transparent matcher the trie is checked against: each route compiled into one
/// anchored regex over the whole decoded URL, tried in registration order — the way
/// DeepLinkKit matched.
///
/// It shares the route parser and URL decoding with the router but none of the trie, the
/// tail split or the pruning. Path routes are matched against `/seg/seg…`, host routes
/// against `host/seg/seg…`; when trailing slashes are ignored, a route also matches if it
/// matches the subject followed by one `/`. It agrees with the router for every URL whose
/// path has no encoded slash (`%2F`): with one, the joined text cannot tell the decoded
/// slash from a separator, while the router keeps the segment whole.
///
/// Tests, fuzz targets and the benchmark (as the "linear scan of PCRE2 regexes" baseline)
/// use it; the router does not.
package final class ReferenceMatcher: Sendable {
    private struct Entry: Sendable {
        let pattern: RoutePattern
        let schemeKey: [UInt8]?
        let regex: RouteRegex
        let source: String
    }

    private let entries: [Entry]
    private let options: RouterOptions
    private let limits: RegexLimits
    private let maxGroups: Int

    /// Compiles `routes` in order.
    ///
    /// - Throws: the ``RouteError`` of the first invalid route.
    package init(routes: [String], options: RouterOptions = RouterOptions()) throws(RouteError) {
        var entries: [Entry] = []
        for route in routes {
            let compiled = try CompiledRoute(route, options: options)
            let pattern = compiled.pattern
            let emitter = RegexEmitter(
                pattern: pattern, segments: 0..<pattern.segments.count,
                caseInsensitivePaths: options.caseInsensitivePaths,
                separatorBeforeFirst: pattern.kind == .path)
            let regex = try emitter.compile(fallbackOffset: 0)
            entries.append(
                Entry(
                    pattern: pattern, schemeKey: compiled.schemeKey, regex: regex,
                    source: String(decoding: emitter.bytes, as: UTF8.self)))
        }
        self.entries = entries
        self.options = options
        limits = RegexLimits(options: options)
        maxGroups = entries.reduce(0) { max($0, $1.regex.regex.captureCount) }
    }

    /// Each route's full regex as PCRE2 text, in route order, e.g. `/say/(?<g0>[^/]+)`.
    package var patterns: [String] { entries.map(\.source) }

    /// Whether the patterns are compiled caseless (``RouterOptions/caseInsensitivePaths``).
    package var isCaseless: Bool { options.caseInsensitivePaths }

    /// The winning route: the first that matches.
    package func match(_ url: String) -> RouteMatch? {
        scan(url, all: false).first
    }

    /// Every matching route, in registration order.
    package func matches(_ url: String) -> [RouteMatch] {
        scan(url, all: true)
    }

    /// The strings the full-route patterns are matched against: the lower-cased scheme,
    /// `host/seg/seg…` for host routes and `/seg/seg…` for path routes, decoded; nil when
    /// the URL is refused (too long, or not absolute).
    package func subjects(of url: String) -> (scheme: String, host: String, path: String)? {
        var url = url
        return url.withUTF8 { bytes -> (String, String, String)? in
            guard bytes.count <= options.urlLengthBound, let parts = URLParts.split(bytes) else { return nil }
            let scheme = String(decoding: bytes[parts.scheme].map(\.asciiLowercased), as: UTF8.self)
            return SegmentView.withSegments(
                host: UnsafeBufferPointer(rebasing: bytes[parts.host]),
                path: UnsafeBufferPointer(rebasing: bytes[parts.path]),
                strictTrailingSlash: options.strictTrailingSlash
            ) { view in
                (
                    scheme, SegmentView.string(view.joined(trailingSlash: false)),
                    SegmentView.string(view.droppingFirst.joined(trailingSlash: false))
                )
            }
        }
    }

    private func scan(_ url: String, all: Bool) -> [RouteMatch] {
        var url = url
        return url.withUTF8 { bytes -> [RouteMatch] in
            guard bytes.count <= options.urlLengthBound, let parts = URLParts.split(bytes) else { return [] }
            let scheme = bytes[parts.scheme].map(\.asciiLowercased)
            return SegmentView.withSegments(
                host: UnsafeBufferPointer(rebasing: bytes[parts.host]),
                path: UnsafeBufferPointer(rebasing: bytes[parts.path]),
                strictTrailingSlash: options.strictTrailingSlash
            ) { view in
                let data = MatchData.forCurrentThread(groups: maxGroups)
                var found: [RouteMatch] = []
                for (order, entry) in entries.enumerated() {
                    if let key = entry.schemeKey, key != scheme { continue }
                    let subjectView = entry.pattern.kind == .host ? view : view.droppingFirst
                    let attempts = options.strictTrailingSlash ? [false] : [false, true]
                    for trailingSlash in attempts {
                        let subject = subjectView.joined(trailingSlash: trailingSlash)
                        guard entry.regex.regex.match(subject, limits: limits, into: data) == .matched else {
                            continue
                        }
                        var parameters = RouteParameters()
                        for (group, name) in entry.regex.parameters {
                            if let range = data.range(ofGroup: group) {
                                parameters.append(
                                    name: name,
                                    value: SegmentView.string(UnsafeBufferPointer(rebasing: subject[range])))
                            } else if name == "**" {
                                parameters.append(name: name, value: "")
                            }
                        }
                        found.append(
                            RouteMatch(
                                route: entry.pattern.route, routeParameters: parameters, priority: order))
                        break
                    }
                    if !all && !found.isEmpty { break }
                }
                return found
            }
        }
    }
}
