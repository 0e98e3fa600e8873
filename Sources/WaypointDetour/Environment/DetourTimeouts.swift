import Foundation

/// The overall time each kind of request may take, from sending to the last byte of the
/// answer. The adapter enforces these itself, to the millisecond, whatever the transport does.
public struct DetourTimeouts: Sendable, Hashable {
    /// Short-link resolution (`/api/link/resolve-short`); routing waits for it. 3 s.
    public var shortLink: TimeInterval
    /// Deferred matching (`/api/link/match-link`). 10 s.
    public var matchLink: TimeInterval
    /// One analytics delivery attempt. 15 s.
    public var analytics: TimeInterval

    /// Creates timeouts; the defaults are 3 s, 10 s and 15 s.
    public init(shortLink: TimeInterval = 3, matchLink: TimeInterval = 10, analytics: TimeInterval = 15) {
        self.shortLink = shortLink
        self.matchLink = matchLink
        self.analytics = analytics
    }
}
