import Foundation
import Testing
import Waypoint

@testable import WaypointCLI

/// `waypoint test`: runs pattern tables.
@Suite("waypoint test")
struct TestCommandTests {
    @Test(
        "every fixture table passes",
        arguments: [
            // 98 cases and 5 routes that must fail registration.
            ("deeplinkkit.json", 103), ("detour.json", 83), ("paylisher.json", 90),
            ("routing-checks.json", 23), ("regex-budget.json", 43),
        ])
    func fixture(_ file: String, _ checks: Int) async throws {
        let result = try await CLI.run(["test", "Tests/Fixtures/\(file)"])
        #expect(result.status == 0, "\(result)")
        #expect(result.output == "\(checks) passed, 0 failed\n")
        #expect(result.errors.isEmpty)
    }

    @Test("--regex-budget runs router tables with that budget, over their own")
    func regexBudgetFlag() async throws {
        let directory = try ScratchDirectory()
        // Two catastrophic tails of their own pattern each: a budget of one full match
        // limit reaches the first and stops the second, which the case then expects.
        try directory.write(
            "budget.json",
            #"""
            {"description": "budget", "options": {"regexBudget": 4000000},
             "routes": ["/c/:v((a+)+b|z0)", "/c/:v((a+)+b|z1)", "/c/:w"],
             "cases": [{"name": "hostile", "input": "app://h/c/aaaaaaaaaaaaaaaaaaaaaaaaaaaabc",
                        "expect": {"route": "/c/:w"}},
                       {"name": "ordinary", "input": "app://h/c/z1", "expect": {"route": "/c/:v((a+)+b|z1)"}}]}
            """#)
        for budget in [[], ["--regex-budget", "0"], ["--regex-budget", "100000"]] {
            let result = try await CLI.run(["test"] + budget + ["budget.json"], in: directory.url)
            #expect(result.status == 0, "\(budget): \(result)")
            #expect(result.output == "2 passed, 0 failed\n")
        }
        let bad = try await CLI.run(["test", "--regex-budget", "-1", "budget.json"], in: directory.url)
        #expect(bad.status == 2)
        #expect(bad.errors.contains("--regex-budget takes a whole number from 0 to 4294967295"))
    }

    @Test("regexBudget and matchLimit are router table options, checked like the others")
    func budgetOptions() async throws {
        let directory = try ScratchDirectory()
        try directory.write(
            "options.json",
            #"""
            [{"description": "ok", "options": {"regexBudget": 0, "matchLimit": 5000},
              "routes": ["/p/:id([0-9]+)"], "cases": [{"input": "app://h/p/1", "expect": {"route": "/p/:id([0-9]+)"}}]},
             {"description": "negative", "options": {"regexBudget": -1},
              "routes": ["/p"], "cases": [{"input": "app://h/p", "expect": {"matched": true}}]},
             {"description": "fraction", "options": {"matchLimit": 1.5},
              "routes": ["/p"], "cases": [{"input": "app://h/p", "expect": {"matched": true}}]}]
            """#)
        let result = try await CLI.run(["test", "options.json"], in: directory.url)
        #expect(result.status == 2)
        #expect(result.output.hasSuffix("1 passed, 0 failed\n"))
        #expect(
            result.errors.contains(
                #"option "regexBudget" must be a whole number from 0 to 4294967295"#))
        #expect(
            result.errors.contains(#"option "matchLimit" must be a whole number from 1 to 4294967295"#))
    }

    @Test("all fixture files at once")
    func allFixtures() async throws {
        let result = try await CLI.run(
            [
                "test", "Tests/Fixtures/deeplinkkit.json", "Tests/Fixtures/detour.json",
                "Tests/Fixtures/paylisher.json",
            ])
        #expect(result.status == 0)
        #expect(result.output == "276 passed, 0 failed\n")
    }

    @Test("Detour and Paylisher failures use the same format")
    func adapterFailures() async throws {
        let directory = try ScratchDirectory()
        try directory.write(
            "adapters.json",
            #"""
            [{"description": "detour", "adapter": "detour",
              "cases": [{"name": "web", "input": "https://h.example/app/p/1", "mode": "web-only",
                         "expect": {"route": "/p/2", "type": "verified"}}]},
             {"adapter": "paylisher", "options": {"shortLinkHosts": ["go.example"]},
              "cases": [{"input": "https://go.example/K1", "expect": {"isShortLink": false, "parseOK": true}},
                        {"input": "yourapp://promo", "givenCampaignData": {"scheme": "app://profile"},
                         "expect": {"resolvedDestination": "profile"}}]}]
            """#)
        let result = try await CLI.run(["test", "adapters.json"], in: directory.url)
        #expect(result.status == 1)
        #expect(
            result.output == """
                FAIL adapters.json, table 1 "detour": case "web"
                  input:    https://h.example/app/p/1
                  expected: {"route":"/p/2"}
                  actual:   {"route":"/p/1"}
                FAIL adapters.json, table 2: case 1
                  input:    https://go.example/K1
                  expected: {"isShortLink":false}
                  actual:   {"isShortLink":true}
                1 passed, 2 failed

                """)
    }

    @Test("the example shop table passes")
    func example() async throws {
        let result = try await CLI.run(["test", "Examples/shop/table.json"])
        #expect(result.status == 0, "\(result)")
        // 31 cases and registration checks, 2 cases on the AASA file, and its check.
        #expect(result.output == "34 passed, 0 failed\n")
    }

    /// A table with a failure of every kind: registration checks, a wrong value, an
    /// unnamed case, a table without description.
    static let failing = """
        [
          {
            "description": "shop",
            "routes": [
              "/products/:id", "/x/(",
              {"route": "/ok", "expectError": "invalidRegex"},
              {"route": "/y/(", "expectError": "invalidRegex"},
              {"route": "/z/**/a", "expectError": "misplacedGlob"}
            ],
            "cases": [
              {"name": "product", "input": "shop://app/products/42?ref=mail",
               "expect": {"route": "/products/:id", "routeParameters": {"id": "7"}, "queryParameters": {"ref": "mail"}}},
              {"input": "shop://app/nothing", "expect": {"matched": true}},
              {"name": "ok", "input": "shop://app/products/1", "expect": {"matched": true}}
            ]
          },
          {
            "routes": ["/a"],
            "cases": [{"input": "x://h/a", "expect": {"callbackURL": "x://back", "error": null}}]
          }
        ]
        """

    @Test("failures name the table, the case, the input and the values that differ")
    func failures() async throws {
        let directory = try ScratchDirectory()
        try directory.write("failing.json", Self.failing)
        let result = try await CLI.run(["test", "failing.json"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.errors.isEmpty)
        #expect(
            result.output == """
                FAIL failing.json, table 1 "shop": route "/x/("
                  input:    /x/(
                  expected: {"expectError":null}
                  actual:   {"expectError":"unbalancedBracket"}
                  note:     unbalanced bracket in route "/x/(" at column 4: "(" is never closed
                FAIL failing.json, table 1 "shop": route "/ok"
                  input:    /ok
                  expected: {"expectError":"invalidRegex"}
                  actual:   {"expectError":null}
                  note:     the route registered; expected the error kind invalidRegex
                FAIL failing.json, table 1 "shop": route "/y/("
                  input:    /y/(
                  expected: {"expectError":"invalidRegex"}
                  actual:   {"expectError":"unbalancedBracket"}
                  note:     unbalanced bracket in route "/y/(" at column 4: "(" is never closed
                FAIL failing.json, table 1 "shop": case "product"
                  input:    shop://app/products/42?ref=mail
                  expected: {"routeParameters":{"id":"7"}}
                  actual:   {"routeParameters":{"id":"42"}}
                FAIL failing.json, table 1 "shop": case 2
                  input:    shop://app/nothing
                  expected: {"matched":true}
                  actual:   {"matched":false}
                FAIL failing.json, table 2: case 1
                  input:    x://h/a
                  expected: {"callbackURL":"x://back"}
                  actual:   {"callbackURL":null}
                2 passed, 6 failed

                """)
    }

    @Test("a route that registered against expectation does not change the cases")
    func unexpectedRegistrationIsRemoved() async throws {
        let directory = try ScratchDirectory()
        try directory.write(
            "table.json",
            #"""
            {"routes": [{"route": "/:anything", "expectError": "invalidRegex"}, "/a"],
             "cases": [{"input": "x://h/a", "expect": {"route": "/a"}}]}
            """#)
        let result = try await CLI.run(["test", "table.json"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.lines.last == "1 passed, 1 failed")
    }

    @Test("--json gives the counts and every failure")
    func json() async throws {
        let directory = try ScratchDirectory()
        try directory.write("failing.json", Self.failing)
        let result = try await CLI.run(["test", "--json", "failing.json"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.lines.count == 1)
        let report = try JSONValue(parsing: result.output)
        #expect(report["passed"] == 2)
        #expect(report["failed"] == 6)
        let failures = try #require(report["failures"]?.arrayValue)
        #expect(failures.count == 6)
        #expect(
            failures[3]
                == .object([
                    "file": "failing.json", "table": 1, "description": "shop", "case": "product",
                    "input": "shop://app/products/42?ref=mail", "expected": ["routeParameters": ["id": "7"]],
                    "actual": ["routeParameters": ["id": "42"]],
                ]))
        #expect(
            failures[0]["note"] == "unbalanced bracket in route \"/x/(\" at column 4: \"(\" is never closed")
        #expect(failures[5]["description"] == .null)
    }

    @Test("match --json output pasted into a table passes")
    func roundTrip() async throws {
        let directory = try ScratchDirectory()
        let urls = [
            "shop://app/products/42?ref=mail&ref=news", "https://shop.example/help", "otherapp://x/y",
            "shop://app/profile?dpl_callback_url=otherapp%3A%2F%2Fback", "not a url",
        ]
        let match = try await CLI.run(["match", "--json", "--routes", "Examples/shop/routes.txt"] + urls)
        #expect(match.status == 1, "otherapp://x/y and 'not a url' match nothing")
        let cases = zip(urls, match.lines).map { url, line in
            "{\"input\": \(JSONValue.string(url).jsonString), \"expect\": \(line)}"
        }
        let file = try RoutesFile(
            path: CLI.projectDirectory.appendingPathComponent("Examples/shop/routes.txt").path)
        let routes = file.entries.map { JSONValue.string($0.route).jsonString }
        try directory.write(
            "pasted.json",
            "{\"routes\": [\(routes.joined(separator: ","))], \"cases\": [\(cases.joined(separator: ","))]}")
        let result = try await CLI.run(["test", directory.path("pasted.json")])
        #expect(result.status == 0, "\(result)")
        #expect(result.output == "5 passed, 0 failed\n")
    }
}
