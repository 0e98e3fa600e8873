import Foundation
import WaypointHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``PaylisherHTTPTransport``: `URLSession`, through FoundationNetworking on
/// Linux. It sends a plain `GET` without caching and streams the body through its session's
/// delegate, cancelling the request once the body goes past the caller's limit.
public struct PaylisherURLSessionTransport: PaylisherHTTPTransport {
    private let session: URLSession
    private let delegate: CappedResponseDelegate

    /// The default session: ephemeral, without a cache, shared by every transport that was
    /// not given one.
    private static let defaultSession: (URLSession, CappedResponseDelegate) = session(
        configuration: {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            return configuration
        }())

    /// A session with `configuration` whose delegate streams under a limit.
    private static func session(
        configuration: URLSessionConfiguration
    ) -> (URLSession, CappedResponseDelegate) {
        let delegate = CappedResponseDelegate(followsRedirects: true)
        return (URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil), delegate)
    }

    /// Creates a transport.
    ///
    /// - Parameter session: whose configuration to use; by default an ephemeral one without
    ///   a cache. The transport makes its own session from that configuration, so that it
    ///   can stream bodies through its delegate.
    public init(session: URLSession? = nil) {
        if let session {
            (self.session, delegate) = Self.session(configuration: session.configuration)
        } else {
            (self.session, delegate) = Self.defaultSession
        }
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
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.wholeSeconds(timeout))
        request.httpMethod = "GET"
        let answer = try await delegate.run(session.dataTask(with: request), limit: maxBodyBytes)
        return (answer.response.statusCode, answer.body)
    }

    /// `timeout` rounded up to whole seconds, at least one.
    package static func wholeSeconds(_ timeout: Duration) -> TimeInterval {
        let components = timeout.components
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return max(1, seconds.rounded(.up))
    }
}
