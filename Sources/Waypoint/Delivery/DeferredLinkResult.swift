import Foundation

/// The outcome of a link whose delivery was deferred, reported to
/// ``LinkDelivery/onDeferredResult(_:)``: a held link once released (or dropped), a link that
/// waited for a condition once granted, approved, denied or superseded.
public struct DeferredLinkResult: Sendable {
    /// The link as the router received it.
    public let url: URL
    /// What happened to it: the result of its dispatch once delivered (which may be
    /// ``PendingDelivery/awaitingApproval(_:)`` again, or an asynchronous handler
    /// ``PendingDelivery/running(_:)``), or a failure: ``RoutingFailure/dropped``,
    /// ``RoutingFailure/denied`` or ``RoutingFailure/superseded``.
    public let result: DeepLinkResult

    /// Creates a report.
    public init(url: URL, result: DeepLinkResult) {
        self.url = url
        self.result = result
    }
}
