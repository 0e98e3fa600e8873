import Foundation
import Waypoint

extension Router {
    /// What a pattern table's router expectation compares for `url` (Documentation/spec/tables.md):
    /// `matched`,
    /// and when a route matched `route`, `routeParameters`, `queryParameters`,
    /// `queryItems` and `callbackURL`; when none did, `error` (the reason's name).
    ///
    /// `waypoint match --json` prints this object, so its output can be pasted into a
    /// table as the expected value.
    package func tableRecord(_ url: String) -> [String: JSONValue] {
        switch matchResult(url) {
        case .failure(let failure):
            return ["matched": false, "error": .string(failure.rawValue)]
        case .success(let match):
            let link =
                URL(string: url).map {
                    DeepLink(
                        url: $0, routeParameters: match.routeParameters,
                        rawQuery: URLParts.rawQuery(of: url))
                }
            var record: [String: JSONValue] = [
                "matched": true,
                "route": .string(match.route),
                "routeParameters": .object(match.routeParameters.dictionary.mapValues(JSONValue.string)),
            ]
            if let link {
                record["queryParameters"] = .object(link.queryParameters)
                record["queryItems"] = .array(link.queryItems.map { [.string($0.name), .string($0.value)] })
                record["callbackURL"] = link.callbackURL.map { .string($0.absoluteString) } ?? .null
            }
            return record
        }
    }
}
