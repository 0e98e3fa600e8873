import Foundation
import WaypointHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: an ephemeral `URLSession` (FoundationNetworking on Linux) without
/// cookies or cache that never follows redirects.
///
/// Each request runs in a session of its own. The body is streamed through the session's
/// delegate, and the session is stopped as soon as the body goes past the request's
/// ``DetourHTTPRequest/maxResponseBytes`` or the calling task is cancelled (the adapter's
/// exact deadline cancels it), so an answer that never ends costs at most that much memory and
/// its connection is closed. No call that can block, such as FoundationNetworking's cancel,
/// runs on the caller's thread. URLSession's own timeout is set to the request's timeout
/// rounded up plus one second, only as a backstop: FoundationNetworking truncates timeouts to
/// whole seconds, so the adapter enforces the exact timeout itself.
public final class DetourURLSessionTransport: DetourHTTPTransport {
    /// URLSession's own timeout for every request, when set; otherwise the request's timeout
    /// rounded up plus one second.
    private let sessionTimeout: TimeInterval?

    /// Creates a transport.
    public init() {
        sessionTimeout = nil
    }

    /// A transport whose URLSession timeout is `sessionTimeout` seconds for every request:
    /// tests whose deadlines run on a clock they move by hand pass a long one, so that the
    /// real clock cannot end an exchange before their clock does, however busy the machine.
    package init(sessionTimeout: TimeInterval) {
        self.sessionTimeout = sessionTimeout
    }

    /// The configuration of each request's session.
    private static func configuration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
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
        if let sessionTimeout {
            urlRequest.timeoutInterval = sessionTimeout
        } else if request.timeout.isFinite && request.timeout > 0 {
            urlRequest.timeoutInterval = min(request.timeout, 86_400).rounded(.up) + 1
        }
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let answer = try await CappedResponseDelegate.run(
            urlRequest, configuration: Self.configuration, followsRedirects: false,
            limit: request.maxResponseBytes)
        var headers: [String: String] = [:]
        for (name, value) in answer.response.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name.lowercased()] = value
            }
        }
        return DetourHTTPResponse(statusCode: answer.response.statusCode, headers: headers, body: answer.body)
    }
}
