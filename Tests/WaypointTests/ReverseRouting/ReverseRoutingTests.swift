import Foundation
import Testing

@testable import Waypoint
@testable import WaypointReverseRouting

@Suite("Reverse routing")
struct ReverseRoutingTests {
    struct BuildCase: CustomTestStringConvertible, Sendable {
        let route: String
        let parameters: RouteParameters
        let scheme: String?
        let host: String?
        let url: String
        var testDescription: String { "\(route) \(parameters) → \(url)" }

        init(
            _ route: String, _ parameters: RouteParameters, scheme: String? = "myapp", host: String? = nil,
            _ url: String
        ) {
            self.route = route
            self.parameters = parameters
            self.scheme = scheme
            self.host = host
            self.url = url
        }
    }

    @Test(
        "every segment form is written so that the URL matches its route back",
        arguments: [
            BuildCase("/products/:id", ["id": "42"], "myapp:///products/42"),
            BuildCase("/products/:id", ["id": "a/b c?#%é"], "myapp:///products/a%2Fb%20c%3F%23%25%C3%A9"),
            BuildCase("/products/:id", ["id": "1"], host: "shop.example", "myapp://shop.example/products/1"),
            BuildCase("/p/:id", ["id": "x"], scheme: "HTTPS", host: "ex ample", "HTTPS://ex%20ample/p/x"),
            BuildCase("/about", [:], "myapp:///about"),
            BuildCase("/", [:], "myapp:///"),
            BuildCase("/c/:id([0-9]+)", ["id": "42"], "myapp:///c/42"),
            BuildCase("/files/:path(.*)", ["path": "a/b c/d.txt"], "myapp:///files/a/b%20c/d.txt"),
            BuildCase("/files/:path(.*)", ["path": "a/b/"], "myapp:///files/a/b%2F"),
            BuildCase("/files/:path(.*)", ["path": ""], "myapp:///files/"),
            BuildCase("/account/:code?", [:], "myapp:///account"),
            BuildCase("/account/:code?", ["code": "7"], "myapp:///account/7"),
            BuildCase("/share/*/:id", ["*": "any", "id": "1"], "myapp:///share/any/1"),
            BuildCase("/docs/**", ["**": "a/b/c"], "myapp:///docs/a/b/c"),
            BuildCase("/docs/**", ["**": ""], "myapp:///docs"),
            BuildCase("/docs/**", ["**": "a//b/"], "myapp:///docs/a//b%2F"),
            BuildCase("/file/:name.json", ["name": "report.v2"], "myapp:///file/report.v2.json"),
            BuildCase("/range/:a-:b", ["a-": "1", "b": "22"], "myapp:///range/122"),
            BuildCase("/v/:a([0-9]+)-:b", ["a": "12", "b": "x-y"], "myapp:///v/12-x-y"),
            BuildCase("/café/:id", ["id": "thé"], "myapp:///caf%C3%A9/th%C3%A9"),
            BuildCase("/dots/:id/:rest(.*)", ["id": "..", "rest": "./x"], "myapp:///dots/%2E%2E/%2E/x"),
            BuildCase("timeline", [:], scheme: "twitter", "twitter://timeline"),
            BuildCase(":user/profile", ["user": "Ann Lee"], "myapp://Ann%20Lee/profile"),
            BuildCase(":user/profile", ["user": "a/b:c"], "myapp://a%2Fb%3Ac/profile"),
            BuildCase("*/open/:id", ["*": "anywhere", "id": "1"], "myapp://anywhere/open/1"),
            BuildCase(":sub.example.com/x", ["sub": "eu"], "myapp://eu.example.com/x"),
            BuildCase("dpl.com/say/:word", ["word": "hi"], scheme: "x", "x://dpl.com/say/hi"),
            BuildCase("myapp://settings/:tab", ["tab": "general"], scheme: nil, "myapp://settings/general"),
            BuildCase(
                "myapp://settings/:tab", ["tab": "general"], scheme: "MyApp", "MyApp://settings/general"),
            BuildCase("myapp:///p/:id", ["id": "1"], scheme: nil, host: "h", "myapp://h/p/1"),
        ])
    func builds(_ buildCase: BuildCase) throws {
        let router = Router()
        try router.register(RouteName(buildCase.route)) { _ in }
        let url = try router.url(
            for: RouteName(buildCase.route), parameters: buildCase.parameters, scheme: buildCase.scheme,
            host: buildCase.host)
        #expect(url.absoluteString == buildCase.url)
        let match = try #require(router.match(url))
        #expect(match.route == buildCase.route)
        let captured = buildCase.parameters.filter { $0.name != "*" }.map { ($0.name, $0.value) }
        #expect(match.routeParameters == RouteParameters(Dictionary(uniqueKeysWithValues: captured)))
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let routes: [String]
        let route: String
        let parameters: RouteParameters
        let scheme: String?
        let host: String?
        let error: ReverseRoutingError
        let message: String
        var testDescription: String { message }

        init(
            _ routes: [String], _ route: String, _ parameters: RouteParameters, scheme: String? = "myapp",
            host: String? = nil, _ error: ReverseRoutingError, _ message: String
        ) {
            self.routes = routes
            self.route = route
            self.parameters = parameters
            self.scheme = scheme
            self.host = host
            self.error = error
            self.message = message
        }
    }

