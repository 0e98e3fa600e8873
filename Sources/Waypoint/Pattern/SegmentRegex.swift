import Foundation

/// A run of a route's segments compiled into one anchored regex, as the trie compiles its
/// tails, for code that matches outside the trie: the reference matcher the tests, fuzz
/// checks and benchmark compare the trie against (the `WaypointReference` target). The
/// router never uses it.
///
/// It is the engine's regex behind a small value, so that the engine's types stay internal.
package struct SegmentRegex: Sendable {
    private let compiled: RouteRegex
    private let limits: RegexLimits

    /// Compiles segments `range` of `pattern` (not preceded by `/`) as a trie tail would be.
    ///
    /// - Throws: ``RouteError/invalidRegex(route:column:message:)`` with the route's column.
    package init(
        _ pattern: RoutePattern, segments range: Range<Int>, options: RouterOptions
    ) throws(RouteError) {
        compiled = try RegexEmitter(
            pattern: pattern, segments: range, caseInsensitivePaths: options.caseInsensitivePaths,
            separatorBeforeFirst: false
        ).compile(fallbackOffset: pattern.segments[range.lowerBound].offset)
        limits = RegexLimits(options: options)
    }

    /// The whole route as one pattern over `/seg/seg…` (a path route) or `host/seg…` (a host
    /// route), the way DeepLinkKit matched, e.g. `/say/(?<g0>[^/]+)`; not compiled.
    package static func wholeRoutePattern(_ pattern: RoutePattern, options: RouterOptions) -> String {
        let emitter = RegexEmitter(
            pattern: pattern, segments: 0..<pattern.segments.count,
            caseInsensitivePaths: options.caseInsensitivePaths, separatorBeforeFirst: pattern.kind == .path)
        return String(decoding: emitter.bytes, as: UTF8.self)
    }

    /// The parameters the regex captures from `subject`, each named as in the route (an
    /// absent `**` as `""`), or nil when it does not match within the router's limits.
    package func captures(in subject: [UInt8]) -> [(name: String, value: String)]? {
        let data = MatchData.forCurrentThread(groups: compiled.regex.captureCount)
        return subject.withUnsafeBufferPointer { subject -> [(name: String, value: String)]? in
            guard compiled.regex.match(subject, limits: limits, into: data) == .matched else { return nil }
            var captured: [(name: String, value: String)] = []
            for (group, name) in compiled.parameters {
                if let range = data.range(ofGroup: group) {
                    captured.append((name, String(decoding: subject[range], as: UTF8.self)))
                } else if name == "**" {
                    captured.append((name, ""))
                }
            }
            return captured
        }
    }
}
