import Waypoint
import WaypointExplain

extension RouteStop {
    /// The stop's kind, as JSON output names it: the case name, such as `literalDiffers`.
    var kindName: String {
        switch self {
        case .urlTooLong: "urlTooLong"
        case .invalidURL: "invalidURL"
        case .schemeDiffers: "schemeDiffers"
        case .literalDiffers: "literalDiffers"
        case .segmentMissing: "segmentMissing"
        case .emptySegment: "emptySegment"
        case .extraSegments: "extraSegments"
        case .regexFailed: "regexFailed"
        case .limitHit: "limitHit"
        case .regexBudgetSpent: "regexBudgetSpent"
        }
    }

    /// The stop as JSON members: `stop` (the kind), `reason` (the sentence), and the
    /// details of the case: `at` (`host` or `path segment N`), `expected` and `actual`,
    /// `limit`, `length`.
    var jsonMembers: [String: JSONValue] {
        var members: [String: JSONValue] = ["stop": .string(kindName), "reason": .string(description)]
        switch self {
        case .urlTooLong(let length, let limit):
            members["length"] = .number(Double(length))
            members["limit"] = .number(Double(limit))
        case .invalidURL:
            break
        case .schemeDiffers(let expected, let actual):
            members["expected"] = .string(expected)
            members["actual"] = .string(actual)
        case .literalDiffers(let position, let expected, let actual):
            members["at"] = .string(position.description)
            members["expected"] = .string(expected)
            members["actual"] = .string(actual)
        case .segmentMissing(let position), .emptySegment(let position), .extraSegments(let position),
            .regexFailed(let position), .regexBudgetSpent(let position):
            members["at"] = .string(position.description)
        case .limitHit(let position, let limit):
            members["at"] = .string(position.description)
            members["limit"] = .string(limit.rawValue)
        }
        return members
    }

    /// Whether the stop concerns the URL as a whole (too long, not a URL), so every route
    /// stopped for the same reason before matching started.
    var refusesURL: Bool {
        switch self {
        case .urlTooLong, .invalidURL: true
        default: false
        }
    }
}
