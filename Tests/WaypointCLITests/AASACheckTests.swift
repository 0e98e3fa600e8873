import Foundation
import Testing
import Waypoint
import WaypointAssociation

@testable import WaypointCLI

/// `waypoint aasa check` (Documentation/aasa.md §7) on the fixtures in `Tests/Fixtures/aasa`:
/// AASA files of the shapes apps publish, each with its route table and expected report.
@Suite("waypoint aasa check")
struct AASACheckTests {
    /// One run of a fixture: an app of its file.
    struct Run: CustomTestStringConvertible, Sendable {
        let fixture: String
        let appID: String
        let host: String
        let exitStatus: Int32
        let findings: JSONValue
        var testDescription: String { "\(fixture) for \(appID)" }
    }

    static let fixtures = [
        "legacy-paths", "components-exclude", "query-dictionary", "substitution-variables", "several-apps",
        "clean",
    ]

    static let runs: [Run] = fixtures.flatMap { fixture -> [Run] in
        let url = CLI.fixtures.appendingPathComponent("aasa/\(fixture)/expected.json")
        guard let text = try? String(contentsOf: url, encoding: .utf8),
            case .array(let runs)? = try? JSONValue(parsing: text)
        else { return [] }
        return runs.compactMap { run in
            guard let appID = run["appID"]?.stringValue, let host = run["host"]?.stringValue,
                let status = run["exitStatus"]?.numberValue, let findings = run["findings"]
            else { return nil }
            return Run(
                fixture: fixture, appID: appID, host: host, exitStatus: Int32(status), findings: findings)
        }
    }

    /// The findings of a report as the fixtures write them.
    static func expectedShape(_ findings: [AASAFinding]) -> JSONValue {
        .array(
            findings.map { finding in
                var members: [String: JSONValue] = [
                    "kind": .string(finding.kind.rawValue),
                    "method": .string(finding.method == .construction ? "construction" : "examples"),
                ]
                if let route = finding.route { members["route"] = .string(route.route) }
                if let rule = finding.rule { members["rule"] = .string(rule.description) }
                if let url = finding.url { members["url"] = .string(url) }
                if finding.kind == .deadRule {
                    members["earlier"] = .array(finding.earlier.map { .string($0.description) })
                }
                return .object(members)
            })
    }

    @Test("every fixture has runs")
    func fixturesLoad() {
        #expect(Set(Self.runs.map(\.fixture)) == Set(Self.fixtures))
        #expect(Self.runs.count == 8)
    }

