import Dispatch

/// Holds a server reply until the test opens it, so a request stays in flight for exactly
/// as long as the test needs, on any machine (instead of a reply delayed by wall time).
final class ReplyGate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    /// Blocks the server's connection thread until ``open()``.
    func wait() {
        semaphore.wait()
        semaphore.signal()
    }

    /// Lets every waiting and later reply through.
    func open() {
        semaphore.signal()
    }
}
