import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: an ephemeral `URLSession` (FoundationNetworking on Linux) without
/// cookies or cache that never follows redirects.
///
/// URLSession's own timeout is set to the request's timeout rounded up plus one second, only
/// as a backstop: FoundationNetworking truncates timeouts to whole seconds, so the adapter
/// enforces the exact timeout itself and cancels the task when it passes.
public final class DetourURLSessionTransport: DetourHTTPTransport {
    private let session: URLSession
    private let delegate: DetourURLSessionDelegate

    /// Creates a transport with its own session.
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let delegate = DetourURLSessionDelegate()
        self.delegate = delegate
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request`; a 3xx answer is returned, not followed. Cancelling the calling task
    /// cancels the request.
    public func send(_ request: DetourHTTPRequest) async throws -> DetourHTTPResponse {
        try Task.checkCancellation()
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.httpShouldHandleCookies = false
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        if request.timeout.isFinite && request.timeout > 0 {
            urlRequest.timeoutInterval = min(request.timeout, 86_400).rounded(.up) + 1
        }
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let task = session.dataTask(with: urlRequest)
        let delegate = self.delegate
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.register(task.taskIdentifier, continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}
