import Testing
import Waypoint

@testable import WaypointCLI

/// Lint's shadowing rule on pairs of routes: whether the earlier route matches every URL
/// the later one matches, under the router's options.
@Suite("Shadowing pairs")
struct ShadowingTableTests {
    struct Pair: CustomTestStringConvertible, Sendable {
        let earlier: String
        let later: String
        let shadowed: Bool
        let options: RouterOptions
        let why: String

        init(
            _ earlier: String, _ later: String, _ shadowed: Bool, _ why: String,
            options: RouterOptions = .init()
        ) {
            self.earlier = earlier
            self.later = later
            self.shadowed = shadowed
            self.why = why
            self.options = options
        }

        var testDescription: String {
            var flags: [String] = []
            if options.strictTrailingSlash { flags.append("strict") }
            if options.caseInsensitivePaths { flags.append("case-insensitive") }
            let suffix = flags.isEmpty ? "" : " [\(flags.joined(separator: ", "))]"
            return "\(earlier) \(shadowed ? "shadows" : "does not shadow") \(later)\(suffix): \(why)"
        }
    }

    static let strict = RouterOptions(strictTrailingSlash: true)
    static let insensitive = RouterOptions(caseInsensitivePaths: true)

    static let pairs: [Pair] = [
        // Literals under parameters, wildcards and globs.
        Pair("/a/:x", "/a/b", true, "a parameter takes any non-empty segment"),
        Pair("/:x/:y", "/a/:z", true, "two parameters cover a literal and a parameter"),
        Pair("/a/*", "/a/:x", true, "a wildcard and a parameter take the same segments"),
        Pair("/a/:x", "/a/*", true, "and the other way round"),
        Pair("/a/**", "/a/b/c", true, "a glob takes any deeper path"),
        Pair("/a/**", "/a", true, "a glob takes zero segments too"),
        Pair("/a/**", "/a/b/:x?", true, "a glob covers an optional tail"),
        Pair("/a/**", "/b", false, "a glob only covers its prefix"),
        Pair("/**", "/", true, "a root glob covers the root"),
        Pair("/a/:x", "/a", false, "a parameter needs a segment"),
        Pair("/:x", "/a/b", false, "one parameter is one segment"),
        Pair("/a/:x", "/a/:x?", false, "the optional route also matches /a"),
        Pair("/a/:x?", "/a", true, "an optional segment may be absent"),
        Pair("/a/:x?", "/a/b", true, "or present"),
        Pair("/a/:x?", "/a/b/c", false, "but it is only one segment"),
        Pair("/a/:x", "/a/%20", true, "a literal that looks encoded is still one segment"),
        Pair("/", "/a", false, "the root has no segment"),
        // Path routes and host routes.
        Pair("/a/:x", "h.com/a/b", true, "a path route matches every host"),
        Pair("h.com/a/:x", "/a/b", false, "a host route does not match every host"),
        Pair("**", "/a/b", true, "a host glob matches every host, the empty one included"),
        Pair(":h/**", "/a", false, "a host parameter does not match the empty host"),
        Pair("*", "/a", false, "a host wildcard takes the host, not the path"),
        Pair("/", "h.com", true, "the root path route matches a bare host"),
        Pair("Shop.Example/a", "shop.example/a", true, "literal hosts compare ignoring case"),
        Pair("h.com/a", "/a", false, "a literal host is not every host"),
        // Schemes.
        Pair("x://.*", "x://h/a", true, "a scheme's .* matches every URL of that scheme"),
        Pair("X://.*", "x://a/b", true, "schemes compare ignoring case"),
        Pair("x://.*", "/a", false, "a scheme route does not match other schemes"),
        Pair("x://.*", "y://.*", false, "nor another scheme's routes"),
        Pair("/a/:x", "x://h/a/b", true, "a route without scheme matches every scheme"),
        Pair("x:///a/:x", "/a/b", false, "a scheme path route leaves other schemes to the later route"),
        Pair("x:///a/:x", "x://h/a/b", true, "the same scheme, a covering path"),
        // Trailing slashes.
        Pair("/a", "/a/", true, "one trailing slash is ignored"),
        Pair("/a/", "/a", true, "on either side"),
        Pair("/a//", "/a", true, "the ignored slash of /a stands for the final empty segment"),
        Pair("/a", "/a//", false, "/a// also matches /a//"),
        Pair("h.com/", "h.com", true, "host routes ignore the slash too"),
        Pair("/a/*", "/a/", false, "a wildcard is not the empty segment", options: strict),
        Pair("/a", "/a/", false, "strict: the slash counts", options: strict),
        Pair("/a/", "/a", false, "strict: in both directions", options: strict),
        Pair("/a/**", "/a/", true, "strict: a glob takes the empty segment", options: strict),
        // Case-insensitive paths.
        Pair("/A/:x", "/a/b", false, "paths are case-sensitive by default"),
        Pair("/A/:x", "/a/b", true, "unless the router ignores case", options: insensitive),
        Pair("/a/b", "/A/B", true, "literals fold both ways", options: insensitive),
        Pair(
            "/ä", "/ä/", true, "a non-ASCII literal folded by PCRE2 is the same set as itself",
            options: insensitive),
        // Regex: only what is certain.
        Pair("/ä/:x", "/ä/b", true, "a non-ASCII literal is one segment", options: insensitive),
        Pair("/ä/b", "/ä/:x", false, "and the segments after it are read", options: insensitive),
        Pair(".*", "/anything", true, ".* matches every URL"),
        Pair("(.*)", "h.com/a/b", true, "so does (.*)"),
        Pair(":all(.*)", "/a/:b/**", false, "a host :name(.*) takes the host alone"),
        Pair(":all(.*)", ":h", false, "a host regex is not read (conservative)"),
        Pair(":h([a-z]+)/a/:x", ":g([a-z]+)/a/b", true, "the same host regex, whatever its name"),
        Pair(":h([a-z]+)/a", ":h([a-y]+)/a", false, "different host regexes are not compared"),
        Pair(":h([^.]+)", "/x", false, "a host pattern does not take the path"),
        Pair("/x", ":h(.*)/x", true, "a path route covers any host pattern before the same path"),
        Pair(":s.com/:f", ":t.com/b", true, "the same mixed host"),
        Pair("*/b", ":s.com/b", true, "a host wildcard covers a mixed host"),
        Pair("/a/(.*)", "/a/b/c", true, "a .* tail covers the rest"),
        Pair("/a/(.*)", "/a", true, "even no rest, when the trailing slash is ignored"),
        Pair("/a/(.*)", "/a", false, "strict: a tail needs a segment", options: strict),
        Pair("/a/:rest(.*)", "/a/:x", true, "a named .* tail"),
        Pair("/a/.+", "/a", false, ".+ needs something"),
        Pair("/a/.+", "/a/b/c", true, ".+ covers any non-empty rest"),
        Pair("/c/:id(\\d+)", "/c/:n(\\d+)", true, "the same regex after the same prefix"),
        Pair("/:x/:id(\\d+)", "/c/:n(\\d+)", true, "the same regex after a covering prefix"),
        Pair("/c/:id(\\d+)/x", "/c/:n(\\d+)/x", true, "the same multi-segment tail"),
        Pair("/c/:id(\\d+)", "/c/:n([0-9]+)", false, "different regexes are not compared"),
        Pair("/c/:id(\\d+)", "/c/7", false, "an earlier regex is not read (conservative)"),
        Pair("/c/:id", "/c/:n(\\d+)", true, "a regex that cannot match / is one segment"),
        Pair("/c/:id", "/c/:n([^/]+)", true, "a negated class without /"),
        Pair("/c/:id", "/c/:n(.*\\d)", false, "a regex with . can span segments"),
        Pair("/c/:id", "/c/:n(\\d*)", false, "an empty match also matches /c"),
        Pair("/c/:a/:b", "/c/:x(\\d+)/:y(\\d+)", false, "/c/1%2F2 is one segment that the tail reads as two"),
        Pair("/a/:x", "[a-z]+\\.com/a/b", false, "a raw regex host is not read (conservative)"),
        Pair("/a/:x(\\d+)", "/a/b", false, "a constrained parameter does not cover a literal"),
        Pair(".*", "x://.*", true, "a scheme-less .* covers every scheme"),
    ]

    @Test("verdict", arguments: pairs)
    func verdict(_ pair: Pair) {
        #expect(Shadowing.verdict(pair.earlier, pair.later, options: pair.options) == pair.shadowed)
    }

    /// Each pair checked against the router on URLs that tell the routes apart: when lint
    /// says "shadowed" no sample URL matched by the later route escapes the earlier one.
    @Test("the router agrees on sample URLs", arguments: Shadowing.optionSets.map(\.name))
    func routerAgrees(_ optionSet: String) throws {
        let options = try #require(Shadowing.optionSets.first { $0.name == optionSet }?.options)
        let pairs = Self.pairs.filter { $0.shadowed && $0.options == options }
        let routes = Array(Set(pairs.flatMap { [$0.earlier, $0.later] }))
        let matched = try SampleURLs.matched(by: routes, options: options)
        for pair in pairs {
            let escaping = matched[pair.later, default: []].subtracting(matched[pair.earlier, default: []])
            #expect(
                escaping.isEmpty,
                "\(pair.testDescription): \(escaping.sorted().prefix(3)) reach the later route")
            #expect(!matched[pair.later, default: []].isEmpty, "\(pair.later) matches some sample URL")
        }
    }
}
