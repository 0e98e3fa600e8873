import Foundation

/// Performs the campaign-resolution `GET` (spec §5.1). Tests inject a fake; the default is
/// ``PaylisherURLSessionTransport``.
public protocol PaylisherHTTPTransport: Sendable {
    /// Sends a `GET` for `url` with no body and no added headers.
    ///
    /// - Parameters:
    ///   - url: the request URL.
    ///   - timeout: how long the request may take. The manager enforces it as well, so an
    ///     implementation may round it to what its platform supports.
    /// - Returns: the HTTP status and the response body.
    /// - Throws: when no HTTP response arrived.
    func get(_ url: URL, timeout: Duration) async throws -> (status: Int, body: Data)

    /// Sends a `GET` for `url` and reads at most `maxBodyBytes` of the body, throwing once
    /// the body goes past it, so an answer that never ends costs bounded memory.
    ///
    /// The default implementation calls ``get(_:timeout:)``; the manager refuses a longer
    /// body either way, but only a transport that streams keeps memory bounded.
    func get(_ url: URL, timeout: Duration, maxBodyBytes: Int) async throws -> (status: Int, body: Data)
}

extension PaylisherHTTPTransport {
    /// Calls ``get(_:timeout:)``; the manager checks the body's size afterwards.
    public func get(
        _ url: URL, timeout: Duration, maxBodyBytes: Int
    ) async throws -> (status: Int, body: Data) {
        try await get(url, timeout: timeout)
    }
}
