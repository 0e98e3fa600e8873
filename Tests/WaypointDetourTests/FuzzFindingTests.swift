import Testing
import Waypoint

@testable import WaypointDetour

/// Minimal reproductions of what the `detour-pipeline` fuzz target found (issue 8); the inputs
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
}
