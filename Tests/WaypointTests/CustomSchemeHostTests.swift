import Foundation
import Testing
import Waypoint
import WaypointExplain
import WaypointReference
import WaypointReverseRouting

/// `RouterOptions.customSchemeHost` (Documentation/spec/routing.md §4): a custom-scheme
/// link's authority read as its host (the default) or as its path's first segment.
@Suite("Custom-scheme links as apps write them")
struct CustomSchemeHostTests {
    static let asPath = RouterOptions(customSchemeHost: .firstPathSegment)

    @Test("by default the authority is the host, as in DeepLinkKit")
    func hostByDefault() throws {
        let router = Router()
        try router.register("/products/:id") { _ in }
        try router.register("products/:id") { _ in }
        #expect(router.match("myapp://products/5")?.route == "products/:id")
        #expect(router.match("myapp:///products/5")?.route == "/products/:id")
    }

    @Test(
        "with .firstPathSegment, myapp://products/5 is the path /products/5",
        arguments: [
            ("myapp://products/5", "/products/:id", "5"),
            ("myapp:///products/5", "/products/:id", "5"),
            ("MyApp://products/5?ref=mail#top", "/products/:id", "5"),
            ("myapp://products", "/products", nil),
            ("myapp://products/", "/products", nil),
            ("myapp://user@products:80/5", nil, nil),
        ] as [(String, String?, String?)])
    func firstPathSegment(url: String, route: String?, id: String?) throws {
        let router = Router(options: Self.asPath)
        try router.register("/products/:id") { _ in }
        try router.register("/products") { _ in }
        try router.register("products/:id") { _ in }
        let match = router.match(url)
        #expect(match?.route == route)
        #expect(match?.routeParameters["id"] == id)
    }

    @Test("web links keep their host, and host routes see an empty host on custom schemes")
    func webAndHostRoutes() throws {
        let router = Router(options: Self.asPath)
        try router.register("shop.example/products/:id") { _ in }
        try router.register("/products/:id") { _ in }
        try router.register(":host/x") { _ in }
        #expect(router.match("https://shop.example/products/5")?.route == "shop.example/products/:id")
        #expect(router.match("HTTP://products/5")?.route == nil, "http keeps its host: the path is /5")
        #expect(router.match("myapp://shop.example/products/5")?.route == nil)
        #expect(router.match("myapp://anything/x")?.route == nil, ":host needs a host, and it is empty")
    }

    @Test("a query or fragment ends the path on both readings of the authority, on every lookup")
    func queriesAndFragments() throws {
        let routes = ["/products/:id", "products/:id", "/products", ":host/x", "/x/**", "h/:y(.*)"]
        let urls = [
            "myapp://products/5?next=/products/6", "myapp://products?x#y", "myapp://?products/5",
            "myapp://#/products/5", "https://h/x?y#z", "myapp://h/a/b#c/d", "myapp:///x/y/?z",
            "https://h/x/", "HTTPS://h/x#/y", "http://h/x?/a/12", "myapp:/x?y", "myapp:?/x",
        ]
        for options in [RouterOptions(), Self.asPath] {
            let router = Router(options: options)
            for route in routes { try router.register(RouteName(route)) { _ in } }
            let reference = try ReferenceMatcher(routes: routes, options: options)
            for url in urls {
                let expected = reference.match(url)
                #expect(router.match(url)?.route == expected?.route, "\(url)")
                #expect(router.match(url)?.routeParameters == expected?.routeParameters, "\(url)")
                #expect(router.explain(url).first(where: \.matched)?.route == expected?.route, "\(url)")
            }
        }
    }

    @Test("the reference matcher, explain and reverse routing agree with the trie")
    func agreement() throws {
        let routes = ["/products/:id", "/products/:id/reviews/**", "/:section/list", "h/:x", "/a/:b([0-9]+)"]
        let router = Router(options: Self.asPath)
        for route in routes { try router.register(RouteName(route)) { _ in } }
        let reference = try ReferenceMatcher(routes: routes, options: Self.asPath)
        let urls = [
            "myapp://products/5", "myapp://products/5/reviews/a/b", "myapp://books/list", "myapp://h/x",
            "https://h/x", "myapp://a/12", "myapp://a/b", "myapp:///products/5", "myapp:products/5",
            // A query or fragment ends the path wherever it starts, on every lookup.
            "myapp://products/5?next=/products/6", "myapp://products?x#y", "myapp://?products/5",
            "myapp://#/products/5", "https://h/x?y#z", "myapp://a/12#/3", "myapp://products/5/?x",
            "HTTPS://h/x#", "http://h/x?/a/12",
        ]
        for url in urls {
            #expect(router.match(url)?.route == reference.match(url)?.route, "\(url)")
            #expect(
                router.explain(url).first(where: \.matched)?.route == router.match(url)?.route, "\(url)")
        }
        let url = try router.url(for: "/products/:id", parameters: ["id": "7"], scheme: "myapp")
        #expect(router.match(url)?.routeParameters["id"] == "7")
    }
}
