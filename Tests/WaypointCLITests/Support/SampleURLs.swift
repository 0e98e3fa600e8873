import Waypoint

/// URLs built from a small set of hosts and segments, to compare lint's verdicts with what
/// the router does.
enum SampleURLs {
    static let schemes = ["x", "y"]
    static let hosts = ["", "h", "a", "h.com", "H.com", "shop.example"]
    static let segments = ["", "a", "b", "A", "c", "7", "x", "anything", "1%2F2", "%2520", "%C3%A4"]

    /// The segments of three-segment paths, fewer to keep the set small.
    static let deepSegments = ["", "a", "b", "c", "7", "x", "1%2F2"]

    /// Every scheme and host with every path of up to two segments and some of three, with
    /// and without a trailing slash.
    static let all: [String] = {
        let one = segments.map { [$0] }
        let two = one.flatMap { path in segments.map { path + [$0] } }
        let three = deepSegments.flatMap { first in
            deepSegments.flatMap { second in deepSegments.map { [first, second, $0] } }
        }
        let paths = [[]] + one + two + three
        var urls: [String] = []
        for scheme in schemes {
            for host in hosts {
                for path in paths {
                    let text = path.isEmpty ? "" : "/" + path.joined(separator: "/")
                    urls.append("\(scheme)://\(host)\(text)")
                    urls.append("\(scheme)://\(host)\(text)/")
                }
            }
        }
        return urls
    }()

    /// For each of `routes`, the sample URLs it matches under `options` (one router with
    /// every route, asked for all matches of each URL).
    static func matched(by routes: [String], options: RouterOptions) throws -> [String: Set<String>] {
        let router = Router(options: options)
        try router.register(routes.map { (RouteName($0), RouteHandler.closure { _ in }) })
        var matched: [String: Set<String>] = Dictionary(uniqueKeysWithValues: routes.map { ($0, []) })
        for url in all {
            for match in router.matches(url) { matched[match.route, default: []].insert(url) }
        }
        return matched
    }
}
