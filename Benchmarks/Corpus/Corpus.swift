import Waypoint
import WaypointReference

/// A route table with the URLs to look up in it and the answer each lookup must get.
///
/// Answers are computed before anything is timed, by construction or by
/// `ReferenceMatcher`, and every contender is checked against them before it is timed.
struct Corpus {
    /// Which generator or file the corpus came from.
    enum Family: String, Codable {
        /// REST-style literal and parameter routes (`/v1/orders/:id/refund`).
        case rest
        /// App-style DeepLinkKit routes: hosts, schemes, regex groups, globs, optionals.
        case app
        /// Route and lookup files given on the command line.
        case external
        /// Regex-heavy DeepLinkKit routes: `:name(regex)` tails, regex hosts.
        case regex
    }

    /// A short name, such as `rest-1000`.
    let name: String
    /// Where the corpus came from.
    let family: Family
    /// The routes, in registration order.
    let routes: [String]
    /// URLs that match a route, with their expected winner.
    let hits: [Lookup]
    /// URLs that match no route.
    let misses: [Lookup]
    /// Whether every route is a scheme-less path route, so the path API can answer every
    /// lookup (`Router.match(path:)` considers only those routes).
    let isPathOnly: Bool
    /// For a corpus with host or scheme routes: the hits whose winner is a scheme-less
    /// path route, which `Router.match(path:)` answers the same from the bare path (its
    /// misses are the corpus's misses). Nil when the path API does not run on the corpus.
    var pathHits: [Lookup]? = nil

    /// Whether `Router.match(path:)` runs on the corpus: all of it, or its ``pathHits``.
    var hasPathLookups: Bool { isPathOnly || pathHits != nil }

    /// The lookups contender `key` runs: the path API runs the ``pathHits`` where there are
    /// some; everything else runs every hit or miss.
    func lookups(for key: String, hits: Bool) -> [Lookup] {
        guard hits else { return misses }
        if key == "waypointPath" || key == "waypointBorrowed", let pathHits { return pathHits }
        // The stack contenders run the hits whose route has two parents (``StackTree``).
        if key.hasPrefix("waypointStack") { return StackTree.hits(of: self) }
        return self.hits
    }
}

/// One URL to match, in the forms the contenders take, with its expected answer.
struct Lookup {
    /// The full URL string.
    let url: String
    /// The path alone (no scheme, host, query or fragment), for the path API.
    let path: String
    /// The expected winner, or nil for a miss.
    let expected: Answer?
}

extension Lookup {
    /// The path of `url` as written, or "" when it is not an absolute URL.
    static func path(of url: String) -> String {
        var url = url
        return url.withUTF8 { bytes in
            guard let parts = URLParts.split(bytes) else { return "" }
            return String(decoding: bytes[parts.path], as: UTF8.self)
        }
    }
}

/// What a matcher answered for one URL: the winning route's registration index and the
/// parameters it captured.
struct Answer: Equatable, CustomStringConvertible {
    /// The winner's position in registration order.
    let priority: Int
    /// The captured parameters by name.
    let parameters: [String: String]

    var description: String {
        let pairs = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "route #\(priority) [\(pairs.joined(separator: ", "))]"
    }

    /// The checksum a timed pass returns: the sum of `priority + 1` over hits, so a pass
    /// that answered anything differently from the verified answers is caught.
    static func checksum(of answers: some Sequence<Answer?>) -> Int {
        answers.reduce(0) { $0 + ($1.map { $0.priority + 1 } ?? 0) }
    }
}

extension Answer {
    /// The answer a Waypoint or reference match gives.
    init(_ match: RouteMatch) {
        self.init(priority: match.priority, parameters: match.routeParameters.dictionary)
    }
}
