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

    @Test("prints the file; its findings go to standard error; check of the file finds the same")
    func roundTrip() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", Self.routes)
        let arguments = ["--app-id", "ABCDE12345.com.example.app", "--host", "example.com", "routes.txt"]
        let generated = try await CLI.run(["aasa", "generate"] + arguments, in: directory.url)
        #expect(generated.status == 1)
        #expect(
            generated.output == #"""
                {
                  "applinks": {
                    "details": [
                      {
                        "appIDs": ["ABCDE12345.com.example.app"],
                        "components": [
                          {
                            "/": "/products/?*",
                            "comment": "route /products/:id; \":id\" becomes \"?*\", which also matches \"/\"; also opens URLs no route matches, such as https://example.com/products/x/x"
                          },
                          {
                            "/": "/cart",
                            "comment": "route /cart"
                          },
                          {
                            "/": "/cart/",
                            "comment": "route /cart"
                          },
                          {
                            "/": "/docs",
                            "comment": "route /docs/**"
                          },
                          {
                            "/": "/docs/*",
                            "comment": "route /docs/**"
                          },
                          {
                            "/": "/account",
                            "comment": "route /account/:tab?; \":tab?\" becomes \"?*\", which also matches \"/\""
                          },
                          {
                            "/": "/account/",
                            "comment": "route /account/:tab?; \":tab?\" becomes \"?*\", which also matches \"/\""
                          },
                          {
                            "/": "/account/?*",
                            "comment": "route /account/:tab?; \":tab?\" becomes \"?*\", which also matches \"/\"; also opens URLs no route matches, such as https://example.com/account/x/x"
                          }
                        ]
                      }
                    ]
                  }
                }

                """#)
        #expect(
            generated.errors == """
                applinks.details[0].components[0]: unroutedURL: opens the app for https://example.com/products/x/x, which no route matches: the app opens and shows nothing (by construction)
                applinks.details[0].components[7]: unroutedURL: opens the app for https://example.com/account/x/x, which no route matches: the app opens and shows nothing (by construction)

                """)
        try directory.write("apple-app-site-association", generated.output)
        let checked = try await CLI.run(
            ["aasa", "check", "--aasa", "apple-app-site-association"] + arguments, in: directory.url)
        #expect(checked.status == 1)
        #expect(
            checked.output.split(separator: "\n").dropLast().joined(separator: "\n") + "\n"
                == generated.errors)
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
            components.compactMap { $0["/"]?.stringValue } == ["/", "/docs", "/docs/*", "/files", "/files/*"])
        #expect(json["report"]?["findings"] == [])
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
        #expect(components.first?["/"] == "/Café/menu")
        #expect(components.first?["percentEncoded"] == false)
        let paths = components.compactMap { $0["/"]?.stringValue }
        #expect(paths.contains("/a%20b"))
    }
}
