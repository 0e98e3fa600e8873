import Foundation
import Waypoint
import WaypointAssociation
import WaypointTables

/// `waypoint aasa generate`: the `applinks` components that open the URLs the routes match
/// on a host (Documentation/aasa.md §8).
///
/// Each route that receives the host's links becomes one component per way its paths can
/// be written: literals as themselves (canonically percent-encoded), a parameter or `*` as
/// `?*`, a regex as `?*` or `*`, `**` and `:name?` as two components, and the trailing-slash
/// forms the router takes. Where a `?*` stands for a single segment, exclusions before the
/// component leave out what `?*` matches beyond it (more segments, an empty last one), and
/// components are ordered so that no exclusion comes before a component that opens a URL
/// some route matches. The file is then checked against the same routes
/// (``AASAChecker``): components that never decide, and any exclusion that would still
/// hide a routed URL, are dropped, and the components that open URLs no route matches keep
/// a comment and a finding saying what they let through, which Apple's patterns cannot
/// leave out (a regex's class, a scheme).
struct AASAGenerator {
    /// One component to write, and the route it comes from.
    struct Draft: Hashable {
        var path: String
        /// Whether the pattern is written decoded (`percentEncoded: false`).
        var decoded: Bool
        /// The route's position among all routes.
        let route: Int
        /// Why the component is wider than the route, when it must be.
        var widened: String?
        /// Whether it is an exclusion.
        var exclude = false
        /// For a component whose wildcards each stand for part of one segment (`?*`), the
        /// number of `/` every path it opens has (its order in the file); nil for one with a
        /// `*` that stands for any number of segments, which comes first.
        var slashes: Int?
    }

    /// What generating gives: the section, what `check` says about it, and the components
    /// that stand for each route.
    struct Generated {
        let universalLinks: UniversalLinkRules
        let report: AASAReport
        /// The file's JSON.
        var file: JSONValue {
            UniversalLinkCoding.json(AppSiteAssociation(universalLinks: universalLinks))
        }
        /// The file as `generate` prints it.
        var text: String {
            AASAFileText.text(file)
        }
    }

    let appID: String
    let host: String
    let routes: [AASARoute]
    let options: RouterOptions

    /// The most times the file is checked while exclusions and dead components are dropped.
    static let maximumRounds = 6

    /// The generated section and what `check` says about it.
    func generate() throws(AASARouteError) -> Generated {
        var drafts = Self.ordered(allDrafts())
        var report: AASAReport
        var universalLinks: UniversalLinkRules
        var round = 0
        repeat {
            round += 1
            universalLinks = section(drafts, comments: [:])
            report = try check(universalLinks)
            var dropped = Set(report.findings.filter { $0.kind == .deadRule }.compactMap { $0.rule?.index })
            // Exclusions that hide a routed URL go, all of them once the rounds run out.
            for location in report.exclusionsHidingRoutes { dropped.insert(location.index) }
            if round >= Self.maximumRounds, !report.exclusionsHidingRoutes.isEmpty {
                for (index, draft) in drafts.enumerated() where draft.exclude { dropped.insert(index) }
            }
            if dropped.isEmpty { break }
            drafts = drafts.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
        } while true
        var unroutedExamples: [Int: String] = [:]
        for finding in report.findings where finding.kind == .unroutedURL {
            if let rule = finding.rule, let url = finding.url, unroutedExamples[rule.index] == nil {
                unroutedExamples[rule.index] = url
            }
        }
        var comments: [Int: String] = [:]
        for (index, draft) in drafts.enumerated() {
            var comment = "route " + routes[draft.route].route
            if draft.exclude {
                comment += "; leaves out what \"?*\" matches beyond one segment"
            } else if let widened = draft.widened {
                comment += "; " + widened
            }
            if let url = unroutedExamples[index] {
                comment += "; also opens URLs no route matches, such as " + url
            }
            comments[index] = comment
        }
        universalLinks = section(drafts, comments: comments)
        return Generated(universalLinks: universalLinks, report: report)
    }

