import Waypoint

/// The handlers' output: the index of the route whose handler ran last.
final class DispatchSink: @unchecked Sendable {
    // @unchecked Sendable: the benchmark dispatches from one thread only, so the handlers
    // and the reader never touch `route` at the same time.
    /// The route whose handler ran last, or -1.
    var route = -1

    /// One closure handler per route, each recording its index here.
    func handlers(count: Int) -> [@Sendable (DeepLink) -> Void] {
        (0..<count).map { index in { [self] _ in self.route = index } }
    }
}
