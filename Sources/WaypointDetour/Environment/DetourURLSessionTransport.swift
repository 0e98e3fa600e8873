import Foundation
import WaypointHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: an ephemeral `URLSession` (FoundationNetworking on Linux) without
/// cookies or cache that never follows redirects.
///
/// The body is streamed through the session's delegate and the task is cancelled as soon as
/// it goes past the request's ``DetourHTTPRequest/maxResponseBytes``, so an answer that never
/// ends costs at most that much memory. URLSession's own timeout is set to the request's
/// timeout rounded up plus one second, only as a backstop: FoundationNetworking truncates
/// timeouts to whole seconds, so the adapter enforces the exact timeout itself and cancels
/// the task when it passes.
public final class DetourURLSessionTransport: DetourHTTPTransport {
    private let session: URLSession
    private let delegate: CappedResponseDelegate

    /// Creates a transport with its own session.
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let delegate = CappedResponseDelegate(followsRedirects: false)
        self.delegate = delegate
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request`; a 3xx answer is returned, not followed. Cancelling the calling task
    /// cancels the request. A body longer than the request's `maxResponseBytes` throws.
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
        let answer = try await delegate.run(
            session.dataTask(with: urlRequest), limit: request.maxResponseBytes)
        var headers: [String: String] = [:]
        for (name, value) in answer.response.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name.lowercased()] = value
            }
        }
        return DetourHTTPResponse(statusCode: answer.response.statusCode, headers: headers, body: answer.body)
    }
}
