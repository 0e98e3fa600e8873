import Testing
import WaypointReference

@testable import Waypoint

/// Minimal reproductions of what the fuzzers found. Each names the input kept
/// under `Fuzz/crashers/`, which `FuzzChecksTests` replays as well.
@Suite("Fuzz findings")
struct FuzzFindingTests {
    /// `Fuzz/crashers/route-compiler/glob-line-feed-6f14d2bd`: the trie's `**` took a rest
    /// holding a line feed, while the regex emitted for `**` (`.*`, without DOTALL) stopped at
    /// it, so the reference matcher, and routes whose `**` follows a regex segment, did not
    /// match. Route regexes are now compiled with PCRE2_DOTALL.
    @Test("** takes a rest holding a line feed, in the trie and in a regex tail alike")
    func globTakesLineFeeds() throws {
        let router = Router()
        try router.register("/docs/**") { _ in }
        try router.register("/(a|b)/**") { _ in }
        try router.register("host/**") { _ in }
        #expect(router.match("s://h/docs/x%0Ay/z")?.routeParameters == ["**": "x\ny/z"])
        #expect(router.match("s://h/a/x%0Ay/z")?.routeParameters == ["**": "x\ny/z"])
        #expect(router.match("s://host/x%0A")?.routeParameters == ["**": "x\n"])
        let reference = try ReferenceMatcher(routes: router.routes)
        for url in ["s://h/docs/x%0Ay/z", "s://h/a/x%0Ay/z", "s://host/x%0A", "s://h/docs/\n"] {
            #expect(reference.matches(url) == router.matches(url), "\(url)")
        }
    }
}
