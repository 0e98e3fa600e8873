import Foundation

/// What one analytics delivery attempt means for its record (the status table of §8).
package enum DetourDeliveryOutcome: Sendable, Hashable {
    /// 2xx: delete the record, count it delivered.
    case delivered
    /// 400, 413, 415, 422: the server refused this record; delete it, count it rejected.
    case rejected(status: Int)
    /// Anything else: keep the record and retry; `retryAfter` is the server's wish, if any.
    case retry(reason: String, retryAfter: TimeInterval?)

    /// The statuses that reject a record for good.
    package static let rejectingStatuses: Set<Int> = [400, 413, 415, 422]

    /// Classifies an attempt's result; `now` resolves a `Retry-After` date.
    package init(_ result: Result<DetourHTTPResponse, DetourHTTPFailure>, now: Date) {
        switch result {
        case .failure(let failure):
            self = .retry(reason: failure.description, retryAfter: nil)
        case .success(let response) where response.isSuccess:
            self = .delivered
        case .success(let response) where Self.rejectingStatuses.contains(response.statusCode):
            self = .rejected(status: response.statusCode)
        case .success(let response):
            let retryAfter = response.header("Retry-After").flatMap { DetourRetryAfter.seconds($0, now: now) }
            self = .retry(reason: "status \(response.statusCode)", retryAfter: retryAfter)
        }
    }
}
