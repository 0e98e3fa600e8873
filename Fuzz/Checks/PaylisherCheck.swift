import Foundation
import Waypoint
import WaypointPaylisher

/// Fuzz target `paylisher-parser`: any string that Foundation makes a `URL` of, parsed by
/// `PaylisherDeepLink(url:platformHint:config:)` (Documentation/spec/paylisher.md §2) and matched by the core
/// router (§8).
///
/// Input: the string's bytes decoded as UTF-8.
///
/// Invariants (checked against a second, plain reading of §2 over the URL's absolute string):
/// - Parsing fails with `notAbsolute` exactly when the string has no valid scheme, and with
///   `emptyDestination` exactly when the destination is empty.
/// - `scheme` is as written; `pathSegments` are the non-empty pieces of the path split on
///   `/` and then decoded, after the decoded host for a custom-scheme link; `destination`
///   is the decoded host, or for a web link the decoded path without its outer slashes;
///   `parameters` are the decoded query pairs with a non-empty name, the last one winning.
/// - `routePath` starts with `/` and splits and decodes back to `pathSegments`.
/// - The router matches the link as `routePath`: `match(link)` equals `match(path:)` on it
///   for a table of path routes.
public enum PaylisherCheck {
    static let routes = ["/", "/products/:id", "/products/:id/reviews", "/p/**", "/:a/:b", "/x/:v(.*)"]
    static let router: Router = {
        let router = Router()
        for route in routes { try! router.register(RouteName(route)) { _ in } }
        return router
    }()

    /// Checks one fuzz input.
    public static func check(_ data: [UInt8]) throws(FuzzViolation) {
        guard let url = URL(string: String(decoding: data, as: UTF8.self)) else { return }
        let text = url.absoluteString
        let input = Quoted(text)
        let parsed = Result { () throws(PaylisherDeepLinkError) in try PaylisherDeepLink(url: url) }
        var copy = text
        let parts: (scheme: String, host: String, path: [UInt8], query: [UInt8]?)? = copy.withUTF8 { bytes in
            URLParts.split(bytes).map { parts in
                (
                    String(decoding: bytes[parts.scheme], as: UTF8.self),
                    String(decoding: bytes[parts.host], as: UTF8.self),
                    Array(bytes[parts.path]), parts.query.map { Array(bytes[$0]) }
                )
            }
        }
        guard let parts else {
            try require(
                parsed.failureValue == .notAbsolute, "a string without a scheme is notAbsolute",
                "\(input): \(parsed)")
            return
        }
        let isWeb = ["http", "https"].contains(parts.scheme.lowercased())
        let host = QueryParserCheck.decode(ArraySlice(parts.host.utf8))
        var segments = isWeb || host.isEmpty ? [] : [host]
        for piece in parts.path.split(separator: UInt8(ascii: "/")) {
            segments.append(QueryParserCheck.decode(piece))
        }
        let destination =
            isWeb
            ? String(
                QueryParserCheck.decode(ArraySlice(parts.path)).trimmingPrefix { $0 == "/" }.reversed().drop {
                    $0 == "/"
                }.reversed())
            : host
        guard case .success(let link) = parsed else {
            try require(
                parsed.failureValue == .emptyDestination && destination.isEmpty,
                "only an empty destination fails a link with a scheme", "\(input): \(parsed)")
            return
        }
        try require(!destination.isEmpty, "an empty destination fails", input)
        try require(link.scheme == parts.scheme, "scheme is as written", "\(input): \(quoted(link.scheme))")
        try require(
            link.destination == destination, "destination follows §2.3",
            "\(input): \(quoted(link.destination))")
        try require(
            link.pathSegments == segments, "pathSegments follow §2.2",
            "\(input): \(link.pathSegments) vs \(segments)")
        var parameters: [String: String] = [:]
        for pair in QueryParserCheck.items(String(decoding: parts.query ?? [], as: UTF8.self))
        where !pair[0].isEmpty {
            parameters[pair[0]] = pair[1]
        }
        try require(
            link.parameters == parameters, "parameters follow §2.4",
            "\(input): \(link.parameters) vs \(parameters)")

        let routePath = link.routePath
        try require(routePath.utf8.first == UInt8(ascii: "/"), "routePath starts with /", quoted(routePath))
        let readBack =
            routePath == "/"
            ? []
            : routePath.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                .map {
                    QueryParserCheck.decode(ArraySlice($0))
                }
        try require(
            readBack == link.pathSegments, "routePath parses back to the same segments",
            "\(input): \(quoted(routePath)) reads \(readBack)")
        // The router matches `scheme:routePath?query`, refused past the length bound.
        let matched =
            link.scheme.utf8.count + 1 + routePath.utf8.count + (link.rawQuery.map { $0.utf8.count + 1 } ?? 0)
        guard matched <= router.options.maxURLLength else { return }
        let viaLink = router.match(link)
        let viaPath = router.match(path: routePath)
        try require(
            viaLink == viaPath, "a Paylisher link is matched as its routePath",
            "\(input): \(String(describing: viaLink)) vs \(String(describing: viaPath))")
    }
}
