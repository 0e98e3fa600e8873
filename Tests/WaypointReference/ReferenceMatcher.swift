import Foundation
import Waypoint

/// The slow, transparent matcher the trie is checked against: every route tried on its own,
/// in registration order, by a plain walk over the URL's decoded segments, the way
/// Documentation/spec/routing.md §1 and §4 describe matching.
///
/// It shares the route parser, the regex emitter and URL decoding with the router, but none
/// of the trie, its edge tables, its case folding or its pruning. Each route is read from
/// its parsed segments: a host route whose host is raw regex is one regex over
/// `host/seg/seg…`; any other host is matched on its own, by that segment's regex (a host
/// pattern, like `:name`, only on a non-empty host); then
/// every segment up to the first one that needs a regex is matched against one decoded URL
/// segment (literals through their own regex, so an encoded slash stays inside its
/// segment), and the rest of the route is one regex over the remaining segments joined by
/// `/`. When trailing slashes are ignored, a route also matches if it matches the URL's
/// segments followed by one empty segment.
///
/// Tests, fuzz targets and the benchmark (as the "linear scan of PCRE2 regexes" baseline)
/// use it; the router does not. It differs from `RouteTable.explain`, which ships in the
/// library and says why each route stopped using the router's own compiled routes and
/// budget: this is a second implementation that says only whether, and never ships.
package final class ReferenceMatcher: Sendable {
    /// How a route is read, segment by segment. A class, so the scan's loop over the routes
    /// holds one reference per route rather than copying its fields.
    private final class Entry: Sendable {
        let pattern: RoutePattern
        let schemeKey: [UInt8]?
        /// One part per segment of the prefix, each matched against one URL segment.
        let prefix: [Part]
        let terminal: Terminal
        /// The whole route as one PCRE2 pattern, DeepLinkKit's way (``patterns``).
        let source: String

        init(pattern: RoutePattern, schemeKey: [UInt8]?, prefix: [Part], terminal: Terminal, source: String) {
            self.pattern = pattern
            self.schemeKey = schemeKey
            self.prefix = prefix
            self.terminal = terminal
            self.source = source
        }
    }

    /// A prefix segment.
    private enum Part: Sendable {
        /// A literal, or a literal that folds case: its own regex.
        case regex(SegmentRegex)
        /// A host written as `:name(regex)` or as a mixed segment: its own regex, on a
        /// non-empty host (an empty host is never a parameter value, as for `:name`).
        case hostPattern(SegmentRegex)
        /// `:name` (captured) or `*`: any non-empty segment.
        case nonEmpty(name: String?)
    }

    /// How a route ends after its prefix.
    private enum Terminal: Sendable {
        case end
        case optional(String)
        case glob
        /// A regex over the remaining segments joined by `/`.
        case tail(SegmentRegex)
    }

    private let entries: [Entry]
    private let options: RouterOptions

    /// Compiles `routes` in order.
    ///
    /// - Throws: the ``RouteError`` of the first invalid route.
    package init(routes: [String], options: RouterOptions = RouterOptions()) throws(RouteError) {
        var entries: [Entry] = []
        for route in routes {
            let compiled = try CompiledRoute(route, options: options)
            let pattern = compiled.pattern
            func emit(_ range: Range<Int>) throws(RouteError) -> SegmentRegex {
                try SegmentRegex(pattern, segments: range, options: options)
            }
            var prefix: [Part] = []
            var terminal = Terminal.end
            scan: for (index, segment) in pattern.segments.enumerated() {
                switch segment.form {
                case .literal:
                    prefix.append(.regex(try emit(index..<(index + 1))))
                case .parameter(let name):
                    prefix.append(.nonEmpty(name: name))
                case .wildcard:
                    prefix.append(.nonEmpty(name: nil))
                case .optionalParameter(let name):
                    terminal = .optional(name)
                case .glob:
                    terminal = .glob
                case .pattern(_, let isRegex) where pattern.kind == .host && index == 0 && !isRegex:
                    prefix.append(.hostPattern(try emit(0..<1)))
                case .pattern:
                    terminal = .tail(try emit(index..<pattern.segments.count))
                    break scan
                }
            }
            entries.append(
                Entry(
                    pattern: pattern, schemeKey: compiled.schemeKey, prefix: prefix, terminal: terminal,
                    source: SegmentRegex.wholeRoutePattern(pattern, options: options)))
        }
        self.entries = entries
        self.options = options
    }

    /// Each route as one PCRE2 pattern over the whole subject (``subjects(of:)``), the way
    /// DeepLinkKit matched, e.g. `/say/(?<g0>[^/]+)`. The benchmark's
    /// `NSRegularExpression` contender runs these; they agree with the router for routes
    /// whose host is a literal or raw regex, on URLs without an encoded slash.
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

    /// The strings the whole-route ``patterns`` are matched against: the lower-cased
    /// scheme, `host/seg/seg…` for host routes and `/seg/seg…` for path routes, decoded; nil
    /// when the URL is refused (too long, or not absolute).
    package func subjects(of url: String) -> (scheme: String, host: String, path: String)? {
        guard let decoded = DecodedSegments(url, options: options) else { return nil }
        let (host, path) = decoded.joined
        return (
            String(decoding: decoded.scheme, as: UTF8.self), String(decoding: host, as: UTF8.self),
            String(decoding: path, as: UTF8.self)
        )
    }

    private func scan(_ url: String, all: Bool) -> [RouteMatch] {
        // The host and the decoded path segments, as the router splits and decodes them.
        guard let decoded = DecodedSegments(url, options: options) else { return [] }
        let scheme = decoded.scheme
        let segments = decoded.segments
        // What a host route and a path route are matched against; unless trailing slashes
        // are strict, also the same followed by one empty segment (the trailing slash the
        // router ignores). Made once per URL, not once per route.
        func attempts(_ own: [[UInt8]]) -> [[[UInt8]]] {
            options.strictTrailingSlash ? [own] : [own, own + [[]]]
        }
        let hostAttempts = attempts(segments)
        let pathAttempts = attempts(Array(segments.dropFirst()))
        var found: [RouteMatch] = []
        for order in entries.indices {
            let entry = entries[order]
            if let key = entry.schemeKey, key != scheme { continue }
            for attempt in entry.pattern.kind == .host ? hostAttempts : pathAttempts {
                if let parameters = match(entry, attempt) {
                    found.append(
                        RouteMatch(
                            route: entry.pattern.route, routeParameters: parameters, priority: order))
                    break
                }
            }
            if !all && !found.isEmpty { break }
        }
        return found
    }

    /// The parameters when `entry` matches `segments`, else nil.
    private func match(_ entry: Entry, _ segments: [[UInt8]]) -> RouteParameters? {
        // The segment count alone rules most routes out, before any regex runs; the checks
        // below say the same of `rest`.
        switch entry.terminal {
        case .end: guard segments.count == entry.prefix.count else { return nil }
        case .optional: guard segments.count <= entry.prefix.count + 1 else { return nil }
        case .tail: guard segments.count > entry.prefix.count else { return nil }
        case .glob: break
        }
        guard entry.prefix.count <= segments.count else { return nil }
        var parameters: [RouteParameters.Element] = []
        for (part, segment) in zip(entry.prefix, segments) {
            switch part {
            case .nonEmpty(let name):
                guard !segment.isEmpty else { return nil }
                if let name { parameters.append((name, String(decoding: segment, as: UTF8.self))) }
            case .regex(let regex), .hostPattern(let regex):
                if case .hostPattern = part, segment.isEmpty { return nil }
                guard let captured = regex.captures(in: segment) else { return nil }
                for (name, value) in captured { parameters.append((name, value)) }
            }
        }
        let rest = segments[entry.prefix.count...]
        switch entry.terminal {
        case .end:
            guard rest.isEmpty else { return nil }
        case .optional(let name):
            guard rest.count <= 1 else { return nil }
            if let segment = rest.first {
                guard !segment.isEmpty else { return nil }
                parameters.append((name, String(decoding: segment, as: UTF8.self)))
            }
        case .glob:
            parameters.append(("**", String(decoding: DecodedSegments.join(rest), as: UTF8.self)))
        case .tail(let regex):
            guard !rest.isEmpty, let captured = regex.captures(in: DecodedSegments.join(rest)) else {
                return nil
            }
            for (name, value) in captured { parameters.append((name, value)) }
        }
        return RouteParameters(elements: parameters)
    }
}
