import Foundation
import Waypoint

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of `DetourURLSessionTransport`: refuses every redirect, collects each
/// task's body and resumes the task's continuation when it completes.
///
/// Only delegate-based tasks ask the delegate about redirects (FoundationNetworking follows
/// them silently for completion-handler tasks), so the transport uses this instead.
final class DetourURLSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending: Sendable {
        var continuation: CheckedContinuation<DetourHTTPResponse, any Error>
        var body = Data()
    }

    private let pending = Locked<[Int: Pending]>([:])

    /// Registers the continuation to resume when the task with `identifier` completes.
    func register(_ identifier: Int, _ continuation: CheckedContinuation<DetourHTTPResponse, any Error>) {
        pending.withLock { $0[identifier] = Pending(continuation: continuation) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Never follow: the 3xx answer itself completes the task and counts as a failure.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        pending.withLock { $0[dataTask.taskIdentifier]?.body.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let finished = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            finished.continuation.resume(throwing: error)
            return
        }
        guard let http = task.response as? HTTPURLResponse else {
            finished.continuation.resume(throwing: URLError(.badServerResponse))
            return
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name.lowercased()] = value
            }
        }
        finished.continuation.resume(
            returning: DetourHTTPResponse(statusCode: http.statusCode, headers: headers, body: finished.body))
    }
}