    @Test("each fixture's report", arguments: runs)
    func fixture(_ run: Run) throws {
        let directory = CLI.fixtures.appendingPathComponent("aasa/\(run.fixture)")
        let text = try String(
            contentsOf: directory.appendingPathComponent("apple-app-site-association"), encoding: .utf8)
        let universalLinks = try #require(try AppSiteAssociation(json: text).universalLinks)
        let routesText = try String(
            contentsOf: directory.appendingPathComponent("routes.txt"), encoding: .utf8)
        let routes = RoutesFile(path: "routes.txt", text: routesText).entries.enumerated().map {
            index, entry in
            AASARoute(route: entry.route, index: index, location: "routes.txt:\(entry.line)")
        }
        for attempt in 0..<2 {
            let checker = try AASAChecker(
                matcher: try UniversalLinkMatcher(universalLinks), appID: run.appID, host: run.host,
                routes: routes,
                options: RouterOptions())
            let report = checker.check()
            #expect(
                Self.expectedShape(report.findings) == run.findings,
                "attempt \(attempt): the same report every time")
            #expect((report.findings.isEmpty ? 0 : 1) == run.exitStatus)
        }
    }

    @Test("the command line prints each finding, HOW it was decided, and a summary")
    func human() async throws {
        let result = try await CLI.run([
            "aasa", "check", "--aasa", "Tests/Fixtures/aasa/query-dictionary/apple-app-site-association",
            "--app-id", "ABCDE12345.com.example.help", "--host", "example.com",
            "Tests/Fixtures/aasa/query-dictionary/routes.txt",
        ])
        #expect(result.status == 1)
        #expect(result.errors.isEmpty)
        #expect(
            result.output == """
                Tests/Fixtures/aasa/query-dictionary/routes.txt:1: routePartlyOpened: "/help/:topic" is opened only in part: https://example.com/help/website/, whatever its query and fragment, opens the browser (by construction)
                Tests/Fixtures/aasa/query-dictionary/routes.txt:2: routePartlyOpened: "/search" is opened only in part: https://example.com/search/, whatever its query and fragment, opens the browser (by construction)
                Tests/Fixtures/aasa/query-dictionary/routes.txt:3: routeNeverOpened: no rule opens the app for "/share": a universal link such as https://example.com/share opens the browser (by construction)
                applinks.details[0].components[1]: unroutedURL: opens the app for https://example.com/help/?articleNumber=xxxx, which no route matches: the app opens and shows nothing (by construction)
                applinks.details[0].components[4]: deadRule: never decides: an earlier rule (applinks.details[0].components[3]) decides every URL it matches (by construction)
                5 findings; 3 of 3 routes receive links of example.com; 5 rules for ABCDE12345.com.example.help

                """)
    }

    @Test("--json: one object; routes left out are listed with the reason")
    func json() async throws {
        let directory = try ScratchDirectory()
        try directory.write(
            "aasa.json",
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a"}]}]}}"#
        )
        try directory.write("routes.txt", "/a\nother.example/a\nmyapp://a\nhttps://example.com/a\n")
        let result = try await CLI.run(
            [
                "aasa", "check", "--json", "--aasa", "aasa.json", "--app-id", "ABCDE12345.com.example.app",
                "--host", "Example.COM",
                "routes.txt",
            ], in: directory.url)
        #expect(result.status == 1)
        let report = try JSONValue(parsing: result.output)
        #expect(report["aasa"] == "aasa.json")
        #expect(report["host"] == "example.com")
        #expect(report["routes"] == 4)
        #expect(report["receiving"] == 2)
        #expect(report["rules"] == 1)
        #expect(
            report["skipped"]
                == [
                    [
                        "route": "other.example/a", "location": "routes.txt:2",
                        "reason": "its host does not match",
                    ],
                    [
                        "route": "myapp://a", "location": "routes.txt:3",
                        "reason": "its scheme is not http or https",
                    ],
                ])
        #expect(
            report["findings"]
                == [
                    [
                        "kind": "routePartlyOpened", "method": "construction", "route": "/a",
                        "location": "routes.txt:1",
                        "url": "https://example.com/a/",
                        "message":
                            "\"/a\" is opened only in part: https://example.com/a/, whatever its query and fragment, opens the browser",
                    ],
                    [
                        "kind": "routePartlyOpened", "method": "construction",
                        "route": "https://example.com/a",
                        "location": "routes.txt:4",
                        "url": "https://example.com/a/",
                        "message":
                            "\"https://example.com/a\" is opened only in part: https://example.com/a/, whatever its query and fragment, opens the browser",
                    ],
                ])
        #expect(report["notes"] == [])
        #expect(report["unchecked"] == [])
        #expect(report["examplesOnly"] == 0)
    }

    @Test("an app the file does not name: noRules")
    func noRules() async throws {
        let result = try await CLI.run([
            "aasa", "check", "--aasa", "Tests/Fixtures/aasa/clean/apple-app-site-association", "--app-id",
            "ABCDE12345.com.example.other", "--host", "example.com", "Tests/Fixtures/aasa/clean/routes.txt",
        ])
        #expect(result.status == 1)
        #expect(
            result.output == """
                applinks: noRules: the file names "ABCDE12345.com.example.other" in no "details" entry, so no link opens the app (by construction)
                1 finding; 0 of 2 routes receive links of example.com; 0 rules for ABCDE12345.com.example.other

                """)
    }

    struct UsageCase: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let files: [String: String]
        let error: String
        var testDescription: String { name }
    }

    static let good = #"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "paths": ["*"]}]}}"#

    static let usageCases: [UsageCase] = [
        UsageCase(
            name: "no --aasa",
            arguments: [
                "aasa", "check", "--app-id", "ABCDE12345.com.example.app", "--host", "e.com", "r.txt",
            ],
            files: ["r.txt": "/a\n"],
            error: #"waypoint aasa check: missing --aasa FILE; see "waypoint aasa check --help""#),
        UsageCase(
            name: "a bad app ID",
            arguments: [
                "aasa", "check", "--aasa", "a.json", "--app-id", "com.example.app", "--host", "e.com",
                "r.txt",
            ],
            files: ["a.json": good, "r.txt": "/a\n"],
            error:
                #"waypoint aasa check: --app-id "com.example.app" is not TEAMID.bundle.id (a 10-character team ID of upper-case letters and digits, a dot, a bundle ID)"#
        ),
        UsageCase(
            name: "a host with a scheme",
            arguments: [
                "aasa", "check", "--aasa", "a.json", "--app-id", "ABCDE12345.com.example.app", "--host",
                "https://e.com", "r.txt",
            ],
            files: ["a.json": good, "r.txt": "/a\n"],
            error:
                #"waypoint aasa check: --host "https://e.com" is not a host name (letters, digits, "-" and "."; no scheme, port or path)"#
        ),
        UsageCase(
            name: "a bad AASA file",
            arguments: [
                "aasa", "check", "--aasa", "a.json", "--app-id", "ABCDE12345.com.example.app", "--host",
                "e.com", "r.txt",
            ],
            files: [
                "a.json":
                    #"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "components": [{"?": 1}]}]}}"#,
                "r.txt": "/a\n",
            ],
            error:
                #"a.json: applinks.details[0].components[0]["?"]: expected a string or an object, found a number"#
        ),
        UsageCase(
            name: "a route that does not compile",
            arguments: [
                "aasa", "check", "--aasa", "a.json", "--app-id", "ABCDE12345.com.example.app", "--host",
                "e.com", "r.txt",
            ],
            files: ["a.json": good, "r.txt": "# routes\n/a\n/x/:id([0-9]+\n"],
            error: #"r.txt:3:7: unbalanced bracket in route "/x/:id([0-9]+" at column 7: "(" is never closed"#
        ),
        UsageCase(
            name: "no routes file",
            arguments: [
                "aasa", "check", "--aasa", "a.json", "--app-id", "ABCDE12345.com.example.app", "--host",
                "e.com",
            ],
            files: ["a.json": good],
            error: #"waypoint aasa check: missing ROUTES; see "waypoint aasa check --help""#),
        UsageCase(
            name: "no subcommand", arguments: ["aasa"], files: [:],
            error:
                #"waypoint aasa: missing subcommand; use "waypoint aasa check" or "waypoint aasa generate""#),
        UsageCase(
            name: "an unknown subcommand", arguments: ["aasa", "verify"], files: [:],
            error:
                #"waypoint aasa: unknown subcommand "verify"; use "waypoint aasa check" or "waypoint aasa generate""#
        ),
    ]

    @Test("bad usage and bad files: exit 2, one line naming the problem", arguments: usageCases)
    func usage(_ testCase: UsageCase) async throws {
        let directory = try ScratchDirectory()
        for (name, text) in testCase.files { try directory.write(name, text) }
        let result = try await CLI.run(testCase.arguments, in: directory.url)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors == testCase.error + "\n")
    }

    @Test("hostile input stays bounded: components whose subset construction explodes")
    func explodingExploration() throws {
        // "*a??????????" needs 2^10 subset states on its own; several of them together far more.
        let components = ["a", "b", "c", "d", "1", "2"].map {
            #"{"/": "*\#($0)\#(String(repeating: "?", count: 10))"}"#
        }
        let json =
            #"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "components": [\#(components.joined(separator: ","))]}]}}"#
        let matcher = try UniversalLinkMatcher(
            try #require(try AppSiteAssociation(json: json).universalLinks))
        let routes = ["/:x", "/a/:y", "/b/**"].enumerated().map {
            AASARoute(route: $1, index: $0, location: nil)
        }
        // A limit of its own keeps the test short; the default scales with the automata
        // (PathExploration.limit(forStates:)) and stops this file the same way.
        let report = try AASAChecker(
            matcher: matcher, appID: "ABCDE12345.com.example.app", host: "example.com", routes: routes,
            options: RouterOptions(), explorationLimit: 20_000
        ).check()
        #expect(
            report.notes.contains { $0.hasPrefix("the exploration stopped at its bound (at most 20000 sets") }
        )
        // The routes whose paths it did not finish are counted as not checked, and the
        // command's status says so.
        #expect(!report.uncheckedRoutes.isEmpty)
        #expect(report.exitStatus == .incomplete)
        #expect(report.summary.hasSuffix("\(report.uncheckedRoutes.count) routes not checked"))
        // What the exploration and the examples did find still holds: no route is matched by
        // every path of a component here, so each component opens some unrouted URL.
        #expect(report.findings.contains { $0.kind == .unroutedURL })
        for finding in report.findings where finding.kind == .deadRule || finding.kind == .routeNeverOpened {
            #expect(finding.method == .examples, "\(finding.message)")
        }
    }

    @Test("hostile input stays bounded: a file at the size limit with thousands of rules")
    func largeFile() throws {
        var components: [String] = []
        var index = 0
        while components.joined(separator: ",").utf8.count < AppSiteAssociation.maximumSize - 200 {
            components.append(#"{"/": "/p\#(index)/*"}"#)
            index += 1
        }
        let json =
            #"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "components": [\#(components.joined(separator: ","))]}]}}"#
        let matcher = try UniversalLinkMatcher(
            try #require(try AppSiteAssociation(json: json).universalLinks))
        let routes = (0..<50).map { AASARoute(route: "/p\($0)/:id/x", index: $0, location: nil) }
        let report = try AASAChecker(
            matcher: matcher, appID: "ABCDE12345.com.example.app", host: "example.com", routes: routes,
            options: RouterOptions()
        ).check()
        // Every route is opened (its trailing-slash form too); each rule opens /pN/, which
        // its route does not match.
        #expect(!report.findings.contains { $0.kind == .routeNeverOpened || $0.kind == .routePartlyOpened })
        #expect(report.findings.contains { $0.kind == .unroutedURL && $0.rule?.index == index - 1 })
    }
}
