import Foundation
import Testing
import Waypoint

@testable import WaypointCLI

/// `waypoint build-check`: what the build tool plugin runs, printed as compiler diagnostics.
@Suite("waypoint build-check")
struct BuildCheckTests {
    @Test("lint findings are diagnostics at their line and column: errors for invalid routes")
    func routesFile() async throws {
        let directory = try ScratchDirectory()
        try directory.write(
            "App.routes",
            """
            # routes
            /products/:id(\\d+  @productDetail
            /cart
            /cart
            /products/:slug
            /products/featured

            """)
        let result = try await CLI.run(["build-check", "App.routes"], in: directory.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.output.isEmpty)
        #expect(
            result.errors == """
                App.routes:2:14: error: unbalanced bracket in route "/products/:id(\\d+" at column 14: "(" is never closed [invalidRoute]
                App.routes:4:1: warning: "/cart" repeats line 3; registering it again only replaces the handler [duplicate]
                App.routes:6:1: warning: "/products/featured" can never win: "/products/:slug" on line 5 matches every URL it matches [shadowed]

                """)
    }

    @Test("warnings alone pass")
    func warningsPass() async throws {
        let directory = try ScratchDirectory()
        try directory.write("App.routes", "/cart\n/cart\n")
        let result = try await CLI.run(["build-check", "App.routes"], in: directory.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.errors.hasSuffix("[duplicate]\n"))
    }

    @Test("two routes with one name are an error at both lines")
    func duplicateNames() async throws {
        let directory = try ScratchDirectory()
        try directory.write(
            "App.routes",
            """
            /products/:id  @product
            /cart
            /product/:id(\\d+)  @product
            /products/:id/
            /x/init @_
            /

            """)
        let result = try await CLI.run(["build-check", "App.routes"], in: directory.url)
        #expect(result.status == 1, "\(result)")
        let fix = #"give one of the routes another name with "@name" at the end of its line"#
        #expect(
            result.errors == """
                App.routes:1:16: error: route name "product" is also the name of line 3 ("/product/:id(\\d+)"); each name must name one route: \(fix) [duplicateName]
                App.routes:3:20: error: route name "product" is also the name of line 1 ("/products/:id"); each name must name one route: \(fix) [duplicateName]
                App.routes:4:1: warning: "/products/:id/" can never win: "/products/:id" on line 1 matches every URL it matches [shadowed]
                App.routes:5:9: error: "_" cannot be a route name [invalidName]
                App.routes:6:1: warning: "/" has no words to name it after, so it gets no RouteName constant; name it with "@name" at the end of its line [unnamedRoute]

                """)
    }

    @Test("a derived name that another route's name takes is an error at both lines")
    func derivedCollision() async throws {
        let directory = try ScratchDirectory()
        try directory.write("App.routes", "/products/:id\n/products/:id(\\d+)\n/cart  @productsId\n")
        let result = try await CLI.run(["build-check", "App.routes"], in: directory.url)
        #expect(result.status == 1)
        let lines = result.errors.split(separator: "\n")
        #expect(lines.count == 4, "\(result)")
        #expect(
            lines[0].hasPrefix(
                #"App.routes:1:1: error: route name "productsId" (derived from "/products/:id") is also the name of line 2 ("/products/:id(\d+)"), line 3 ("/cart")"#
            ))
        #expect(lines[1].hasPrefix("App.routes:2:1: warning:"))
        #expect(
            lines[2].hasPrefix(
                #"App.routes:2:1: error: route name "productsId" (derived from "/products/:id(\d+)")"#))
        #expect(
            lines[3].hasPrefix("App.routes:3:8: error: route name \"productsId\" is also the name of line 1"))
    }

    @Test("names must differ across the target's routes files (--names-also)")
    func namesAcrossFiles() async throws {
        let directory = try ScratchDirectory()
        try directory.write("A.routes", "/cart\n/home  @home\n")
        try directory.write("B.routes", "/basket  @cart\n/home  @home\n")
        let result = try await CLI.run(
            ["build-check", "A.routes", "--names-also", "B.routes", "--swift-output", "A.swift"],
            in: directory.url)
        #expect(result.status == 1)
        #expect(
            result.errors == """
                A.routes:1:1: error: route name "cart" (derived from "/cart") is also a name in B.routes:1, and the constants of one target share one module: give one of the routes another name with "@name" at the end of its line [duplicateName]
                A.routes:2:8: error: route name "home" is also a name in B.routes:2, and the constants of one target share one module: give one of the routes another name with "@name" at the end of its line [duplicateName]

                """)
    }

    @Test("--swift-output writes the RouteName constants, and leaves an unchanged file alone")
    func swiftOutput() async throws {
        let directory = try ScratchDirectory()
        try directory.write(
            "App.routes",
            "# shop\n/products/:id(\\d+)  @productDetail\n/cart\n/cart\n/legacy/:p(.*)\t@default\n/\n")
        let result = try await CLI.run(
            ["build-check", "App.routes", "--swift-output", "Names.swift"], in: directory.url)
        #expect(result.status == 0, "\(result)")
        let output = directory.url.appendingPathComponent("Names.swift")
        #expect(
            try String(contentsOf: output, encoding: .utf8) == """
                // Generated by waypoint build-check from App.routes; do not edit.
                import Waypoint

                extension RouteName {
                    /// `/products/:id(\\d+)` in App.routes.
                    static let productDetail = RouteName(#"/products/:id(\\d+)"#)
                    /// `/cart` in App.routes.
                    static let cart = RouteName("/cart")
                    /// `/legacy/:p(.*)` in App.routes.
                    static let `default` = RouteName("/legacy/:p(.*)")
                }

                """)
        // A comment changes no constant: the file is not written again (same inode).
        let before = try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int
        try directory.write(
            "App.routes",
            "# the shop\n/products/:id(\\d+)  @productDetail\n/cart\n/cart\n/legacy/:p(.*)\t@default\n/\n")
        let again = try await CLI.run(
            ["build-check", "App.routes", "--swift-output", "Names.swift"], in: directory.url)
        #expect(again.status == 0)
        #expect(
            try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int == before
        )
        // A new route does.
        try directory.write("App.routes", "/about\n")
        _ = try await CLI.run(
            ["build-check", "App.routes", "--swift-output", "Names.swift"], in: directory.url)
        #expect(
            try String(contentsOf: output, encoding: .utf8).contains(
                "static let about = RouteName(\"/about\")"))
    }

    @Test("a file without names gives a file with only a comment; a table's output is a comment")
    func commentOnly() async throws {
        let directory = try ScratchDirectory()
        try directory.write("App.routes", "# nothing yet\n")
        let routes = try await CLI.run(
            ["build-check", "App.routes", "--swift-output", "R.swift"], in: directory.url)
        #expect(routes.status == 0)
        #expect(
            try String(contentsOf: directory.url.appendingPathComponent("R.swift"), encoding: .utf8)
                == "// Generated by waypoint build-check from App.routes; do not edit.\n// The routes file gives no route names.\n"
        )
        try directory.write("App.waypoint.json", Self.table)
        let table = try await CLI.run(
            ["build-check", "App.waypoint.json", "--swift-output", "T.swift"], in: directory.url)
        #expect(table.status == 0, "\(table)")
        #expect(
            try String(contentsOf: directory.url.appendingPathComponent("T.swift"), encoding: .utf8)
                == "// Checked by waypoint build-check: App.waypoint.json. Nothing to compile.\n")
    }

    @Test("--swift-output takes exactly one file")
    func usage() async throws {
        let directory = try ScratchDirectory()
        try directory.write("A.routes", "/a\n")
        try directory.write("B.routes", "/b\n")
        let result = try await CLI.run(
            ["build-check", "A.routes", "B.routes", "--swift-output", "X.swift"], in: directory.url)
        #expect(result.status == 2)
        #expect(
            result.errors
                == "waypoint build-check: --swift-output takes exactly one FILE; see \"waypoint build-check --help\"\n"
        )
    }

    @Test("an output that cannot be written is a usage error naming it")
    func unwritable() async throws {
        let directory = try ScratchDirectory()
        try directory.write("App.routes", "/a\n")
        let result = try await CLI.run(
            ["build-check", "App.routes", "--swift-output", "missing/A.swift"], in: directory.url)
        #expect(result.status == 2)
        #expect(
            result.errors
                == "waypoint build-check: cannot write \"missing/A.swift\": No such file or directory\n")
    }

    /// A router table whose cases pass.
    static let table = """
        {
          "routes": [
            "/products/:id(\\\\d+)",
            "/cart"
          ],
          "cases": [
            { "input": "app://x/products/42", "expect": { "route": "/products/:id(\\\\d+)" } },
            { "input": "app://x/cart", "expect": { "route": "/cart" } }
          ]
        }
        """

    @Test("a table's failing case is an error at the case's line; a route that does not register at its line")
    func tableCases() async throws {
        let directory = try ScratchDirectory()
        try directory.write(
            "App.waypoint.json",
            """
            [
              { "description": "fine", "routes": ["/a"], "cases": [{ "input": "x://h/a", "expect": { "matched": true } }] },
              {
                "routes": [
                  "/products/:id(\\\\d+)",
                  "/x/(",
                  "/cart",
                  "/cart"
                ],
                "cases": [
                  { "input": "app://x/cart", "expect": { "route": "/cart" } },
                  {
                    "name": "orders",
                    "input": "app://x/orders",
                    "expect": { "matched": true }
                  }
                ]
              }
            ]
            """)
        let result = try await CLI.run(["build-check", "App.waypoint.json"], in: directory.url)
        #expect(result.status == 1)
        #expect(
            result.errors == """
                App.waypoint.json:6: error: route "/x/(" does not register: unbalanced bracket in route "/x/(" at column 4: "(" is never closed [failedCase]
                App.waypoint.json:8: warning: "/cart" repeats line 7; registering it again only replaces the handler [duplicate]
                App.waypoint.json:12: error: case "orders" fails for app://x/orders: expected {"matched":true}, got {"matched":false} [failedCase]

                """)
    }

    @Test("text that is not JSON and a malformed table are errors at their lines")
    func malformed() async throws {
        let directory = try ScratchDirectory()
        try directory.write("bad.waypoint.json", "{\n  \"routes\": [\"/a\",]\n}\n")
        let bad = try await CLI.run(["build-check", "bad.waypoint.json"], in: directory.url)
        #expect(bad.status == 1)
        #expect(
            bad.errors.hasPrefix("bad.waypoint.json:2:19: error: invalid JSON at line 2, column 19: "),
            "\(bad)")
        #expect(bad.errors.hasSuffix(" [malformedTable]\n"))
        try directory.write("odd.waypoint.json", "[{\"cases\": []},\n {\"rotes\": []}]\n")
        let odd = try await CLI.run(["build-check", "odd.waypoint.json"], in: directory.url)
        #expect(
            odd.errors == """
                odd.waypoint.json:1: error: table 1: "routes" must be an array [malformedTable]
                odd.waypoint.json:2: error: table 2: unknown key "rotes" (did you mean "routes"?) [malformedTable]

                """)
    }

    @Test("the aasa member's findings: errors for routes left in the browser, warnings for over-broad rules")
    func association() async throws {
        let directory = try ScratchDirectory()
        try directory.write(
            "apple-app-site-association",
            """
            {
              "applinks": {
                "details": [
                  {
                    "appIDs": ["ABCDE12345.com.example.app"],
                    "components": [
                      { "/": "/products/*" },
                      { "/": "/help/*" }
                    ]
                  }
                ]
              }
            }
            """)
        try directory.write(
            "App.waypoint.json",
            """
            {
              "routes": [
                "/products/:id",
                "/cart"
              ],
              "aasa": {
                "file": "apple-app-site-association",
                "appID": "ABCDE12345.com.example.app",
                "host": "example.com",
                "findings": [
                  { "kind": "deadRule" }
                ]
              },
              "cases": [{ "input": "https://example.com/cart", "expect": { "route": "/cart" } }]
            }
            """)
        let result = try await CLI.run(["build-check", "App.waypoint.json"], in: directory.url)
        #expect(result.status == 1, "\(result)")
        let lines = result.errors.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result)")
        #expect(
            lines.contains {
                $0.hasPrefix("App.waypoint.json:4: error: no rule opens the app for \"/cart\"")
                    && $0.hasSuffix("[routeNeverOpened]")
            })
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "apple-app-site-association:8: warning: applinks.details[0].components[1]: opens the app for https://example.com/help/"
                ) && $0.hasSuffix("[unroutedURL]")
            })
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "apple-app-site-association:7: warning: applinks.details[0].components[0]: opens the app for"
                ) && $0.hasSuffix("[unroutedURL]")
            })
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "App.waypoint.json:11: warning: the aasa check no longer reports the expected finding {\"kind\":\"deadRule\"}"
                )
            })
    }

    @Test("an inline applinks rule's finding is at its line in the table")
    func inlineAssociation() async throws {
        let directory = try ScratchDirectory()
        try directory.write(
            "App.waypoint.json",
            """
            {
              "routes": ["/products/:id"],
              "aasa": {
                "applinks": {
                  "details": [
                    {
                      "appIDs": ["ABCDE12345.com.example.app"],
                      "components": [
                        { "/": "/products/?*" },
                        { "/": "/products/1" }
                      ]
                    }
                  ]
                },
                "appID": "ABCDE12345.com.example.app",
                "host": "example.com",
                "findings": [{ "kind": "unroutedURL", "rule": "applinks.details[0].components[0]" }]
              },
              "cases": [{ "input": "https://example.com/products/1", "expect": { "universalLink": "opens" } }]
            }
            """)
        let result = try await CLI.run(["build-check", "App.waypoint.json"], in: directory.url)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.errors.hasPrefix(
                "App.waypoint.json:10: warning: applinks.details[0].components[1]: never decides"),
            "\(result)")
        #expect(result.errors.hasSuffix("[deadRule]\n"))
    }

    /// A NUL byte used to pass into a route, and from there into generated names and
    /// association files; the file is refused at the NUL's line and column, in the build's
    /// own diagnostics, also as a `--names-also` file.
    @Test("a routes file with a NUL byte is an unreadableFile error at its line and column")
    func nulByte() async throws {
        let directory = try ScratchDirectory()
        try directory.write("App.routes", "/cart\n/é/a\u{0}b\n")
        try directory.write("Other.routes", "/ok\n")
        for arguments in [["App.routes"], ["--names-also", "App.routes", "Other.routes"]] {
            let result = try await CLI.run(["build-check"] + arguments, in: directory.url)
            #expect(result.status == 1, "\(result)")
            #expect(
                result.errors.contains(
                    "App.routes:2:5: error: a NUL byte, which no route can hold (a file saved as UTF-16 has one beside every ASCII character) [unreadableFile]\n"
                ), "\(result)")
        }
    }

    @Test("--json: the diagnostics, the counts and the names")
    func json() async throws {
        let directory = try ScratchDirectory()
        try directory.write("App.routes", "/cart\n/cart\n/x/(\n")
        let result = try await CLI.run(["build-check", "--json", "App.routes"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.errors.isEmpty)
        let report = try JSONValue(parsing: result.output)
        #expect(report["errors"] == 1)
        #expect(report["warnings"] == 1)
        #expect(
            report["names"]
                == .array([.object(["name": "cart", "route": "/cart", "line": 1, "file": "App.routes"])]))
        #expect(
            report["diagnostics"]?.arrayValue?.first
                == .object([
                    "file": "App.routes", "line": 2, "column": 1, "severity": "warning", "kind": "duplicate",
                    "message": "\"/cart\" repeats line 1; registering it again only replaces the handler",
                ]))
    }

    @Test("a diagnostic without a line or column leaves them out")
    func format() {
        #expect(
            BuildDiagnostic(.error, "unreadableFile", file: "x.routes", message: "cannot read").text
                == "x.routes: error: cannot read [unreadableFile]")
        #expect(
            BuildDiagnostic(.warning, "k", file: "t.json", line: 3, message: "m\nn").text
                == "t.json:3: warning: m\\nn [k]")
        #expect(
            BuildDiagnostic(.error, "k", file: "a.routes", line: 2, column: 5, message: "m").text
                == "a.routes:2:5: error: m [k]")
    }

    @Test("10,000 routes (ten times the 1,000 the plugin is measured with) are named, each once")
    func manyRoutes() {
        var routes = (0..<10_000).map { "/r\($0)/:id" }
        let names = RouteNameTable(file: RoutesFile(path: "big.routes", text: routes.joined(separator: "\n")))
        #expect(names.diagnostics.isEmpty)
        #expect(names.constants.count == 10_000)
        #expect(Set(names.constants.map(\.name)).count == 10_000)
        #expect(names.constants.last?.name == "r9999Id")
        routes.append("/r7/:id(\\d+)")
        let conflict = RouteNameTable(
            file: RoutesFile(path: "big.routes", text: routes.joined(separator: "\n")))
        #expect(conflict.diagnostics.map(\.line) == [8, 10_001])
        #expect(conflict.constants.count == 9_999)
    }
}
