import Waypoint
import WaypointAssociation
import WaypointTables

/// The `aasa` member of a router table: the universal-link contract checked beside the
/// table's cases (Documentation/decisions.md, "Pattern tables: `aasa`").
///
/// ```json
/// "aasa": {
///   "file": "apple-app-site-association",
///   "appID": "ABCDE12345.com.example.shop",
///   "host": "shop.example",
///   "findings": [ { "kind": "routePartlyOpened", "route": "https://shop.example/.*" } ]
/// }
/// ```
///
/// `file` is read relative to the table's file (or `applinks` gives the section inline);
/// `findings` lists what `waypoint aasa check` must report, in its order, each finding by
/// `kind` and `route` or `rule`, and by `url` and `method` when that expectation names them
/// (absent: nothing may be found).
/// The check counts as one case. Cases of the table may expect `universalLink`: what the
/// file does with their input for the app (`opens`, `excluded`, `noMatch`, …).
struct AASATableSection: RouterTableSection {
    /// The router table member it is read from.
    static let member = "aasa"
    /// The expectation key it adds to the table's cases.
    static let expectationKeys: Set<String> = ["universalLink"]
    /// The members of the section.
    static let keys: Set<String> = ["file", "applinks", "appID", "host", "findings"]
    /// The members of an expected finding.
    static let findingKeys: Set<String> = ["kind", "route", "rule", "url", "method"]

    let matcher: UniversalLinkMatcher
    let appID: String
    let host: String
    /// The expected findings.
    let findings: [[String: JSONValue]]
    /// Where the file came from, for the check's name.
    let source: String

    /// The section of `table`, or nil when it has none.
    ///
    /// - Throws: ``TableError`` for a malformed section, an unreadable or bad AASA file.
    init?(_ table: PatternTable) throws(TableError) {
        guard let value = table.members["aasa"] else { return nil }
        guard let members = value.objectValue else { throw TableError("\"aasa\" must be an object") }
        if let unknown = members.keys.sorted().first(where: { !Self.keys.contains($0) }) {
            throw TableError(
                "aasa: unknown key \(unknown.quoted)\(Suggestion.phrase(for: unknown, in: Self.keys))")
        }
        guard let appID = members["appID"]?.stringValue,
            AppSiteAssociationReader.isApplicationIdentifier(appID)
        else {
            throw TableError("aasa: \"appID\" must be a string TEAMID.bundle.id")
        }
        guard let host = members["host"]?.stringValue, !host.isEmpty, !host.contains("/") else {
            throw TableError("aasa: \"host\" must be a host name, such as \"shop.example\"")
        }
        let universalLinks: UniversalLinkRules?
        switch (members["file"], members["applinks"]) {
        case (.string(let path)?, nil):
            let resolved = Self.resolve(path, besides: table.file)
            let text: String
            do throws(CommandError) {
                text = try TextFile.read(resolved)
                try TextFile.refuseByteOrderMark(text, path: resolved, verifier: "Apple's CDN")
            } catch {
                throw TableError("aasa: " + (error.location.map { "\($0): " } ?? "") + error.message)
            }
            do {
                universalLinks = try AppSiteAssociation(json: text).universalLinks
            } catch {
                throw TableError("aasa: \(resolved): \(error.description)")
            }
            source = path
        case (nil, let inline?):
            do {
                universalLinks = try AppSiteAssociationReader.universalLinks(
                    inline, at: JSONPath.root.appending("applinks"))
            } catch {
                throw TableError("aasa: \(error.description)")
            }
            source = "inline applinks"
        default:
            throw TableError("aasa: give \"file\" (a path) or \"applinks\" (the section), one of them")
        }
        do {
            matcher = try universalLinks.map(UniversalLinkMatcher.init) ?? UniversalLinkMatcher.empty
        } catch {
            throw TableError("aasa: \(error.description)")
        }
        var expected: [[String: JSONValue]] = []
        if let list = members["findings"] {
            guard let items = list.arrayValue else { throw TableError("aasa: \"findings\" must be an array") }
            for (offset, item) in items.enumerated() {
                guard let finding = item.objectValue, finding["kind"]?.stringValue != nil else {
                    throw TableError("aasa: finding \(offset + 1) must be an object with a \"kind\" string")
                }
                if let unknown = finding.keys.sorted().first(where: { !Self.findingKeys.contains($0) }) {
                    throw TableError(
                        "aasa: finding \(offset + 1): unknown key \(unknown.quoted)\(Suggestion.phrase(for: unknown, in: Self.findingKeys))"
                    )
                }
                expected.append(finding)
            }
        }
        self.appID = appID
        self.host = host.lowercased()
        findings = expected
    }

    /// `path` read from beside the table file `tableFile` when it is relative.
    private static func resolve(_ path: String, besides tableFile: String) -> String {
        guard !path.hasPrefix("/"), tableFile != "<stdin>", let slash = tableFile.lastIndex(of: "/") else {
            return path
        }
        return String(tableFile[...slash]) + path
    }

    /// What the file does with `url` for the app: a case's `universalLink`.
    func caseValues(_ url: String) -> [String: JSONValue] {
        ["universalLink": .string(matcher.decision(for: url, appID: appID).outcome.rawValue)]
    }

    /// The check of the file against `routes`, as one case named `aasa check`.
    func check(routes: [String], options: RouterOptions) -> CheckResult {
        let name = "aasa check"
        let label = "aasa check of \(source.quoted) for \(appID)"
        let entries = routes.enumerated().map { AASARoute(route: $1, index: $0, location: nil) }
        let report: AASAReport
        do {
            report = try AASAChecker(
                matcher: matcher, appID: appID, host: host, routes: entries, options: options
            )
            .check()
        } catch {
            return CheckResult(
                name: name, label: label, input: host, mismatches: [],
                note: "a route does not compile: \(error.error.message)")
        }
        // Each finding compares the keys its expectation names (by position; kind, route and
        // rule always), so a table pins what it cares about.
        let always: Set<String> = ["kind", "route", "rule"]
        let actual = report.findings.enumerated().map { offset, finding -> JSONValue in
            guard case .object(let members) = finding.json else { return .null }
            let named = always.union(offset < findings.count ? Set(findings[offset].keys) : [])
            return .object(members.filter { named.contains($0.key) })
        }
        let mismatches = TableExpectation.mismatches(
            expected: ["findings": .array(findings.map(JSONValue.object))],
            actual: ["findings": .array(actual)])
        return CheckResult(name: name, label: label, input: host, mismatches: mismatches)
    }
}
