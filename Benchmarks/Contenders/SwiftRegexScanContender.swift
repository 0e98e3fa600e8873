import Waypoint
import WaypointReference

/// The Swift standard library's own `Regex`, measured as a candidate engine for Apple
/// platforms: one `Regex` per route, made from the reference
/// matcher's PCRE2 pattern text with `try Regex(_:)`, tried in registration order against
/// the decoded subject, exactly as ``NSRegularExpressionScanContender`` tries
/// `NSRegularExpression`, so the two scans differ only in the engine.
///
/// Swift's `Regex` reads the subject as UTF-8 with no conversion, but it has no match
/// limit and no progress callback: a match cannot be stopped, so it cannot run route
/// regexes under ``RouterOptions/matchLimit`` and the lookup's regex budget
/// (Documentation/spec/routing.md §4). It is measured here, not used.
final class SwiftRegexScanContender: Contender {
    let name = "Swift Regex scan"
    let key = "swiftRegexScan"
    let scansLinearly = true

    private struct Entry {
        let regex: Regex<AnyRegexOutput>
        /// The route's scheme, lower-cased, if it has one.
        let scheme: String?
        /// Whether the subject is `host/path` rather than the path alone.
        let isHost: Bool
        /// Regex group names (`g0`, `g1`, …) and the parameters they capture.
        let groups: [(group: String, name: String)]
    }

    private let entries: [Entry]
    private let reference: ReferenceMatcher
    private let ignoresTrailingSlash: Bool

    /// Compiles one `Regex` per route.
    ///
    /// - Throws: ``ScanError`` when `Regex` rejects a pattern.
    init(routes: [String], reference: ReferenceMatcher, options: RouterOptions = RouterOptions()) throws {
        var entries: [Entry] = []
        entries.reserveCapacity(routes.count)
        for (route, pattern) in zip(routes, reference.patterns) {
            let parsed = try RoutePattern(route, strictTrailingSlash: options.strictTrailingSlash)
            var regex: Regex<AnyRegexOutput>
            do {
                // PCRE2_DOTALL and, when paths ignore case, PCRE2_CASELESS, as the
                // reference compiles them.
                regex = try Regex("\\A(?:" + pattern + ")\\z").dotMatchesNewlines()
                if reference.isCaseless { regex = regex.ignoresCase() }
            } catch {
                throw ScanError.rejected(route: route, pattern: pattern)
            }
            let groups = parsed.parameters.enumerated().map { ("g\($0.offset)", $0.element.name) }
            entries.append(
                Entry(
                    regex: regex, scheme: parsed.scheme?.lowercased(), isHost: parsed.kind == .host,
                    groups: groups))
        }
        self.entries = entries
        self.reference = reference
        ignoresTrailingSlash = !options.strictTrailingSlash
    }

    func answer(_ lookup: Lookup) -> Answer? {
        match(lookup.url)
    }

    func pass(over lookups: [Lookup]) -> () -> Int {
        let urls = lookups.map(\.url)
        return { [self] in
            var checksum = 0
            for url in urls {
                if let answer = match(url) { checksum &+= answer.priority &+ 1 }
            }
            return checksum
        }
    }

    /// The first route whose regex matches `url`.
    func match(_ url: String) -> Answer? {
        guard let subjects = reference.subjects(of: url) else { return nil }
        for (index, entry) in entries.enumerated() {
            if let scheme = entry.scheme, scheme != subjects.scheme { continue }
            let subject = entry.isHost ? subjects.host : subjects.path
            if let answer = match(entry, subject, priority: index) { return answer }
            if ignoresTrailingSlash, let answer = match(entry, subject + "/", priority: index) {
                return answer
            }
        }
        return nil
    }

    private func match(_ entry: Entry, _ subject: String, priority: Int) -> Answer? {
        guard let result = try? entry.regex.wholeMatch(in: subject) else { return nil }
        var parameters: [String: String] = [:]
        for (group, name) in entry.groups {
            if let captured = result[group]?.substring {
                parameters[name] = String(captured)
            } else if name == "**" {
                parameters[name] = ""
            }
        }
        return Answer(priority: priority, parameters: parameters)
    }
}
