/// An HTTP answer whose body is longer than the caller accepts.
package struct ResponseTooLargeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The most body bytes accepted.
    package let limit: Int
    /// The `Content-Length` the server declared, when that alone went over the limit.
    package let declared: Int64?

    /// Creates the error.
    package init(limit: Int, declared: Int64?) {
        self.limit = limit
        self.declared = declared
    }

    package var description: String {
        if let declared {
            return "response of \(declared) bytes is over the \(limit)-byte limit"
        }
        return "response body went over the \(limit)-byte limit"
    }
}
