import Dispatch
import Foundation
import Waypoint

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP exchange of both adapters' URLSession transports, with a cap on the body and an
/// exact deadline, that never blocks the caller's thread.
///
/// Each exchange gets a session of its own, with this object as its delegate. The body is
/// streamed into memory up to the limit; the moment it goes past the limit, or the deadline
/// passes, or the caller is cancelled, the caller is resumed at once with the error and the
/// session is invalidated and cancelled, which closes the connection. A completed exchange
/// lets its session finish and invalidate, which releases this delegate.
///
/// **Nothing here blocks a thread of the cooperative pool.** On FoundationNetworking (Linux),
/// creating a task, resuming it, cancelling it and invalidating its session each wait for
/// the library's work queue (`DispatchQueue.sync`), which can stay busy for as long as other
/// transfers keep delivering data: called from async code, four capped exchanges once blocked
/// both threads of a two-core machine's pool, so no deadline could fire. So every one of
/// those calls runs on the exchange's own serial dispatch queue, and async code never waits
/// for that queue: it only waits on a continuation. The deadline's backstop is a dispatch
/// timer on a global queue, so it fires, resumes the caller and orders the session stopped
/// even when every pool thread is busy; the caller runs as soon as a pool thread is free.
///
/// Only delegate-based tasks report their body piece by piece on FoundationNetworking (Linux
/// has no `URLSession.bytes(for:)`), and only they ask the delegate about redirects, so the
/// transports use this instead of `data(for:)`. Memory per request stays within the limit
/// plus the pieces already in flight when the session is stopped.
package final class CappedResponseDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// The answer of one exchange: the final response and its whole body.
    package struct Answer: Sendable {
        /// The HTTP response.
        package var response: HTTPURLResponse
        /// The body, at most the exchange's limit.
        package var body: Data
    }

    /// What happened to the exchange and what is left to do, behind one lock.
    private struct State: Sendable {
        /// The waiting caller, once it has started waiting.
        var continuation: CheckedContinuation<Answer, any Error>?
        /// The outcome, when it came before the caller started waiting.
        var early: Result<Answer, any Error>?
        /// Whether the outcome has been decided (the caller resumed or about to be).
        var finished = false
        /// The body received so far.
        var body = Data()
        /// The session, once created on the control queue and until it is stopped.
        var session: URLSession?
    }

    private let limit: Int
    private let followsRedirects: Bool
    private let state = Locked(State())
    /// Where every FoundationNetworking call that may block runs: serial, one per exchange,
    /// so a call stuck behind a busy work queue holds up no other exchange.
    private let control: DispatchQueue

    private init(limit: Int, followsRedirects: Bool) {
        self.limit = max(0, limit)
        self.followsRedirects = followsRedirects
        control = DispatchQueue(label: "Waypoint.HTTP.exchange")
    }

    /// Sends `request` in a session of its own made from `configuration` and returns the
    /// answer.
    ///
    /// - Parameters:
    ///   - configuration: makes the session's configuration; called on the exchange's queue.
    ///   - followsRedirects: whether a 3xx is followed (Paylisher's `GET`) or returned as the
    ///     answer (Detour's `POST`, which a followed redirect turns into a GET).
    ///   - limit: the most body bytes accepted; more throws ``ResponseTooLargeError``.
    ///   - timeout: the caller's limit on the whole exchange, in seconds; `nil`, zero or not
    ///     finite for none. The callers enforce it on their own clock; this is the backstop
    ///     for when they cannot run (every pool thread busy): a dispatch timer that fires one
    ///     second later (at the earliest the next whole second plus one, as URLSession's own
    ///     timeout was set), and throws `URLError(.timedOut)`. So a call returns within its
    ///     deadline plus a second whatever the pool does, and a test's clock stays the only
    ///     one that decides its deadlines.
    /// - Throws: `CancellationError` when the calling task is cancelled, or the transport's
    ///   error.
    package static func run(
        _ request: URLRequest, configuration: @escaping @Sendable () -> URLSessionConfiguration,
        followsRedirects: Bool, limit: Int, timeout: TimeInterval?
    ) async throws -> Answer {
        try Task.checkCancellation()
        let exchange = CappedResponseDelegate(limit: limit, followsRedirects: followsRedirects)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.wait(with: continuation)
                if let timeout, timeout.isFinite, timeout > 0 {
                    exchange.startTimer(seconds: max(timeout + 1, timeout.rounded(.up) + 1))
                }
                exchange.control.async {
                    exchange.start(request, configuration: configuration())
                }
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

    /// Arms the deadline on a global dispatch queue: never on the cooperative pool, and
    /// never behind this exchange's control queue, which may be waiting on
    /// FoundationNetworking.
    ///
    /// The timer holds the exchange weakly: once the exchange has ended and its session has
    /// let go of it, a timer that fires later finds nothing to do.
    private func startTimer(seconds: TimeInterval) {
        // Capped at a day: DispatchTime overflows on absurd intervals.
        DispatchQueue.global().asyncAfter(deadline: .now() + min(seconds, 86_400)) { [weak self] in
            self?.finish(.failure(URLError(.timedOut)), stopping: true)
        }
    }

    /// Creates the session and starts the task, on the control queue, unless the exchange
    /// already ended.
    private func start(_ request: URLRequest, configuration: URLSessionConfiguration) {
        guard !state.withLock({ $0.finished }) else { return }
        let callbacks = BoundedCallbackQueue()
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: callbacks)
        let task = session.dataTask(with: request)
        let stillRunning = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.session = session
            return true
        }
        guard stillRunning else {
            // Ended while the session was being made: it never starts, and invalidating it
            // releases this delegate.
            session.invalidateAndCancel()
            return
        }
        task.resume()
    }

    /// Decides the outcome once: resumes the caller (or keeps the outcome for it) and, on the
    /// control queue, stops the session (`stopping`: invalidate and
    /// cancel, closing the connection) or lets it finish and invalidate. Later calls do
    /// nothing.
    private func finish(_ outcome: Result<Answer, any Error>, stopping: Bool) {
        let decided = state.withLock { state -> (CheckedContinuation<Answer, any Error>?, URLSession?)? in
            guard !state.finished else { return nil }
            state.finished = true
            state.body = Data()
            defer {
                state.continuation = nil
                state.session = nil
            }
            if state.continuation == nil { state.early = outcome }
            return (state.continuation, state.session)
        }
        guard let (continuation, session) = decided else { return }
        continuation?.resume(with: outcome)
        if let session {
            control.async {
                if stopping {
                    session.invalidateAndCancel()
                } else {
                    session.finishTasksAndInvalidate()
                }
            }
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
        let overflow = state.withLock { state -> Bool in
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

/// The delegate queue of one exchange: callbacks run in order on a serial dispatch queue of
/// their own, and the session cannot run more than ``limit`` callbacks ahead of them.
///
/// FoundationNetworking hands each received piece of body to the delegate queue with
/// `addOperation(_:)` from the session's work queue and never waits: a server faster than the
/// callbacks (a flood on loopback, sixteen at once on two cores) piled pieces up by the
/// hundred megabytes, and a session's default queue, the global concurrent queue as wide as
/// the processor count, kept other exchanges' pieces waiting for seconds. Here the work
/// queue waits, for at most ``patience`` a piece, while ``limit`` pieces are pending, so
/// memory stays near `limit` pieces an exchange and a flood is read no faster than it is
/// handled. The wait is on FoundationNetworking's own work queue, never on the cooperative
/// pool, and is bounded, so no callback can be held up by it for long. (Slowing a session that
/// is being stopped was tried: FoundationNetworking then took minutes to get to the
/// invalidation, which waits for its work queue.)
final class BoundedCallbackQueue: OperationQueue, @unchecked Sendable {
    // @unchecked Sendable: OperationQueue is Sendable; the added stored properties are a
    // serial queue and a semaphore, both thread-safe, set once in init.
    /// Pieces that may be pending before the session waits: 64 pieces of at most 16 KiB
    /// (libcurl's buffer) is 1 MiB.
    static let limit = 64
    /// The longest the session waits for a slot, in seconds, before handing the callback on
    /// anyway.
    static let patience = 0.05

    private let serial = DispatchQueue(label: "Waypoint.HTTP.callbacks")
    private let slots = DispatchSemaphore(value: BoundedCallbackQueue.limit)

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        underlyingQueue = serial
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        let acquired = slots.wait(timeout: .now() + Self.patience) == .success
        serial.async { [slots] in
            block()
            if acquired { slots.signal() }
        }
    }
}
