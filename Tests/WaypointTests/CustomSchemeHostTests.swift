import Foundation
import Testing
import Waypoint
import WaypointReference

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

    @Test("the reference matcher, explain and reverse routing agree with the trie")
    func agreement() throws {
        let routes = ["/products/:id", "/products/:id/reviews/**", "/:section/list", "h/:x", "/a/:b([0-9]+)"]
        let router = Router(options: Self.asPath)
        for route in routes { try router.register(RouteName(route)) { _ in } }
        let reference = try ReferenceMatcher(routes: routes, options: Self.asPath)
        let urls = [
            "myapp://products/5", "myapp://products/5/reviews/a/b", "myapp://books/list", "myapp://h/x",
            "https://h/x", "myapp://a/12", "myapp://a/b", "myapp:///products/5", "myapp:products/5",
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
