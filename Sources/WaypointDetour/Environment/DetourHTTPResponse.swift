import Foundation

/// The answer a transport received: the final response, never a followed redirect.
public struct DetourHTTPResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var statusCode: Int
    /// Header fields with lower-cased names.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// Creates a response; header names are lower-cased.
    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        var lowered: [String: String] = [:]
        for (name, value) in headers {
            lowered[name.lowercased()] = value
        }
        self.headers = lowered
        self.body = body
    }

    /// The value of a header field, looked up case-insensitively.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200...299).contains(statusCode) }
}
