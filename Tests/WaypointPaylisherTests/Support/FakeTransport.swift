import Foundation
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

    /// The URLs requested so far.
    var requests: [URL] { recorded.withLock { $0 } }

    func get(_ url: URL, timeout: Duration) async throws -> (status: Int, body: Data) {
        recorded.withLock { $0.append(url) }
        return try await responder(url)
    }
}
