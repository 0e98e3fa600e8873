import Waypoint

/// The human-readable output of `waypoint match` for one URL:
///
/// ```
/// shop://shop.example/products/42?ref=mail
///   route: /products/:id(\d+)
///   routeParameters: {"id":"42"}
///   queryParameters: {"ref":"mail"}
/// ```
///
/// or the URL and, indented, why nothing matched.
enum MatchReport {
    static func print(url: String, record: [String: JSONValue], router: Router, to console: inout Console) {
        console.print(CommandError.oneLine(url))
        guard record["matched"] == true, let route = record["route"]?.stringValue else {
            console.print("  " + reason(url: url, failure: record["error"]?.stringValue, router: router))
            return
        }
        console.print("  route: \(CommandError.oneLine(route))")
        console.print("  routeParameters: \((record["routeParameters"] ?? .object([:])).jsonString)")
        console.print("  queryParameters: \((record["queryParameters"] ?? .object([:])).jsonString)")
    }

    /// Why nothing matched, as a short phrase.
    static func reason(url: String, failure: String?, router: Router) -> String {
        switch failure.flatMap(RoutingFailure.init(rawValue:)) {
        case .urlTooLong:
            "URL too long (\(url.utf8.count) UTF-8 bytes, the limit is \(router.options.maxURLLength))"
        case .invalidURL:
            "not an absolute URL"
        default:
            "no route matched"
        }
    }
}
