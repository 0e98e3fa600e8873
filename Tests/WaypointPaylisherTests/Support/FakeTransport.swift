import Foundation
import TestHTTPServer
import Waypoint
import WaypointPaylisher

/// A transport that answers from a closure and records every request, for tests that need
/// no sockets.
final class FakeTransport: PaylisherHTTPTransport {
    typealias Responder = @Sendable (URL) async throws -> (status: Int, body: Data)

    private let responder: Responder
    private let recorded = Locked<[URL]>([])

    init(_ responder: @escaping Responder) {
        self.responder = responder
    }

    /// Answers every request with `status` and the UTF-8 `body`.
    convenience init(status: Int, body: String) {
        self.init { _ in (status, Data(body.utf8)) }
    }

    /// Suspends until the calling task is cancelled, then throws `CancellationError`: a
    /// server that never answers. No timer is involved, so however long a busy machine takes
    /// to reach the manager's deadline, the answer cannot come first.
    static func hangUntilCancelled() async throws -> Never {
        let waiter = Locked<CheckedContinuation<Void, Never>?>(nil)
        // Whichever of the two runs second finds the other's state and resumes, exactly once.
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = waiter.withLock { waiter in
                    waiter = continuation
                    return Task.isCancelled
                }
                if resumeNow { waiter.withLock { $0.take() }?.resume() }
            }
        } onCancel: {
            waiter.withLock { $0.take() }?.resume()
        }
        throw CancellationError()
    }

    /// The URLs requested so far.
    var requests: [URL] { recorded.withLock { $0 } }

    func get(_ url: URL, timeout: Duration) async throws -> (status: Int, body: Data) {
        recorded.withLock { $0.append(url) }
        TestSignal.changed()
        return try await responder(url)
    }
}
