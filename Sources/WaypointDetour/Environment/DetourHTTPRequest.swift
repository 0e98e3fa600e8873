import Foundation

/// One request the adapter asks a transport to send.
public struct DetourHTTPRequest: Sendable, Hashable {
    /// The endpoint URL.
    public var url: URL
    /// The method; always `POST` for Detour endpoints.
    public var method: String
    /// Header fields, by name as the adapter spells them.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data
    /// The overall timeout the adapter enforces for this request, in seconds. Transports may
    /// use it as a hint; the adapter abandons the request when it passes either way.
    public var timeout: TimeInterval
    /// The most body bytes the adapter accepts in the answer. A transport should stop
    /// reading and throw once the body goes past it; the adapter refuses a longer body
    /// either way.
    public var maxResponseBytes: Int

    /// Creates a request.
    public init(
        url: URL, method: String, headers: [String: String], body: Data, timeout: TimeInterval,
        maxResponseBytes: Int = DetourEnvironment.defaultMaxResponseBytes
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }
}
