import Testing
import Waypoint

/// `waypoint aasa generate` (Documentation/aasa.md §8) as a user runs it.
@Suite("waypoint aasa generate")
struct AASAGenerateTests {
    static let routes = """
        # a shop
        /products/:id
        /products/:id/reviews
        /cart
        /docs/**
        /account/:tab?
        other.example/x
        myapp://home

        """

    @Test("prints the file, exact where exclusions can say it; check of the file finds nothing")
    func roundTrip() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", Self.routes)
        let arguments = ["--app-id", "ABCDE12345.com.example.app", "--host", "example.com", "routes.txt"]
        let generated = try await CLI.run(["aasa", "generate"] + arguments, in: directory.url)
        // Exact: the exclusions leave out what "?*" matches beyond one segment, and every
        // component sits before the exclusions of components with fewer "/".
        #expect(generated.status == 0)
        #expect(
            generated.output == #"""
                {
                  "applinks": {
                    "details": [
                      {
                        "appIDs": ["ABCDE12345.com.example.app"],
                        "components": [
                          {
                            "/": "/docs/*",
                            "comment": "route /docs/**"
                          },
                          {
                            "/": "/products/*/*/*/*",
                            "exclude": true,
                            "comment": "route /products/:id/reviews; leaves out what \"?*\" matches beyond one segment"
                          },
                          {
                            "/": "/products/?*/reviews/",
                            "comment": "route /products/:id/reviews"
                          },
                          {
                            "/": "/products/*/*/*",
                            "exclude": true,
                            "comment": "route /products/:id; leaves out what \"?*\" matches beyond one segment"
                          },
                          {
                            "/": "/products/?*/",
                            "comment": "route /products/:id"
                          },
                          {
                            "/": "/products/?*/reviews",
                            "comment": "route /products/:id/reviews"
                          },
                          {
                            "/": "/account/*/*/*",
                            "exclude": true,
                            "comment": "route /account/:tab?; leaves out what \"?*\" matches beyond one segment"
                          },
                          {
                            "/": "/account/?*/",
                            "comment": "route /account/:tab?"
                          },
                          {
                            "/": "/products/*/*",
                            "exclude": true,
                            "comment": "route /products/:id; leaves out what \"?*\" matches beyond one segment"
                          },
                          {
                            "/": "/products/?*",
                            "comment": "route /products/:id"
                          },
                          {
                            "/": "/cart/",
                            "comment": "route /cart"
                          },
                          {
                            "/": "/account/",
                            "comment": "route /account/:tab?"
                          },
                          {
                            "/": "/account/*/*",
                            "exclude": true,
                            "comment": "route /account/:tab?; leaves out what \"?*\" matches beyond one segment"
                          },
                          {
                            "/": "/account/?*",
                            "comment": "route /account/:tab?"
                          },
                          {
                            "/": "/cart",
                            "comment": "route /cart"
                          },
                          {
                            "/": "/docs",
                            "comment": "route /docs/**"
                          },
                          {
                            "/": "/account",
                            "comment": "route /account/:tab?"
                          }
                        ]
                      }
                    ]
                  }
                }

                """#)
        #expect(
            generated.errors == """
                generate: 17 components (5 exclusions) for 5 of 7 routes, 2297 bytes; every URL the routes match on example.com opens the app

                """)
        try directory.write("apple-app-site-association", generated.output)
        let checked = try await CLI.run(
            ["aasa", "check", "--aasa", "apple-app-site-association"] + arguments, in: directory.url)
        #expect(checked.status == 0)
        #expect(
            checked.output
                == "0 findings; 5 of 7 routes receive links of example.com (2 left out: 1 because its host does not match, 1 because its scheme is not http or https); 17 rules for ABCDE12345.com.example.app\n"
        )
    }

    @Test("a table the patterns write exactly: exit 0, no findings; --json has the file and the report")
    func exact() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", "/\n/docs/**\n/files/:path(.*)\n")
        let result = try await CLI.run(
            [
                "aasa", "generate", "--json", "--app-id", "ABCDE12345.com.example.app", "--host",
                "example.com", "routes.txt",
            ],
            in: directory.url)
        #expect(result.status == 0, "\(result)")
        let json = try JSONValue(parsing: result.output)
        let components = try #require(json["file"]?["applinks"]?["details"]?[0]?["components"]?.arrayValue)
        #expect(
            components.compactMap { $0["/"]?.stringValue } == ["/docs/*", "/files/*", "/", "/docs", "/files"])
        #expect(json["report"]?["findings"] == [])
        #expect(json["bytes"] == 670)
    }

    @Test("case-insensitive paths: defaults ignore case, non-ASCII literals are written decoded")
    func caseInsensitive() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", "/Café/menu\n/a b\n")
        let result = try await CLI.run(
            [
                "aasa", "generate", "--json", "--case-insensitive-paths", "--app-id",
                "ABCDE12345.com.example.app",
                "--host", "example.com", "routes.txt",
            ], in: directory.url)
        #expect(result.status == 0, "\(result)")
        let details = try #require(try JSONValue(parsing: result.output)["file"]?["applinks"]?["details"]?[0])
        #expect(details["defaults"] == ["caseSensitive": false])
        let components = try #require(details["components"]?.arrayValue)
        #expect(components.first?["/"] == "/Café/menu/")
        #expect(components.first?["percentEncoded"] == false)
        let paths = components.compactMap { $0["/"]?.stringValue }
        #expect(paths.contains("/a%20b"))
    }
}
