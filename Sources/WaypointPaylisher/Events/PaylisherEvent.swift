import Waypoint

/// An analytics event the manager sends to its ``PaylisherEventSink`` (spec §7.1).
public struct PaylisherEvent: Sendable, Equatable {
    /// `Deep Link Opened`: a link was delivered (or, for a link resolved in the background,
    /// its campaign resolution finished).
    public static let opened = "Deep Link Opened"
    /// `Deep Link Completed`: a gated link was approved.
    public static let completed = "Deep Link Completed"
    /// `Deep Link Failed`: a URL could not be parsed.
    public static let failed = "Deep Link Failed"
    /// `Deep Link Timeout`: a gated link waited longer than `pendingDeepLinkTimeout`.
    public static let timeout = "Deep Link Timeout"
    /// `Deep Link Cancelled`: a gated link was cancelled by the app or replaced.
    public static let cancelled = "Deep Link Cancelled"

    /// The event name, such as `Deep Link Opened`.
    public var name: String
    /// The properties: attribution first, then the event's own, then the configured
    /// additional properties.
    public var properties: [String: JSONValue]

    /// Creates an event.
    public init(name: String, properties: [String: JSONValue]) {
        self.name = name
        self.properties = properties
    }
}
