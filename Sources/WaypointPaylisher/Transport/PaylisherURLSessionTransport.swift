import Foundation
import WaypointHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``PaylisherHTTPTransport``: `URLSession`, through FoundationNetworking on
/// Linux. It sends a plain `GET` without caching, in a session of its own per request, and
/// streams the body through the session's delegate; the session is stopped (its connection
/// closed) once the body goes past the caller's limit or the calling task is cancelled (the
/// manager's deadline cancels it). No call that can block, such as FoundationNetworking's
/// cancel, runs on the caller's thread.
public struct PaylisherURLSessionTransport: PaylisherHTTPTransport {
    /// Makes each request's session configuration.
    private let configuration: @Sendable () -> URLSessionConfiguration
    /// URLSession's own timeout for every request, when set; otherwise the request's timeout
    /// rounded up to whole seconds.
    private let sessionTimeout: TimeInterval?

    /// The default configuration: ephemeral, without a cache.
    private static func defaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// Creates a transport.
    ///
    /// - Parameter session: whose configuration to use; by default an ephemeral one without
    ///   a cache. The transport makes a session of its own from that configuration for each
    ///   request, so that it can stream the body through its delegate and stop it.
    public init(session: URLSession? = nil) {
        if let session {
            configuration = { session.configuration }
        } else {
            configuration = Self.defaultConfiguration
        }
        sessionTimeout = nil
    }

    /// A transport with the default configuration whose URLSession timeout is
    /// `sessionTimeout` seconds for every request: tests whose deadlines run on a clock they
    /// move by hand pass a long one, so that the real clock cannot end an exchange before
    /// their clock does, however busy the machine.
    package init(sessionTimeout: TimeInterval) {
        configuration = Self.defaultConfiguration
        self.sessionTimeout = sessionTimeout
    }

    /// Sends a `GET` for `url`, accepting a body of any length up to the default response
    /// limit (``PaylisherDeepLinkConfig/defaultMaxResponseBytes``).
    public func get(_ url: URL, timeout: Duration) async throws -> (status: Int, body: Data) {
        try await get(url, timeout: timeout, maxBodyBytes: PaylisherDeepLinkConfig.defaultMaxResponseBytes)
    }

    /// Sends a `GET` for `url`, reading at most `maxBodyBytes` of the body.
    ///
    /// FoundationNetworking on Linux truncates timeouts to whole seconds, so the timeout is
    /// rounded up to a whole number of seconds (at least one); the manager enforces the exact
    /// limit itself.
    public func get(
        _ url: URL, timeout: Duration, maxBodyBytes: Int
    ) async throws -> (status: Int, body: Data) {
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: sessionTimeout ?? Self.wholeSeconds(timeout))
        request.httpMethod = "GET"
        let answer = try await CappedResponseDelegate.run(
            request, configuration: configuration, followsRedirects: true, limit: maxBodyBytes)
        return (answer.response.statusCode, answer.body)
    }

    /// `timeout` rounded up to whole seconds, at least one.
    package static func wholeSeconds(_ timeout: Duration) -> TimeInterval {
        let components = timeout.components
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return max(1, seconds.rounded(.up))
    }
}
