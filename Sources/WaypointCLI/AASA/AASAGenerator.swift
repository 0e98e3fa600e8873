import Foundation
import Waypoint
import WaypointAssociation
import WaypointTables

/// `waypoint aasa generate`: the `applinks` components that open the URLs the routes match
/// on a host (Documentation/aasa.md §8).
///
/// Each route that receives the host's links becomes one component per way its paths can
/// be written: literals as themselves (canonically percent-encoded), a parameter or `*` as
/// `?*`, a regex as `?*` or `*`, `**` and `:name?` as two components, and a trailing-slash
/// form of routes that end in a literal. The file is then checked against the same routes
/// (``AASAChecker``): components that never decide are dropped, and those that open URLs no
/// route matches keep a comment and a finding saying what they let through.
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
    }

    let appID: String
    let host: String
    let routes: [AASARoute]
    let options: RouterOptions

    /// The generated section and what `check` says about it.
    func generate() throws(AASARouteError) -> (universalLinks: UniversalLinkRules, report: AASAReport) {
        // The routes check looks at.
        var drafts: [Draft] = []
        for route in routes {
            guard
                case .success((let pattern, _)) = AASAChecker.receives(
                    route, host: host.lowercased(), options: options)
            else { continue }
            for draft in Self.drafts(pattern, route: route.index, host: host.lowercased(), options: options)
            where !drafts.contains(where: { $0.path == draft.path && $0.decoded == draft.decoded }) {
                drafts.append(draft)
            }
        }
        // Drop what never decides, until nothing more goes.
        var report: AASAReport
        var universalLinks: UniversalLinkRules
        repeat {
            universalLinks = section(drafts, comments: [:])
            report = try check(universalLinks)
            let dead = Set(report.findings.filter { $0.kind == .deadRule }.compactMap { $0.rule?.index })
            if dead.isEmpty { break }
            drafts = drafts.enumerated().filter { !dead.contains($0.offset) }.map(\.element)
        } while true
        var comments: [Int: String] = [:]
        for (index, draft) in drafts.enumerated() {
            var comment = "route " + routes[draft.route].route
            if let widened = draft.widened { comment += "; " + widened }
            if let finding = report.findings.first(where: {
                $0.kind == .unroutedURL && $0.rule?.index == index
            }),
                let url = finding.url
            {
                comment += "; also opens URLs no route matches, such as " + url
            }
            comments[index] = comment
        }
        universalLinks = section(drafts, comments: comments)
        return (universalLinks, report)
    }

    private func section(_ drafts: [Draft], comments: [Int: String]) -> UniversalLinkRules {
        let components = drafts.enumerated().map { index, draft in
            UniversalLinkRules.Component(
                path: draft.path, comment: comments[index], percentEncoded: draft.decoded ? false : nil)
        }
        let defaults = options.caseInsensitivePaths ? UniversalLinkRules.Defaults(caseSensitive: false) : nil
        return UniversalLinkRules(details: [
            UniversalLinkRules.Details(appIDs: [appID], components: components, defaults: defaults)
        ])
    }

    private func check(_ universalLinks: UniversalLinkRules) throws(AASARouteError) -> AASAReport {
        let matcher: UniversalLinkMatcher
        do {
            matcher = try UniversalLinkMatcher(universalLinks)
        } catch {
            // Generated patterns use no variables; a failure here is a bug.
            preconditionFailure("a generated file does not compile: \(error)")
        }
        return try AASAChecker(matcher: matcher, appID: appID, host: host, routes: routes, options: options)
            .check()
    }

    // MARK: Patterns

    /// The components of one route's paths.
    static func drafts(_ pattern: RoutePattern, route: Int, host: String, options: RouterOptions) -> [Draft] {
        var segments = pattern.segments[...]
        if pattern.kind == .host { segments = segments.dropFirst() }
        // Non-ASCII letters fold only in decoded patterns.
        let decoded =
            options.caseInsensitivePaths
            && segments.contains { segment in
                segment.text.unicodeScalars.contains { scalar in
                    !scalar.isASCII && PathAlphabet.caseVariants(scalar).contains { $0 != scalar }
                }
            }
        var prefixes = [""]
        var widened: [String] = []
        for (offset, segment) in segments.enumerated() {
            let isLast = offset == segments.count - 1
            switch segment.form {
            case .literal:
                let (text, wider) = literal(segment.text, decoded: decoded)
                if let wider { widened.append(wider) }
                prefixes = prefixes.map { $0 + "/" + text }
            case .parameter, .wildcard:
                prefixes = prefixes.map { $0 + "/?*" }
                widened.append("\(segment.text.quoted) becomes \"?*\", which also matches \"/\"")
            case .optionalParameter:
                prefixes = prefixes.flatMap { [$0, $0 + "/?*"] }
                widened.append("\(segment.text.quoted) becomes \"?*\", which also matches \"/\"")
            case .glob:
                prefixes = prefixes.flatMap { [$0, $0 + "/*"] }
            case .pattern(let pieces, let isRegex):
                var text = ""
                var canBeEmpty = true
                for piece in pieces {
                    switch piece {
                    case .text(let literalText, _) where !isRegex:
                        let (written, wider) = literal(literalText, decoded: decoded)
                        if let wider { widened.append(wider) }
                        text += written
                        canBeEmpty = false
                    case .text(let regex, _):
                        let facts = RegexFacts.analyze(regex)
                        text += facts.neverMatchesSlash && facts.minimumLength > 0 ? "?*" : "*"
                        canBeEmpty = canBeEmpty && facts.minimumLength == 0
                    case .parameter(_, _, let regex, _):
                        let facts =
                            regex.map(RegexFacts.analyze)
                            ?? RegexFacts(neverMatchesSlash: true, minimumLength: 1)
                        text += facts.neverMatchesSlash && facts.minimumLength > 0 ? "?*" : "*"
                        canBeEmpty = canBeEmpty && facts.minimumLength == 0
                    }
                }
                text = collapse(text)
                if text != "*" || !RegexFacts.matchesEverything(segment.text) {
                    widened.append("\(segment.text.quoted) becomes \(text.quoted)")
                }
                // A regex tail that can match nothing also matches the path without it.
                prefixes = prefixes.flatMap {
                    isLast && canBeEmpty ? [$0, $0 + "/" + text] : [$0 + "/" + text]
                }
            }
        }
        // The trailing-slash forms the router matches too (when it ignores one trailing
        // slash), asked of the router with the wildcards filled.
        let router = Router(options: options)
        _ = try? router.register(pattern.route) { _ in }
        var paths: [String] = []
        for prefix in prefixes {
            let path = prefix.isEmpty ? "/" : prefix
            paths.append(path)
            guard !options.strictTrailingSlash, !path.hasSuffix("*") else { continue }
            var sample = path.replacingOccurrences(of: "?*", with: "x").replacingOccurrences(
                of: "?", with: "x")
            if decoded { sample = CanonicalURL.path(sample) }
            // (Unless another form already covers it: `/docs/*` takes `/docs/`.)
            if !prefixes.contains(path + "/*"), router.match("https://\(host)\(sample)/") != nil {
                paths.append(path + "/")
            }
            // A route that ends in an empty segment also takes the path without it.
            if path.count > 1, path.hasSuffix("/"), router.match("https://\(host)\(sample.dropLast())") != nil
            {
                paths.append(String(path.dropLast()))
            }
        }
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }.map { path in
            Draft(
                path: path, decoded: decoded, route: route,
                widened: widened.isEmpty ? nil : widened.joined(separator: "; "))
        }
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