    /// The drafts of every route that receives the host's links, in route order, without
    /// repeats.
    private func allDrafts() -> [Draft] {
        var drafts: [Draft] = []
        var seen = Set<String>()
        for route in routes {
            guard
                case .success((let pattern, _)) = AASAChecker.receives(
                    route, host: host.lowercased(), options: options)
            else { continue }
            for draft in Self.drafts(pattern, route: route.index, options: options) {
                let key = "\(draft.exclude ? "-" : "+")\(draft.decoded ? "d" : "e")\(draft.path)"
                if seen.insert(key).inserted { drafts.append(draft) }
            }
        }
        return drafts
    }

    /// `drafts` in file order: components that stand for any number of segments first, in
    /// route order; then the others by how many `/` their paths have, most first, each
    /// exclusion just before the component it narrows. An exclusion only leaves out paths
    /// with more `/` than that component's (or with an empty last segment, which no
    /// component of as many `/` opens), and every component that opens such paths comes
    /// before it, so no exclusion hides a path another route's component opens.
    static func ordered(_ drafts: [Draft]) -> [Draft] {
        let unbounded = drafts.filter { $0.slashes == nil }
        let bounded = drafts.enumerated().filter { $0.element.slashes != nil }.sorted { left, right in
            let (a, b) = (left.element.slashes ?? 0, right.element.slashes ?? 0)
            return a != b ? a > b : left.offset < right.offset
        }.map(\.element)
        return unbounded + bounded
    }

    private func section(_ drafts: [Draft], comments: [Int: String]) -> UniversalLinkRules {
        let components = drafts.enumerated().map { index, draft in
            UniversalLinkRules.Component(
                path: draft.path, exclude: draft.exclude ? true : nil, comment: comments[index],
                percentEncoded: draft.decoded ? false : nil)
        }
        let defaults = options.caseInsensitivePaths ? UniversalLinkRules.Defaults(caseSensitive: false) : nil
        return UniversalLinkRules(details: [
            UniversalLinkRules.Details(appIDs: [appID], components: components, defaults: defaults)
        ])
    }

    /// The most pattern states a generated file is checked with: generous, since a file
    /// from thousands of routes is larger than Apple reads (the command says so) and is
    /// still checked.
    static let stateLimit = 50_000_000

    private func check(_ universalLinks: UniversalLinkRules) throws(AASARouteError) -> AASAReport {
        let matcher: UniversalLinkMatcher
        do {
            matcher = try UniversalLinkMatcher(
                universalLinks, at: JSONPath.root.appending("applinks"), stateLimit: Self.stateLimit)
        } catch {
            // Generated patterns use no variables and fit the limit; a failure here is a bug.
            preconditionFailure("a generated file does not compile: \(error)")
        }
        return try AASAChecker(matcher: matcher, appID: appID, host: host, routes: routes, options: options)
            .check()
    }

    // MARK: Patterns

    /// One way of writing a route's paths while it is built: the pattern so far, whether
    /// each wildcard in it stands for part of one segment, and where its literal start
    /// ends.
    private struct Prefix {
        var text = ""
        /// Whether every wildcard is a `?*` for part of one segment (no `*`, no `?` for a
        /// character a pattern cannot write).
        var bounded = true
    }

