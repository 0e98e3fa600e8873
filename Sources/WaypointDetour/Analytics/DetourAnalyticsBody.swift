import Foundation

/// Builds the JSON bodies of analytics requests when an event is logged, so every retry
/// sends the same bytes (Documentation/spec/detour.md §8).
package enum DetourAnalyticsBody {
    /// An event body: `event_name`, `data` (only when it is a valid JSON object), `timestamp`,
    /// `platform`, `device_id`. Invalid `data` is left out with a warning.
    package static func event(
        name: String, data: [String: Any]?, timestamp: Date, platform: String, deviceID: String,
        logger: DetourLogger
    ) -> Data? {
        var object: [String: Any] = base(
            name: name, timestamp: timestamp, platform: platform, deviceID: deviceID)
        if let data {
            switch problem(in: data) {
            case .some(let problem):
                logger.warning("analytics event \(name): data \(problem) and was left out")
            case nil:
                if let encoded = serialize(object.merging(["data": data]) { $1 }) {
                    return encoded
                }
                logger.warning("analytics event \(name): data \(DataProblem.notJSON) and was left out")
            }
        }
        object["data"] = nil
        return serialize(object)
    }

    /// A retention body: `event_name`, `timestamp`, `platform`, `device_id`.
    package static func retention(name: String, timestamp: Date, platform: String, deviceID: String) -> Data?
    {
        serialize(base(name: name, timestamp: timestamp, platform: platform, deviceID: deviceID))
    }

    private static func base(
        name: String, timestamp: Date, platform: String, deviceID: String
    ) -> [String: Any] {
        [
            "event_name": name,
            "timestamp": DetourCivilTime.iso8601Milliseconds(timestamp),
            "platform": platform,
            "device_id": deviceID,
        ]
    }

    private static func serialize(_ object: [String: Any]) -> Data? {
        try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    /// Why event data cannot be sent.
    package enum DataProblem: Error, Sendable, Hashable, CustomStringConvertible {
        /// Objects and arrays nest deeper than `limit` levels (`data` itself is level 1).
        case nestedTooDeep(limit: Int)
        /// A NaN or an infinity.
        case nonFiniteNumber
        /// Something `JSONSerialization` does not accept.
        case notJSON

        package var description: String {
            switch self {
            case .nestedTooDeep(let limit): "nests objects and arrays deeper than \(limit) levels"
            case .nonFiniteNumber: "holds a number that is not finite"
            case .notJSON: "is not a valid JSON object"
            }
        }
    }

    /// Whether `data` can be sent.
    package static func isValid(_ data: [String: Any]) -> Bool {
        problem(in: data) == nil
    }

    /// Why `data` cannot be sent, or nil when it can. Depth and numbers are checked first,
    /// walking with an explicit stack, so data nested without bound cannot exhaust the call
    /// stack; only data within ``DetourAnalytics/maximumDataDepth`` reaches the recursive
    /// `JSONSerialization`.
    package static func problem(in data: [String: Any]) -> DataProblem? {
        let limit = DetourAnalytics.maximumDataDepth
        var pending: [(value: Any, depth: Int)] = [(data, 1)]
        while let (value, depth) = pending.popLast() {
            switch value {
            case let dictionary as [String: Any]:
                guard depth <= limit else { return .nestedTooDeep(limit: limit) }
                pending.append(contentsOf: dictionary.values.lazy.map { ($0, depth + 1) })
            case let array as [Any]:
                guard depth <= limit else { return .nestedTooDeep(limit: limit) }
                pending.append(contentsOf: array.lazy.map { ($0, depth + 1) })
            case let double as Double where !double.isFinite:
                return .nonFiniteNumber
            case let float as Float where !float.isFinite:
                return .nonFiniteNumber
            case let number as NSNumber where !number.doubleValue.isFinite:
                return .nonFiniteNumber
            default:
                break
            }
        }
        return JSONSerialization.isValidJSONObject(data) ? nil : .notJSON
    }
}
