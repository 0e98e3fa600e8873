import Dispatch
import Foundation
import Waypoint

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP exchange of both adapters' URLSession transports, with a cap on the body, that
/// never blocks the caller's thread.
///
/// Each exchange has a session of its own, with this object as its delegate. The body is
/// streamed into memory up to the limit. The moment it goes past the limit, or the caller is
/// cancelled (which is how the adapters' deadlines end an exchange), the caller is resumed at
/// once with the error, every later piece of body is dropped unread, and the task is
/// cancelled and its session invalidated, which closes the connection. A completed exchange lets its
/// session finish and invalidate, which releases this delegate.
///
/// **Nothing here blocks a thread of the cooperative pool.** On FoundationNetworking (Linux),
/// creating a task, resuming it, cancelling it and invalidating its session each wait on the
/// session's work queue (`DispatchQueue.sync`). That queue also runs libcurl's socket
/// handler, and while a server floods the connection the handler is due again before it has
/// returned, so a waiting call can be held up for seconds (decisions.md, "Capped answers never hang the process": four capped exchanges
/// on one shared session blocked both threads of a two-core machine's pool in `cancel()`,
/// and no deadline could fire). So every one of those calls runs on the exchange's own serial
/// Dispatch queue, and async code only ever waits on a continuation that this object resumes
/// itself. A session of its own per exchange keeps one flooded exchange's busy work queue
/// from holding up any other.
///
/// Only delegate-based tasks report their body piece by piece on FoundationNetworking (Linux
/// has no `URLSession.bytes(for:)`), and only they ask the delegate about redirects, so the
/// transports use this instead of `data(for:)`. Memory per exchange stays within the limit
/// plus one received piece: pieces past the limit are never stored.
///
/// It does not answer `didReceive response` (to refuse a declared `Content-Length` early):
/// on FoundationNetworking that callback's completion handler is one more trip through the
/// busy work queue; the streamed check catches the same body one piece later.
package final class CappedResponseDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// The answer of one exchange: the final response and its whole body.
    package struct Answer: Sendable {
        /// The HTTP response.
        package var response: HTTPURLResponse
        /// The body, at most the exchange's limit.
        package var body: Data
    }

    /// What happened to the exchange so far, behind one lock.
    private struct State: Sendable {
        /// The waiting caller, once it has started waiting.
        var continuation: CheckedContinuation<Answer, any Error>?
        /// The outcome, when it came before the caller started waiting.
        var early: Result<Answer, any Error>?
        /// Whether the outcome has been decided; from then on every piece of body is dropped.
        var finished = false
        /// Whether the session must be stopped as soon as it exists (the outcome came first).
        var stopWhenStarted = false
        /// The body received so far.
        var body = Data()
        /// The session and its task, once made on the control queue.
        var session: (URLSession, URLSessionDataTask)?
    }

    private let limit: Int
    private let followsRedirects: Bool
    private let state = Locked(State())
    /// Where every FoundationNetworking call that may block runs: serial, one per exchange,
    /// so a call held up by a busy work queue holds up nothing else.
    private let control = DispatchQueue(label: "Waypoint.HTTP.exchange")

    private init(limit: Int, followsRedirects: Bool) {
        self.limit = max(0, limit)
        self.followsRedirects = followsRedirects
    }

    /// Sends `request` in a session of its own, made from `configuration`, and returns the
    /// answer.
    ///
    /// - Parameters:
    ///   - configuration: makes the session's configuration; called on the exchange's queue.
    ///   - followsRedirects: whether a 3xx is followed (Paylisher's `GET`) or returned as the
    ///     answer (Detour's `POST`, which a followed redirect turns into a GET).
    ///   - limit: the most body bytes accepted; more throws ``ResponseTooLargeError``.
    /// - Throws: `CancellationError` when the calling task is cancelled (the adapters'
    ///   deadlines cancel it), ``ResponseTooLargeError``, or the transport's error.
    package static func run(
        _ request: URLRequest, configuration: @escaping @Sendable () -> URLSessionConfiguration,
        followsRedirects: Bool, limit: Int
    ) async throws -> Answer {
        try Task.checkCancellation()
        let exchange = CappedResponseDelegate(limit: limit, followsRedirects: followsRedirects)
        exchange.control.async {
            exchange.start(request, configuration: configuration())
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.wait(with: continuation)
            }
        } onCancel: {
            exchange.finish(.failure(CancellationError()), stopping: true)
        }
    }

    /// Stores the waiting caller, or resumes it at once when the outcome came first.
    private func wait(with continuation: CheckedContinuation<Answer, any Error>) {
        let early = state.withLock { state -> Result<Answer, any Error>? in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    /// Makes the session and starts the task, on the control queue, unless the exchange
    /// already ended.
    private func start(_ request: URLRequest, configuration: URLSessionConfiguration) {
        guard !state.withLock({ $0.finished }) else { return }
        // No stored credentials: FoundationNetworking's answer to a challenge with one
        // suspends the task from the delegate queue, which here is the work queue itself.
        configuration.urlCredentialStorage = nil
        let session = URLSession(
            configuration: configuration, delegate: self, delegateQueue: Self.delegateQueue())
        let task = session.dataTask(with: request)
        let stopped = state.withLock { state -> Bool in
            state.session = (session, task)
            return state.stopWhenStarted
        }
        if stopped {
            // Ended while the session was being made: it never starts, and invalidating it
            // releases this delegate.
            session.invalidateAndCancel()
            return
        }
        task.resume()
    }

    /// Decides the outcome once: resumes the caller (or keeps the outcome for it), forgets
    /// the body, and, on the control queue, stops the session (`stopping`: invalidate and
    /// cancel, which closes the connection) or lets it finish and invalidate. Later calls do
    /// nothing. Never blocks: callable from a cancellation handler, a delegate callback or a
    /// timer.
    private func finish(_ outcome: Result<Answer, any Error>, stopping: Bool) {
        let decided = state.withLock {
            state -> (CheckedContinuation<Answer, any Error>?, (URLSession, URLSessionDataTask)?)? in
            guard !state.finished else { return nil }
            state.finished = true
            state.body = Data()
            state.stopWhenStarted = stopping
            defer { state.continuation = nil }
            if state.continuation == nil { state.early = outcome }
            return (state.continuation, state.session)
        }
        guard let (continuation, started) = decided else { return }
        continuation?.resume(with: outcome)
        // Without a session yet, `start` stops it (or never makes it).
        if let (session, task) = started {
            control.async {
                // Cancelling the task first: it asks the work queue once, where invalidating
                // and cancelling asks it once for the session and once more for each task,
                // and each ask can wait behind a flood.
                if stopping { task.cancel() }
                session.finishTasksAndInvalidate()
            }
        }
    }

    /// The queue of one session's delegate callbacks: on FoundationNetworking, each callback
    /// runs at once on the thread that has the piece of body in hand (see
    /// ``InlineDelegateQueue``); elsewhere URLSession's own serial queue.
    private static func delegateQueue() -> OperationQueue? {
        #if canImport(FoundationNetworking)
            InlineDelegateQueue()
        #else
            nil
        #endif
    }

    package func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Not following: the 3xx answer itself completes the task.
        completionHandler(followsRedirects ? request : nil)
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow = state.withLock { state -> Bool in
            // Past the limit, or after any other end: dropped, never stored.
            guard !state.finished else { return false }
            guard data.count <= limit - state.body.count else { return true }
            state.body.append(data)
            return false
        }
        if overflow {
            finish(.failure(ResponseTooLargeError(limit: limit, declared: nil)), stopping: true)
        }
    }

    package func urlSession(
        _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
        if let error {
            finish(.failure(error), stopping: false)
            return
        }
        guard let http = task.response as? HTTPURLResponse else {
            finish(.failure(URLError(.badServerResponse)), stopping: false)
            return
        }
        let body = state.withLock { $0.body }
        finish(.success(Answer(response: http, body: body)), stopping: false)
    }
}

#if canImport(FoundationNetworking)
    /// The delegate queue of an exchange's session on FoundationNetworking: it runs each
    /// callback on the calling thread, the session's work queue, as libcurl hands over each
    /// piece of body.
    ///
    /// With a queue of its own, FoundationNetworking copies every piece into a block queued
    /// for later and reads on: against a server faster than the callbacks, pieces past the
    /// cap piled up by the hundred megabytes before the delegate could drop them, and the
    /// extra threads starved the work queue further. Run at once, a piece past the cap is
    /// dropped before the next is read, so nothing is buffered, and the session's stop got
    /// through the work queue in about a second instead of tens of seconds (the figures are in
    /// Documentation/decisions.md). The delegate's callbacks only take a lock, append or
    /// drop, resume a continuation and queue work elsewhere; none waits on the session. What
    /// FoundationNetworking itself queues here (completion bookkeeping) only queues work
    /// asynchronously, except its credential-storage authentication path, which the sessions
    /// turn off (`urlCredentialStorage` is nil).
    final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
        // @unchecked Sendable: OperationQueue is Sendable; this subclass adds no state.
        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            block()
        }
    }
#endif
