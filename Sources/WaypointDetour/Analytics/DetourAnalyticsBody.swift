import Foundation

/// Builds the JSON bodies of analytics requests when an event is logged, so every retry
/// sends the same bytes (detour.md §8).
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
            if isValid(data), let encoded = serialize(object.merging(["data": data]) { $1 }) {
                return encoded
            }
            logger.warning("analytics event \(name): data is not a valid JSON object and was left out")
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

    /// Whether `JSONSerialization` accepts `data` and it holds no non-finite number.
    package static func isValid(_ data: [String: Any]) -> Bool {
        JSONSerialization.isValidJSONObject(data) && allNumbersFinite(data)
    }

    private static func allNumbersFinite(_ value: Any) -> Bool {
        switch value {
        case let dictionary as [String: Any]: dictionary.values.allSatisfy(allNumbersFinite)
        case let array as [Any]: array.allSatisfy(allNumbersFinite)
        case let double as Double: double.isFinite
        case let float as Float: float.isFinite
        case let number as NSNumber: number.doubleValue.isFinite
        default: true
        }
    }
}