    /// The components of one route's paths, and the exclusions that narrow them.
    static func drafts(_ pattern: RoutePattern, route: Int, options: RouterOptions) -> [Draft] {
        var segments = pattern.segments[...]
        var prefixes = [Prefix()]
        var widened: [String] = []
        if pattern.kind == .host, let first = segments.first {
            segments = segments.dropFirst()
            switch first.form {
            case .glob:
                // `**` alone: every URL.
                return [Draft(path: "*", decoded: false, route: route)]
            case .pattern(_, isRegex: true):
                // A raw regex over host and path: what it matches past the host may run into
                // the path, whose start is then any text.
                if !RegexFacts.analyze(first.text).neverMatchesSlash {
                    prefixes = [Prefix(text: "*", bounded: false)]
                    if !segments.isEmpty || !RegexFacts.matchesEverything(first.text) {
                        widened.append("\(first.text.quoted) runs over host and path; it becomes \"*\"")
                    }
                }
            default:
                break
            }
        }
        // Non-ASCII letters fold only in decoded patterns.
        let decoded =
            options.caseInsensitivePaths
            && segments.contains { segment in
                segment.text.unicodeScalars.contains { scalar in
                    !scalar.isASCII && PathAlphabet.caseVariants(scalar).contains { $0 != scalar }
                }
            }
        for (offset, segment) in segments.enumerated() {
            let isLast = offset == segments.count - 1
            func append(_ text: String, bounded: Bool = true) {
                for index in prefixes.indices {
                    prefixes[index].text += text
                    prefixes[index].bounded = prefixes[index].bounded && bounded
                }
            }
            switch segment.form {
            case .literal:
                let (text, wider) = literal(segment.text, decoded: decoded)
                if let wider { widened.append(wider) }
                append("/" + text, bounded: wider == nil)
            case .parameter, .wildcard:
                append("/?*")
            case .optionalParameter:
                prefixes = prefixes.flatMap {
                    [$0, Prefix(text: $0.text + "/?*", bounded: $0.bounded)]
                }
            case .glob:
                prefixes = prefixes.flatMap { [$0, Prefix(text: $0.text + "/*", bounded: false)] }
            case .pattern(let pieces, let isRegex):
                var text = ""
                var canBeEmpty = true
                var slashFree = true
                var classes: [String] = []
                for piece in pieces {
                    switch piece {
                    case .text(let literalText, _) where !isRegex:
                        let (written, wider) = literal(literalText, decoded: decoded)
                        if let wider {
                            widened.append(wider)
                            slashFree = false
                        }
                        text += written
                        canBeEmpty = false
                    case .text(let regex, _):
                        let facts = RegexFacts.analyze(regex)
                        text += facts.neverMatchesSlash && facts.minimumLength > 0 ? "?*" : "*"
                        canBeEmpty = canBeEmpty && facts.minimumLength == 0
                        slashFree = slashFree && facts.neverMatchesSlash && facts.minimumLength > 0
                        if !RegexFacts.matchesEverything(regex) { classes.append(regex) }
                    case .parameter(_, _, let regex, _):
                        let facts =
                            regex.map(RegexFacts.analyze)
                            ?? RegexFacts(neverMatchesSlash: true, minimumLength: 1)
                        text += facts.neverMatchesSlash && facts.minimumLength > 0 ? "?*" : "*"
                        canBeEmpty = canBeEmpty && facts.minimumLength == 0
                        slashFree = slashFree && facts.neverMatchesSlash && facts.minimumLength > 0
                        if let regex, !RegexFacts.matchesEverything(regex) { classes.append(regex) }
                    }
                }
                text = collapse(text)
                if !classes.isEmpty {
                    widened.append(
                        "\(segment.text.quoted) becomes \(text.quoted): Apple's patterns cannot say "
                            + classes.map(\.quoted).joined(separator: ", "))
                } else if text.contains("*") && !slashFree && !RegexFacts.matchesEverything(segment.text) {
                    widened.append("\(segment.text.quoted) becomes \(text.quoted)")
                }
                // A regex tail that can match nothing also matches the path without it.
                let bounded = slashFree && !text.contains("?*?") && !text.hasPrefix("*") && text != "*"
                prefixes = prefixes.flatMap { prefix -> [Prefix] in
                    let longer = Prefix(text: prefix.text + "/" + text, bounded: prefix.bounded && bounded)
                    return isLast && canBeEmpty ? [prefix, longer] : [longer]
                }
            }
        }
        let strict = options.strictTrailingSlash
        var drafts: [Draft] = []
        var seen = Set<String>()
        func add(_ draft: Draft) {
            if seen.insert((draft.exclude ? "-" : "+") + draft.path).inserted { drafts.append(draft) }
        }
        let reason = widened.isEmpty ? nil : widened.joined(separator: "; ")
        for prefix in prefixes {
            let path = prefix.text.isEmpty ? "/" : prefix.text
            let slashes = prefix.bounded ? path.filter { $0 == "/" }.count : nil
            var forms = [path]
            if !strict && !prefix.text.isEmpty
                && (!path.hasSuffix("*") || (slashes != nil && path.hasSuffix("?*")))
            {
                // The trailing-slash forms the router takes (it drops one trailing `/`, and
                // lets a missing last segment stand for a final empty literal), unless a
                // `/*` form covers them. The root path `/` has none. A form that ends in a
                // one-segment `?*` matches its trailing `/` itself, but gets its own
                // component too, which sorts before the exclusions of forms with fewer `/`.
                if path.hasSuffix("/") {
                    if path.count > 1 { forms.append(String(path.dropLast())) }
                    forms.append(path + "/")
                } else if !prefixes.contains(where: { $0.text == prefix.text + "/*" }) {
                    forms.append(path + "/")
                }
            }
            for form in forms {
                let formSlashes = slashes.map { _ in form.filter { $0 == "/" }.count }
                if let formSlashes, form.contains("?") {
                    // What `?*` matches beyond one segment: more `/`, and an empty last segment.
                    for exclusion in exclusions(of: form, slashes: formSlashes) {
                        add(
                            Draft(
                                path: exclusion, decoded: decoded, route: route, exclude: true,
                                slashes: formSlashes))
                    }
                }
                add(Draft(path: form, decoded: decoded, route: route, widened: reason, slashes: formSlashes))
            }
        }
        return drafts
    }

