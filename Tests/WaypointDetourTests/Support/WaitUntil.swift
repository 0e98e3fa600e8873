import TestHTTPServer

/// Waits until `condition` holds, checking it again each time something a test may wait for
/// happens (``TestSignal``): the server records a request or closes a connection, the
/// analytics queue records an attempt, a task sleeps on a ``TestClock``. No clock decides
/// the outcome; only a hang guard of ten minutes ends a wait whose condition never holds.
///
/// - Returns: whether the condition held.
@discardableResult
func waitUntil(_ condition: () async -> Bool) async -> Bool {
    await TestSignal.wait(until: condition)
}
