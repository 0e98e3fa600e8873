/// How a link goes on when the router's result was made before its handling finished
/// (``DeepLinkResult/pending``).
public enum PendingDelivery: Sendable {
    /// The route's handler is asynchronous and a synchronous ``Router/handle(_:)-(URL)``
    /// started it in this task, which returns the result once the handler has finished.
    /// Cancelling the task cancels the handler.
    case running(Task<DeepLinkResult, Never>)
    /// Delivery is on hold (``LinkDelivery/hold(limit:)``): the link waits, in arrival
    /// order, for ``LinkDelivery/release()``. Its outcome is reported to
    /// ``LinkDelivery/onDeferredResult(_:)``.
    case held
    /// The route requires this condition (``LinkDelivery/require(_:for:)``), which the app has not
    /// granted: the link waits until the app grants or approves it, then runs; its outcome is
    /// reported to ``LinkDelivery/onDeferredResult(_:)``.
    case awaitingApproval(LinkCondition)
}