    @Test(
        "a value that cannot round-trip is a typed error naming the route and the problem",
        arguments: [
            ErrorCase(
                ["/a"], "/b", [:], .unknownRoute(route: "/b"), #"route "/b" is not registered"#),
            ErrorCase(
                ["/a/(foo|bar)/:id"], "/a/(foo|bar)/:id", ["id": "1"],
                .noInverse(route: "/a/(foo|bar)/:id", segment: "(foo|bar)"),
                #"route "/a/(foo|bar)/:id" has no inverse: segment "(foo|bar)" is raw regex"#),
            ErrorCase(
                [".*"], ".*", [:], .noInverse(route: ".*", segment: ".*"),
                #"route ".*" has no inverse: segment ".*" is raw regex"#),
            ErrorCase(
                ["/p/:id"], "/p/:id", ["id": "1"], scheme: nil, .missingScheme(route: "/p/:id"),
                #"route "/p/:id" names no scheme: give one"#),
            ErrorCase(
                ["/p/:id"], "/p/:id", ["id": "1"], scheme: "1x",
                .invalidScheme(route: "/p/:id", scheme: "1x"),
                #"scheme "1x" cannot be used for route "/p/:id""#),
            ErrorCase(
                ["myapp://p"], "myapp://p", [:], scheme: "other",
                .invalidScheme(route: "myapp://p", scheme: "other"),
                #"scheme "other" cannot be used for route "myapp://p""#),
            ErrorCase(
                ["timeline"], "timeline", [:], host: "h", .unexpectedHost(route: "timeline", host: "h"),
                #"route "timeline" is a host route: its host comes from the route, not "h""#),
            ErrorCase(
                ["/p/:id"], "/p/:id", [:], .missingParameter(route: "/p/:id", name: "id"),
                #"route "/p/:id" needs the parameter "id""#),
            ErrorCase(
                ["/s/*"], "/s/*", [:], .missingParameter(route: "/s/*", name: "*"),
                #"route "/s/*" needs the parameter "*""#),
            ErrorCase(
                ["/d/**"], "/d/**", [:], .missingParameter(route: "/d/**", name: "**"),
                #"route "/d/**" needs the parameter "**""#),
            ErrorCase(
                ["/p/:id"], "/p/:id", ["id": "1", "tab": "x"],
                .unexpectedParameter(route: "/p/:id", name: "tab"),
                #"route "/p/:id" has no parameter "tab""#),
            ErrorCase(
                ["/p/:id"], "/p/:id", ["id": "1", "*": "x"], .unexpectedParameter(route: "/p/:id", name: "*"),
                #"route "/p/:id" has no parameter "*""#),
            ErrorCase(
                ["/p/:id"], "/p/:id", ["id": "1", "id": "2"],
                .duplicateParameter(route: "/p/:id", name: "id"),
                #"parameter "id" is given twice for route "/p/:id""#),
            ErrorCase(
                ["/p/:id"], "/p/:id", ["id": ""], .emptyValue(route: "/p/:id", name: "id"),
                #"parameter "id" of route "/p/:id" is empty where a segment is required"#),
            ErrorCase(
                ["/s/*"], "/s/*", ["*": ""], .emptyValue(route: "/s/*", name: "*"),
                #"parameter "*" of route "/s/*" is empty where a segment is required"#),
            ErrorCase(
                ["/a/:code?"], "/a/:code?", ["code": ""], .emptyValue(route: "/a/:code?", name: "code"),
                #"parameter "code" of route "/a/:code?" is empty where a segment is required"#),
            ErrorCase(
                ["/f/:name.json"], "/f/:name.json", ["name": ""],
                .emptyValue(route: "/f/:name.json", name: "name"),
                #"parameter "name" of route "/f/:name.json" is empty where a segment is required"#),
            ErrorCase(
                ["/c/:id([0-9]+)"], "/c/:id([0-9]+)", ["id": "4x"],
                .valueRejected(route: "/c/:id([0-9]+)", name: "id", value: "4x"),
                #"parameter "id" of route "/c/:id([0-9]+)" does not match its pattern: "4x""#),
            ErrorCase(
                ["/c/:id([0-9]+)/:name"], "/c/:id([0-9]+)/:name", ["id": "4", "name": "a/b"],
                .valueRejected(route: "/c/:id([0-9]+)/:name", name: "name", value: "a/b"),
                #"parameter "name" of route "/c/:id([0-9]+)/:name" does not match its pattern: "a/b""#),
            ErrorCase(
                ["/f/:name.json"], "/f/:name.json", ["name": "a/b"],
                .valueRejected(route: "/f/:name.json", name: "name", value: "a/b"),
                #"parameter "name" of route "/f/:name.json" does not match its pattern: "a/b""#),
            ErrorCase(
                ["/a/:x", "/a/b"], "/a/b", [:],
                .shadowed(route: "/a/b", url: "myapp:///a/b", winner: "/a/:x"),
                #""myapp:///a/b" would match the earlier route "/a/:x", not "/a/b""#),
            ErrorCase(
                ["/a/:x(.*)", "/a/:y"], "/a/:y", ["y": "z"],
                .shadowed(route: "/a/:y", url: "myapp:///a/z", winner: "/a/:x(.*)"),
                #""myapp:///a/z" would match the earlier route "/a/:x(.*)", not "/a/:y""#),
            ErrorCase(
                ["/f/:a.:b"], "/f/:a.:b", ["a": "x.y", "b": "z"],
                .ambiguous(route: "/f/:a.:b", url: "myapp:///f/x.y.z", parameters: ["a": "x", "b": "y.z"]),
                #""myapp:///f/x.y.z" matches route "/f/:a.:b" back with other parameters: ["a": "x", "b": "y.z"]"#
            ),
            ErrorCase(
                ["/r/:a([a-z])/:b((?<!x/)y)"], "/r/:a([a-z])/:b((?<!x/)y)", ["a": "x", "b": "y"],
                .unmatched(route: "/r/:a([a-z])/:b((?<!x/)y)", url: "myapp:///r/x/y"),
                #""myapp:///r/x/y" does not match route "/r/:a([a-z])/:b((?<!x/)y)" back"#),
        ])
    func errors(_ errorCase: ErrorCase) throws {
        let router = Router()
        for route in errorCase.routes {
            try router.register(RouteName(route)) { _ in }
        }
        #expect(throws: errorCase.error) {
            try router.url(
                for: RouteName(errorCase.route), parameters: errorCase.parameters, scheme: errorCase.scheme,
                host: errorCase.host)
        }
        #expect(errorCase.error.description == errorCase.message)
        #expect(errorCase.error.route == errorCase.route)
    }

    @Test("a URL beyond the router's length limit is an error, not a URL that matches nothing")
    func tooLong() throws {
        let router = Router(options: RouterOptions(maxURLLength: 40))
        try router.register("/p/:id") { _ in }
        let id = String(repeating: "x", count: 40)
        #expect(throws: ReverseRoutingError.urlTooLong(route: "/p/:id", length: 51, limit: 40)) {
            try router.url(for: "/p/:id", parameters: ["id": id], scheme: "myapp")
        }
    }

    @Test("router options: strict trailing slashes and case-insensitive paths")
    func options() throws {
        let strict = Router(options: RouterOptions(strictTrailingSlash: true))
        try strict.register("/a/") { _ in }
        try strict.register("/d/**") { _ in }
        #expect(try strict.url(for: "/a/", scheme: "s").absoluteString == "s:///a/")
        #expect(
            try strict.url(for: "/d/**", parameters: ["**": "x/"], scheme: "s").absoluteString
                == "s:///d/x%2F")
        let folding = Router(options: RouterOptions(caseInsensitivePaths: true))
        try folding.register("/Café/:id") { _ in }
        // Documentation/spec/routing.md §4: the literal stays a literal under the option, so `/` stays in
        // `:id`.
        let url = try folding.url(for: "/Café/:id", parameters: ["id": "a/b"], scheme: "s")
        #expect(url.absoluteString == "s:///Caf%C3%A9/a%2Fb")
        #expect(folding.match(url)?.routeParameters == ["id": "a/b"])
    }

    @Test("README: links back to routes")
    func readme() throws {
        var printed = ""
        // README snippet begins
        let links = Router()
        try links.register("/products/:id([0-9]+)") { _ in }
        try links.register("/files/:path(.*)") { _ in }
        let product = try links.url(for: "/products/:id([0-9]+)", parameters: ["id": "42"], scheme: "shop")
        // shop:///products/42
        let file = try links.url(for: "/files/:path(.*)", parameters: ["path": "a b/c.txt"], scheme: "shop")
        // shop:///files/a%20b/c.txt
        do {
            _ = try links.url(for: "/products/:id([0-9]+)", parameters: ["id": "4x"], scheme: "shop")
        } catch {
            print(error)  // parameter "id" of route "/products/:id([0-9]+)" does not match its pattern: "4x"
        }
        // README snippet ends
        do {
            _ = try links.url(for: "/products/:id([0-9]+)", parameters: ["id": "4x"], scheme: "shop")
        } catch {
            printed = "\(error)"
        }
        #expect(product.absoluteString == "shop:///products/42")
        #expect(file.absoluteString == "shop:///files/a%20b/c.txt")
        #expect(
            printed == #"parameter "id" of route "/products/:id([0-9]+)" does not match its pattern: "4x""#)
    }

    @Test("Reading and building links: URLs for routes")
    func article() throws {
        // README snippet begins
        let router = Router()
        try router.register("/items/:name") { _ in }
        try router.register("/items/new") { _ in }
        try router.register("/f/:base.:ext") { _ in }

        let item = try router.url(for: "/items/:name", parameters: ["name": "a/b"], scheme: "myapp")
        // myapp:///items/a%2Fb

        // "myapp:///items/new" would match the earlier route "/items/:name", not "/items/new"
        let shadowed = try? router.url(for: "/items/new", scheme: "myapp")

        // "myapp:///f/x.y.z" matches route "/f/:base.:ext" back with other parameters: ["base": "x", "ext": "y.z"]
        let values: RouteParameters = ["base": "x.y", "ext": "z"]
        let ambiguous = try? router.url(for: "/f/:base.:ext", parameters: values, scheme: "myapp")
        // README snippet ends
        #expect(item.absoluteString == "myapp:///items/a%2Fb")
        #expect(router.match(item)?.routeParameters == ["name": "a/b"])
        #expect(shadowed == nil && ambiguous == nil)
        #expect(
            throws: ReverseRoutingError.shadowed(
                route: "/items/new", url: "myapp:///items/new", winner: "/items/:name")
        ) {
            try router.url(for: "/items/new", scheme: "myapp")
        }
        #expect(
            throws: ReverseRoutingError.ambiguous(
                route: "/f/:base.:ext", url: "myapp:///f/x.y.z", parameters: ["base": "x", "ext": "y.z"])
        ) {
            try router.url(for: "/f/:base.:ext", parameters: ["base": "x.y", "ext": "z"], scheme: "myapp")
        }
    }
}
