/// Detour analytics: events and retention events, delivered through a durable on-disk queue
/// with retries (Documentation/spec/detour.md §8). Every method is safe to call from any thread.
///
/// Mount once with the app's config (`Detour.shared.resolveInitialLink` does it for you);
/// events logged while not mounted are dropped and counted.
public enum DetourAnalytics {
    /// The deepest nesting of objects and arrays accepted in event `data` (the `data`
    /// object itself is level 1). Deeper data is left out of the event with a warning, as
    /// invalid data is; the event is still sent. The bound keeps encoding, which recurses
    /// once per level, well inside the smallest thread stack an app runs on.
    public static let maximumDataDepth = 64

    /// Mounts analytics: opens the queue and starts sending with `config`'s credentials. The
    /// first mount of a process logs the retention event `app_open`. A mount while mounted
    /// does nothing.
    public static func mount(config: DetourConfig) {
        DetourAnalyticsController.shared.mount(config: config)
    }

    /// Stops recording: later events are dropped; a request in flight completes, and queued
    /// records stay on disk for the next mount.
    public static func unmount() {
        DetourAnalyticsController.shared.unmount()
    }

    /// Logs a predefined event.
    ///
    /// - Parameters:
    ///   - event: the event; its raw value is sent as `event_name`.
    ///   - data: extra fields, sent only when they form a valid JSON object with finite
    ///     numbers, nested at most ``maximumDataDepth`` levels.
    public static func logEvent(_ event: DetourEventName, data: [String: Any]? = nil) {
        DetourAnalyticsController.shared.logEvent(event.rawValue, data: data)
    }

    /// Logs a custom event.
    ///
    /// - Parameters:
    ///   - eventName: sent unchanged as `event_name`.
    ///   - data: extra fields, sent only when they form a valid JSON object with finite
    ///     numbers, nested at most ``maximumDataDepth`` levels.
    public static func logEvent(_ eventName: String, data: [String: Any]? = nil) {
        DetourAnalyticsController.shared.logEvent(eventName, data: data)
    }

    /// Logs a retention event such as `day_1`.
    public static func logRetention(_ eventName: String) {
        DetourAnalyticsController.shared.logRetention(eventName)
    }

    /// Sends every due record now, ignoring any backoff wait, stopping at the first retryable
    /// failure (only while mounted), and returns the delivery statistics.
    @discardableResult
    public static func flush() async -> DetourDeliveryStats {
        await DetourAnalyticsController.shared.flush()
    }

    /// The pending count and the cumulative delivery counters.
    public static func deliveryStats() -> DetourDeliveryStats {
        DetourAnalyticsController.shared.deliveryStats()
    }

    /// Deletes every queued record not in flight (for consent withdrawal) and returns how
    /// many were deleted.
    @discardableResult
    public static func discardPendingEvents() -> Int {
        DetourAnalyticsController.shared.discardPendingEvents()
    }
}
