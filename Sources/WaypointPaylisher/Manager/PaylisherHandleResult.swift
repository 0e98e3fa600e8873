/// What ``PaylisherDeepLinkManager/handle(_:platformHint:)`` did with a URL (spec §6.1).
public enum PaylisherHandleResult: Sendable, Hashable {
    /// The link was parsed and is being delivered (now, or after the short link ahead of it
    /// resolves).
    case accepted
    /// No `onDeepLink` handler is registered yet: the link waits and is delivered as soon as
    /// one is. A newer link replaces it.
    case waitingForHandler
    /// The same URL was accepted less than `duplicateWindow` ago; nothing was done.
    case duplicate
    /// A bridge page: passed to `openBridgeURL`, nothing else was done.
    case bridge
    /// The URL is not a deep link; `Deep Link Failed` was sent and `onDeepLinkFailed` called.
    case failed(PaylisherDeepLinkError)
}
