import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``PaylisherHTTPTransport``: `URLSession`, through FoundationNetworking on
/// Linux. It sends a plain `GET` without caching.
public struct PaylisherURLSessionTransport: PaylisherHTTPTransport {
    private let session: URLSession

    /// The default session: ephemeral, without a cache, shared by every transport that was
    /// not given one.
    private static let defaultSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    /// Creates a transport.
    ///
    /// - Parameter session: the session to use; by default an ephemeral session without a
    ///   cache.
    public init(session: URLSession? = nil) {
        self.session = session ?? Self.defaultSession
    }

    /// Sends a `GET` for `url`.
    ///
    /// FoundationNetworking on Linux truncates timeouts to whole seconds, so the timeout is
    /// rounded up to a whole number of seconds (at least one); the manager enforces the exact
    /// limit itself.
    public func get(_ url: URL, timeout: Duration) async throws -> (status: Int, body: Data) {
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.wholeSeconds(timeout))
        request.httpMethod = "GET"
        let (body, response) = try await session.data(for: request)
        guard let response = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return (response.statusCode, body)
    }

    /// `timeout` rounded up to whole seconds, at least one.
    package static func wholeSeconds(_ timeout: Duration) -> TimeInterval {
        let components = timeout.components
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return max(1, seconds.rounded(.up))
    }
}
