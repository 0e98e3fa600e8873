import Foundation
import Waypoint
import WaypointReference

/// DeepLinkKit's matching with its own engine: one `NSRegularExpression` per route, made
/// from the reference matcher's PCRE2 pattern text, tried in registration order against
/// the decoded subject (`host/seg…` for host routes, `/seg…` for path routes), the way
/// DeepLinkKit's `DPLRouteMatcher` did.
///
/// The patterns are ICU-compatible: named groups `(?<g0>…)`, `(?-i:…)`, `[aA]` classes
/// and the user's own regex text. Each is anchored with `\A(?:…)\z`, as PCRE2 anchors
/// them with compile options, and `.` matches line separators, as under PCRE2_DOTALL. On
/// Linux every `firstMatch` bridges the Swift string to an `NSString`, which is part of
/// what this engine costs there.
final class NSRegularExpressionScanContender: Contender {
    let name = "NSRegularExpression scan"
    let key = "nsRegularExpressionScan"
    let scansLinearly = true

    private struct Entry {
        let regex: NSRegularExpression
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

    /// Compiles one expression per route.
    ///
    /// - Throws: ``ScanError`` when ICU rejects a pattern.
    init(routes: [String], reference: ReferenceMatcher, options: RouterOptions = RouterOptions()) throws {
        var entries: [Entry] = []
        entries.reserveCapacity(routes.count)
        for (route, pattern) in zip(routes, reference.patterns) {
            let parsed = try RoutePattern(route, strictTrailingSlash: options.strictTrailingSlash)
            let regex: NSRegularExpression
            do {
                // The reference compiles with PCRE2_DOTALL (and PCRE2_CASELESS when paths
                // ignore case); these are ICU's equivalents.
                var flags: NSRegularExpression.Options = [.dotMatchesLineSeparators]
                if reference.isCaseless { flags.insert(.caseInsensitive) }
                regex = try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z", options: flags)
            } catch {
                throw ScanError.rejected(route: route, pattern: pattern)
            }
            // The emitter names the groups g0, g1, … in the order of the route's parameters.
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

    /// The first route whose expression matches `url`.
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
        let range = NSRange(location: 0, length: subject.utf16.count)
        guard let result = entry.regex.firstMatch(in: subject, options: [], range: range) else { return nil }
        var parameters: [String: String] = [:]
        for (group, name) in entry.groups {
            let captured = result.range(withName: group)
            if captured.location != NSNotFound, let bounds = Range(captured, in: subject) {
                parameters[name] = String(subject[bounds])
            } else if name == "**" {
                parameters[name] = ""
            }
        }
        return Answer(priority: priority, parameters: parameters)
    }
}
