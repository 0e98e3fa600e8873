/// The server endpoints the adapter calls (Documentation/spec/detour.md §7).
package enum DetourEndpoint: String, Sendable, CaseIterable {
    /// Short-link resolution.
    case resolveShort = "/api/link/resolve-short"
    /// Deferred matching.
    case matchLink = "/api/link/match-link"
    /// An analytics event.
    case analyticsEvent = "/api/analytics/event"
    /// A retention event.
    case analyticsRetention = "/api/analytics/retention"
}
