import Foundation
import Testing

@testable import Waypoint
@testable import WaypointLinkBuilder

/// Helpers shared by the model tests.
enum ModelTestSupport {
    /// The query of `string` as written: after the first `?`, up to the first `#` after it.
    static func rawQuery(of string: String) -> Substring? {
        guard let mark = string.firstIndex(where: { $0 == "?" || $0 == "#" }), string[mark] == "?" else {
            return nil
        }
        let rest = string[string.index(after: mark)...]
        return rest[..<(rest.firstIndex(of: "#") ?? rest.endIndex)]
    }

    /// The URL of `string`, which must be one.
    static func url(_ string: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(URL(string: string), sourceLocation: sourceLocation)
    }

    /// A deep link for `string` as the router would make it for a route that captured
    /// `routeParameters`.
    static func link(
        _ string: String, routeParameters: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> DeepLink {
        let url = try #require(URL(string: string), sourceLocation: sourceLocation)
        return DeepLink(
            url: url, routeParameters: RouteParameters(routeParameters), rawQuery: rawQuery(of: string))
    }

    /// A builder for `string`, which must be a URL.
    static func builder(
        _ string: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws
        -> DeepLinkBuilder
    {
        try #require(DeepLinkBuilder(string: string), sourceLocation: sourceLocation)
    }

    /// The deep link that a receiver of `builder`'s URL reads.
    static func readBack(
        _ builder: DeepLinkBuilder, sourceLocation: SourceLocation = #_sourceLocation
    ) throws
        -> DeepLink
    {
        let url = try #require(builder.url, sourceLocation: sourceLocation)
        return try #require(DeepLink(url: url), sourceLocation: sourceLocation)
    }
}
