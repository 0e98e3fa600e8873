import Testing
import Waypoint

/// The `aasa` member of router tables: `waypoint test` runs the universal-link check beside
/// the cases, and cases may expect `universalLink`.
@Suite("waypoint test: the aasa section of router tables")
struct AASATableTests {
    static let file = #"""
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"],
          "components": [{"/": "/account/*", "exclude": true}, {"/": "/products/?*"}, {"/": "/promo/*"}]}]}}
        """#

    static func table(
        aasa: String,
        cases: String = #"[{"input": "https://e.com/products/1", "expect": {"universalLink": "opens"}}]"#
    ) -> String {
        #"{"routes": ["/products/:id", "/account/:page"], "aasa": \#(aasa), "cases": \#(cases)}"#
    }

    @Test("the check passes when the table expects what it finds; universalLink compares the decision")
    func passing() async throws {
        let directory = try ScratchDirectory()
        try directory.write("apple-app-site-association", Self.file)
        try directory.write(
            "table.json",
            Self.table(
                aasa: #"""
                    {"file": "apple-app-site-association", "appID": "ABCDE12345.com.example.app", "host": "e.com",
                     "findings": [{"kind": "routeNeverOpened", "route": "/account/:page"},
                                  {"kind": "unroutedURL", "rule": "applinks.details[0].components[1]", "url": "https://e.com/products/x/x"},
                                  {"kind": "unroutedURL", "rule": "applinks.details[0].components[2]", "method": "construction"}]}
                    """#,
                cases: #"""
                    [{"input": "https://e.com/products/1", "expect": {"route": "/products/:id", "universalLink": "opens"}},
                     {"input": "https://e.com/account/x", "expect": {"universalLink": "excluded"}},
                     {"input": "https://e.com/help", "expect": {"matched": false, "universalLink": "noMatch"}}]
                    """#))
        let result = try await CLI.run(["test", "table.json"], in: directory.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.output == "4 passed, 0 failed\n")
    }

    @Test("a finding the table does not expect fails the check, as a case does")
    func failing() async throws {
        let directory = try ScratchDirectory()
        try directory.write(
            "table.json",
            Self.table(
                aasa: #"""
                    {"applinks": \#(Self.file.dropFirst(13).dropLast(2))}, "appID": "ABCDE12345.com.example.app", "host": "e.com"}
                    """#))
        let result = try await CLI.run(["test", "table.json"], in: directory.url)
        #expect(result.status == 1)
        #expect(
            result.output == """
                FAIL table.json, table 1: aasa check of "inline applinks" for ABCDE12345.com.example.app
                  input:    e.com
                  expected: {"findings":[]}
                  actual:   {"findings":[{"kind":"routeNeverOpened","route":"/account/:page"},{"kind":"unroutedURL","rule":"applinks.details[0].components[1]"},{"kind":"unroutedURL","rule":"applinks.details[0].components[2]"}]}
                1 passed, 1 failed

                """)
    }

    struct BadSection: CustomTestStringConvertible, Sendable {
        let name: String
        let aasa: String
        let error: String
        var testDescription: String { name }
    }

    static let badSections: [BadSection] = [
        BadSection(
            name: "an unknown key",
            aasa: #"{"file": "a", "appId": "ABCDE12345.com.example.app", "host": "e.com"}"#,
            error: #"table.json: table 1: aasa: unknown key "appId" (did you mean "appID"?)"#),
        BadSection(
            name: "no app ID", aasa: #"{"file": "a", "host": "e.com"}"#,
            error: #"table.json: table 1: aasa: "appID" must be a string TEAMID.bundle.id"#),
        BadSection(
            name: "both file and applinks",
            aasa:
                #"{"file": "a", "applinks": {"details": []}, "appID": "ABCDE12345.com.example.app", "host": "e.com"}"#,
            error:
                #"table.json: table 1: aasa: give "file" (a path) or "applinks" (the section), one of them"#),
        BadSection(
            name: "a missing file",
            aasa: #"{"file": "missing.json", "appID": "ABCDE12345.com.example.app", "host": "e.com"}"#,
            error: #"table.json: table 1: aasa: cannot read "missing.json": no such file"#),
        BadSection(
            name: "a bad inline section",
            aasa:
                #"{"applinks": {"details": [{"appID": "x"}]}, "appID": "ABCDE12345.com.example.app", "host": "e.com"}"#,
            error:
                #"table.json: table 1: aasa: applinks.details[0].appID: "x" is not an application identifier: expected TEAMID.bundle.id, a 10-character team ID of upper-case letters and digits, a dot, and a bundle ID of letters, digits, "-" and ".""#
        ),
    ]

    @Test("a malformed section stops the table (exit 2), naming the problem", arguments: badSections)
    func badSection(_ testCase: BadSection) async throws {
        let directory = try ScratchDirectory()
        try directory.write("table.json", Self.table(aasa: testCase.aasa))
        let result = try await CLI.run(["test", "table.json"], in: directory.url)
        #expect(result.status == 2)
        #expect(result.errors == testCase.error + "\n")
    }

    @Test("universalLink needs the aasa section")
    func universalLinkWithoutSection() async throws {
        let directory = try ScratchDirectory()
        try directory.write(
            "table.json",
            #"{"routes": ["/a"], "cases": [{"input": "https://e.com/a", "expect": {"universalLink": "opens"}}]}"#
        )
        let result = try await CLI.run(["test", "table.json"], in: directory.url)
        #expect(result.status == 2)
        #expect(result.errors.contains("unknown expectation key \"universalLink\""))
    }

    @Test("the example shop's table pins its AASA file's two findings, https and http")
    func shop() async throws {
        let result = try await CLI.run(["test", "Examples/shop/table.json"])
        #expect(result.status == 0, "\(result)")
    }
}
