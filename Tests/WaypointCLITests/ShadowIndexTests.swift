import Testing
import Waypoint

@testable import WaypointCLI

/// Lint looks for a shadowing route only among the candidates ``ShadowIndex`` returns; on
/// random tables it must report exactly what comparing with every earlier route reports.
@Suite("Shadow index")
struct ShadowIndexTests {
    static let extraRoutes = [
        "/a/(.*)", "/a/.+", "/a//", "/a/", "h.com/", ":h([a-z]+)/a", "/ä/:p", "x://.*", ".*", "/a/:p?",
        "*/a", ":s.com/a", "/**",
    ]

    @Test("the index finds the first shadowing route", arguments: Shadowing.optionSets.map(\.name))
    func agrees(_ optionSet: String) throws {
        let options = try #require(Shadowing.optionSets.first { $0.name == optionSet }?.options)
        var generator = SplitMix64(seed: 0x1DE)
        for _ in 0..<15 {
            var routes: [String] = []
            while routes.count < 30 {
                let route =
                    Int.random(in: 0..<5, using: &generator) == 0
                    ? Self.extraRoutes.randomElement(using: &generator) ?? "/"
                    : ShadowingPropertyTests.route(&generator, index: routes.count)
                if !routes.contains(route), Shadowing.language(route, options) != nil { routes.append(route) }
            }
            let file = RoutesFile(path: "r.txt", text: routes.joined(separator: "\n"))
            let linted = RouteLinter(options: options).lint(file).filter { $0.kind == .shadowed }
                .map { "\($0.line) by \($0.earlier?.line ?? 0)" }
            var expected: [String] = []
            var languages: [RouteLanguage] = []
            for (index, route) in routes.enumerated() {
                let language = try #require(Shadowing.language(route, options))
                if let earlier = languages.firstIndex(where: {
                    RouteLanguage.shadows($0, language, strictTrailingSlash: options.strictTrailingSlash)
                }) {
                    expected.append("\(index + 1) by \(earlier + 1)")
                }
                languages.append(language)
            }
            #expect(linted == expected, "\(routes)")
        }
    }
}
