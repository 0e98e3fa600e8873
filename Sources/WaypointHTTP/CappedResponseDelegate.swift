import Foundation
import Waypoint

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of both adapters' URLSession transports: it streams each task's
/// body into memory up to a byte limit, cancels the task the moment the received body goes
/// past that limit, and resumes the task's continuation once, with the answer or the error.
///
/// It does not answer `didReceive response` (to refuse a declared `Content-Length` early):
/// on FoundationNetworking that callback's completion handler stalled the shared session
/// under load; the streamed check catches the same body one piece later.
///
/// Only delegate-based tasks report their body piece by piece on FoundationNetworking (Linux
/// has no `URLSession.bytes(for:)`), and only they ask the delegate about redirects, so the
/// transports use this instead of `data(for:)`. Memory per request stays within the limit
/// plus one received piece, whatever the server sends.
package final class CappedResponseDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// The answer of one task: the final response and its whole body.
    package struct Answer: Sendable {
        /// The HTTP response.
        package var response: HTTPURLResponse
        /// The body, at most the task's limit.
        package var body: Data
    }

    private struct Pending: Sendable {
        var continuation: CheckedContinuation<Answer, any Error>
        var limit: Int
        var body = Data()
    }

    private let followsRedirects: Bool
    private let pending = Locked<[Int: Pending]>([:])

    /// Creates a delegate.
    ///
    /// - Parameter followsRedirects: whether a 3xx is followed (Paylisher's `GET`) or
    ///   returned as the answer (Detour's `POST`, which a followed redirect turns into a GET).
    package init(followsRedirects: Bool) {
        self.followsRedirects = followsRedirects
    }

    /// Starts `task` and waits for its answer, cancelling it when the caller is cancelled.
    ///
    /// - Parameter limit: the most body bytes accepted; more throws
    ///   ``ResponseTooLargeError``.
    package func run(_ task: URLSessionDataTask, limit: Int) async throws -> Answer {
        try Task.checkCancellation()
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    pending.withLock {
                        $0[task.taskIdentifier] = Pending(continuation: continuation, limit: max(0, limit))
                    }
                    task.resume()
                }
            } onCancel: {
                task.cancel()
            }
        } catch let tooLarge as ResponseTooLargeError {
            // Stop the transfer, once, from the caller's side: cancelling from inside the
            // delegate callback can stall the session on FoundationNetworking, and a second
            // cancel of the same task can trap there.
            task.cancel()
            throw tooLarge
        }
    }

    package func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Not following: the 3xx answer itself completes the task.
        completionHandler(followsRedirects ? request : nil)
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow = pending.withLock { state -> Int? in
            guard var entry = state[dataTask.taskIdentifier] else { return nil }
            guard data.count <= entry.limit - entry.body.count else { return entry.limit }
            entry.body.append(data)
            state[dataTask.taskIdentifier] = entry
            return nil
        }
        if let overflow {
            fail(dataTask, with: ResponseTooLargeError(limit: overflow, declared: nil))
        }
    }

    package func urlSession(
        _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
        guard let finished = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            finished.continuation.resume(throwing: error)
            return
        }
        guard let http = task.response as? HTTPURLResponse else {
            finished.continuation.resume(throwing: URLError(.badServerResponse))
            return
        }
        finished.continuation.resume(returning: Answer(response: http, body: finished.body))
    }

    /// Resumes the task's caller with `error`, once; the caller cancels the task.
    private func fail(_ task: URLSessionTask, with error: any Error) {
        let entry = pending.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        entry?.continuation.resume(throwing: error)
    }
}
