import Waypoint
import WaypointAssociation
import WaypointTables

extension TableFileCheck {
    /// The findings of a router table's `aasa` check that the table does not expect, each
    /// at its place: a route's finding at the route's line in the table, a rule's at the
    /// rule's line in the association file (or in the table, for inline `applinks`).
    ///
    /// A routed URL that the file leaves in the browser cannot work, so `routeNeverOpened`,
    /// `routePartlyOpened` and `noRules` are errors; a rule that opens more than the routes
    /// (`unroutedURL`) or never decides (`deadRule`) is a warning. An expected finding that
    /// the check no longer reports is a warning at its line in `findings`; so is a check
    /// whose findings are all expected but in another order. Nothing is reported when the
    /// check passed (`result`), as `waypoint test` runs it.
    static func associationDiagnostics(
        _ table: PatternTable, result: CheckResult, routes: [RoutesFile.Entry], options: RouterOptions
    ) -> [BuildDiagnostic] {
        guard !result.passed, let section = try? AASATableSection(table) else { return [] }
        let sectionLine = table.line(at: [.key("aasa")]) ?? table.line(at: []) ?? 1
        let entries = routes.enumerated().map { offset, entry in
            AASARoute(route: entry.route, index: offset, location: "\(table.file):\(entry.line)")
        }
        // A route that does not compile is reported by its registration check.
        guard
            let report = try? AASAChecker(
                matcher: section.matcher, appID: section.appID, host: section.host, routes: entries,
                options: options
            ).check()
        else { return [] }
        let source = RuleSource(table)
        var unmatched = Array(section.findings.indices)
        var diagnostics: [BuildDiagnostic] = []
        for finding in report.findings {
            if let match = unmatched.firstIndex(where: { expects(section.findings[$0], finding) }) {
                unmatched.remove(at: match)
                continue
            }
            let severity: BuildDiagnostic.Severity =
                switch finding.kind {
                case .routeNeverOpened, .routePartlyOpened, .noRules: .error
                case .unroutedURL, .deadRule: .warning
                }
            let message =
                "\(finding.message) (\(finding.method.rawValue); \(section.source) for \(section.appID))"
            if let route = finding.route {
                diagnostics.append(
                    BuildDiagnostic(
                        severity, finding.kind.rawValue, file: table.file, line: routes[route.index].line,
                        message: message))
            } else if let rule = finding.rule, let place = source.place(of: rule) {
                diagnostics.append(
                    BuildDiagnostic(
                        severity, finding.kind.rawValue, file: place.file, line: place.line,
                        message: "\(rule.description): \(message)"))
            } else {
                diagnostics.append(
                    BuildDiagnostic(
                        severity, finding.kind.rawValue, file: table.file, line: sectionLine,
                        message: (finding.rule.map { "\($0.description): " } ?? "") + message))
            }
        }
        for index in unmatched {
            let expected = JSONValue.object(section.findings[index]).jsonString
            diagnostics.append(
                BuildDiagnostic(
                    .warning, "staleFinding", file: table.file,
                    line: table.line(at: [.key("aasa"), .key("findings"), .index(index)]) ?? sectionLine,
                    message:
                        "the aasa check no longer reports the expected finding \(expected); remove it from \"findings\""
                ))
        }
        if diagnostics.isEmpty {
            diagnostics.append(
                BuildDiagnostic(
                    .warning, "staleFinding", file: table.file, line: sectionLine,
                    message:
                        "the aasa check reports the expected findings in another order than \"findings\" lists them"
                ))
        }
        return diagnostics
    }

    /// Whether the expected finding `expectation` names `finding`: by kind, route and rule
    /// always, and by the other keys it names, as the table's check compares them.
    private static func expects(_ expectation: [String: JSONValue], _ finding: AASAFinding) -> Bool {
        guard case .object(let members) = finding.json else { return false }
        let named: Set<String> = Set(expectation.keys).union(["kind", "route", "rule"])
        return TableExpectation.mismatches(
            expected: ["finding": .object(expectation)],
            actual: ["finding": .object(members.filter { named.contains($0.key) })]
        ).isEmpty
    }

    /// Where a table's association rules are written: the file its `aasa` member names (read
    /// beside the table, as the member's check reads it) or the member's inline `applinks`.
    private enum RuleSource {
        /// The association file, and where its values are.
        case file(String, JSONLineMap)
        /// The table, whose `aasa.applinks` holds the rules.
        case inline(PatternTable)

        init(_ table: PatternTable) {
            guard let path = table.members["aasa"]?.objectValue?["file"]?.stringValue else {
                self = .inline(table)
                return
            }
            var resolved = path
            if !path.hasPrefix("/"), let slash = table.file.lastIndex(of: "/") {
                resolved = String(table.file[...slash]) + path
            }
            // The section's check read and parsed the file already; only its lines are new
            // here, down to `applinks.details[d].components[c]`.
            let text = (try? TextFile.read(resolved)) ?? ""
            self = .file(
                resolved, (try? JSONValue.parsingWithLines(text, recordingDepth: 5))?.lines ?? JSONLineMap())
        }

        /// The file and line of `rule`, when known.
        func place(of rule: UniversalLinkRuleLocation) -> (file: String, line: Int)? {
            let path: [JSONLineMap.Step] = [
                .key("applinks"), .key("details"), .index(rule.detailsIndex),
                .key(rule.kind == .component ? "components" : "paths"), .index(rule.index),
            ]
            switch self {
            case .file(let file, let lines): return lines.line(at: path).map { (file, $0) }
            case .inline(let table): return table.line(at: [.key("aasa")] + path).map { (table.file, $0) }
            }
        }
    }
}
