import Waypoint

@testable import WaypointCLI

/// Lint's shadowing verdict for two routes, computed in process.
enum Shadowing {
    /// Whether `earlier` shadows `later` for a router with `options`; nil when a route does
    /// not compile.
    static func verdict(_ earlier: String, _ later: String, options: RouterOptions) -> Bool? {
        guard let first = language(earlier, options), let second = language(later, options) else {
            return nil
        }
        return RouteLanguage.shadows(first, second, strictTrailingSlash: options.strictTrailingSlash)
    }

    /// The route's language, or nil when it does not compile.
    static func language(_ route: String, _ options: RouterOptions) -> RouteLanguage? {
        guard let compiled = try? CompiledRoute(route, options: options) else { return nil }
        return RouteLanguage(compiled.pattern, options: options)
    }

    /// The option sets the tests run under.
    static let optionSets: [(name: String, options: RouterOptions)] = [
        ("default", RouterOptions()),
        ("strict", RouterOptions(strictTrailingSlash: true)),
        ("case-insensitive", RouterOptions(caseInsensitivePaths: true)),
    ]
}
