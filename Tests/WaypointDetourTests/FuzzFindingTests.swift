import Testing
import Waypoint

@testable import WaypointDetour

/// Minimal reproductions of what the `detour-pipeline` fuzz target found; the inputs
/// are kept under `Fuzz/crashers/detour-pipeline/` and replayed by `FuzzChecksTests`.
@Suite("Detour fuzz findings")
struct DetourFuzzFindingTests {
    /// `Fuzz/crashers/detour-pipeline/route-starting-with-two-slashes`: a route starting with
    /// `//` made `detour:` + route read as an authority, so `/h//x` was routed as the empty
    /// path (`/` matched) instead of the path `//x`.
    @Test(
        "a route starting with // is matched as that path, not as an authority",
        arguments: ["/h//x", "myapp:////x", "/h//"])
    func doubleSlashRoute(_ input: String) throws {
        let router = Router()
        try router.register("/") { _ in }
        try router.register("/:a/:b") { _ in }
        try router.register("/**") { _ in }
        let link = try #require(DetourLinkPipeline.evaluate(input).link)
        #expect(link.route.hasPrefix("//"))
        #expect(router.match(link) == router.match(path: link.route), "\(link.route)")
        #expect(router.match(link)?.route == "/**")
        #expect(router.handle(link).route == "/**")
    }

    /// `Fuzz/crashers/detour-pipeline/fragment-after-combining-mark`: delimiters were found
    /// by `Character`, so a `#`, `?`, `/` or `@` followed by a combining mark (one grapheme
    /// with it) was not a delimiter: the fragment reached `route`, and a plain path starting
    /// with such a `/` got a second one. §2.1 splits on code points.
    @Test(
        "a delimiter followed by a combining mark still delimits",
        arguments: [
            (
                "https://x.com/h/p?a=1&\u{301}b=2#\u{301}f", "/p?a=1&%CC%81b=2",
                "https://x.com/h/p?a=1&\u{301}b=2#\u{301}f"
            ),
            ("/h/p#\u{301}x", "/p", "/h/p#\u{301}x"),
            ("myapp://h/p?\u{301}x=1", "/h/p?%CC%81x=1", "myapp://h/p?\u{301}x=1"),
            ("myapp://u@\u{301}h/p", "/%CC%81h/p", "myapp://u@\u{301}h/p"),
            ("/\u{301}h/p", "/p", "/\u{301}h/p"),
            ("myapp:/\u{301}x", "/%CC%81x", "myapp:/\u{301}x"),
            ("//\u{301}x/h/p", "/p", "https://\u{301}x/h/p"),
        ])
    func combiningMarks(_ input: String, _ route: String, _ url: String) throws {
        let link = try #require(DetourLinkPipeline.evaluate(input).link)
        #expect(link.route == route)
        #expect(link.url == url)
    }

    @Test("infrastructure URLs are recognised whatever follows them")
    func infrastructureWithCombiningMarks() {
        #expect(DetourLinkPipeline.evaluate("exp://\u{301}x").link == nil)
        #expect(DetourLinkPipeline.evaluate("x://expo-development-client\u{301}").link == nil)
    }
}
