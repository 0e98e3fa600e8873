import Foundation

/// Why a request produced no HTTP answer.
package enum DetourHTTPFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The endpoint URL could not be formed from the base URL.
    case invalidURL(String)
    /// The overall timeout passed.
    case timedOut(TimeInterval)
    /// The transport failed (connection refused or reset, garbled response, …).
    case transport(String)
    /// The answer's body was longer than `environment.maxResponseBytes`.
    case responseTooLarge(limit: Int)
    /// The calling task was cancelled.
    case cancelled

    package var description: String {
        switch self {
        case .invalidURL(let url): "invalid endpoint URL \(url)"
        case .timedOut(let seconds): "timed out after \(seconds) s"
        case .transport(let message): "transport error: \(message)"
        case .responseTooLarge(let limit): "the answer is over the \(limit)-byte response limit"
        case .cancelled: "cancelled"
        }
    }
}
