/// Sends the adapter's HTTP requests. The default is `DetourURLSessionTransport`.
///
/// A transport must not follow redirects (a followed POST turns into a GET): a 3xx answer is
/// returned as it is, and the adapter treats it as a failure. It should stop work when its
/// task is cancelled; the adapter cancels a request whose timeout has passed.
public protocol DetourHTTPTransport: Sendable {
    /// Sends `request` and returns the answer, or throws a transport error.
    func send(_ request: DetourHTTPRequest) async throws -> DetourHTTPResponse
}