    /// The exclusion that leaves out what `path` (whose `?*`s each stand for part of one
    /// segment, and whose paths have `slashes` of `/`) also matches: with a `?*` taking a
    /// `/`, or standing for an empty segment next to one, a path has more `/`. Every path
    /// with more `/` after the literal start goes: its trailing-slash form, when the router
    /// takes one, is a component of its own, with one more `/`, and so comes earlier.
    static func exclusions(of path: String, slashes: Int) -> [String] {
        guard let firstWildcard = path.firstIndex(of: "?") else { return [] }
        let start = String(path[..<firstWildcard])
        let startSlashes = start.filter { $0 == "/" }.count
        let repeats = slashes + 1 - startSlashes
        guard repeats > 0 else { return [] }
        return [start + String(repeating: "*/", count: repeats) + "*"]
    }

    /// A literal segment's text as a pattern: canonically percent-encoded (or as written when
    /// `decoded`), with `*`, `?` and the `$` of `$(` written as `?`; and why it is wider, when
    /// it is.
    private static func literal(_ text: String, decoded: Bool) -> (String, String?) {
        var written = decoded ? text : CanonicalURL.path(text)
        var wider: String?
        if written.contains("*") || written.contains("?") || written.contains("$(") {
            wider = "\(text.quoted) holds a character a pattern cannot write; it becomes \"?\""
            written = written.replacingOccurrences(of: "$(", with: "?(").map {
                $0 == "*" || $0 == "?" ? "?" : String($0)
            }.joined()
        }
        return (written, wider)
    }

    /// `text` with runs of `*` and `?*` merged.
    private static func collapse(_ text: String) -> String {
        var result = text
        while result.contains("**") { result = result.replacingOccurrences(of: "**", with: "*") }
        while result.contains("*?*") { result = result.replacingOccurrences(of: "*?*", with: "?*") }
        return result
    }
}
