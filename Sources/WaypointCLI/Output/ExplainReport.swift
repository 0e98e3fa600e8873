import Waypoint
import WaypointExplain

/// The output of `waypoint explain`:
///
/// ```
/// shop://shop.example/products/42
///   1. /products/:id(\d+): matched (id = "42")
///   2. /cart: stopped: literal differs at path segment 1: expected "cart", got "products"
/// winner: /products/:id(\d+)
/// ```
enum ExplainReport {
    static func print(
        url: String, explanations: [RouteExplanation], winner: RouteExplanation?, to console: inout Console
    ) {
        console.print(CommandError.oneLine(url))
        if case .stopped(let stop) = explanations.first?.outcome, stop.refusesURL {
            // Every route stopped for the same reason before matching started.
            console.print("  \(stop)")
        } else if explanations.isEmpty {
            console.print("  (no routes)")
        } else {
            for explanation in explanations {
                console.print(
                    "  \(explanation.priority + 1). \(CommandError.oneLine(explanation.description))")
            }
        }
        console.print(winner.map { "winner: \(CommandError.oneLine($0.route))" } ?? "no route matched")
    }

    static func json(url: String, explanations: [RouteExplanation], winner: RouteExplanation?) -> JSONValue {
        let routes = explanations.map { explanation -> JSONValue in
            var members: [String: JSONValue] = [
                "route": .string(explanation.route),
                "priority": .number(Double(explanation.priority)),
                "matched": .bool(explanation.matched),
            ]
            switch explanation.outcome {
            case .matched(let parameters):
                members["routeParameters"] = .object(parameters.dictionary.mapValues(JSONValue.string))
            case .stopped(let stop):
                members.merge(stop.jsonMembers) { current, _ in current }
            }
            return .object(members)
        }
        return .object([
            "url": .string(url),
            "winner": winner.map { .string($0.route) } ?? .null,
            "routes": .array(routes),
        ])
    }
}
