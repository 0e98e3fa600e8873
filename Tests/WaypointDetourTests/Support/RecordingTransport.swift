import Foundation
import WaypointDetour

/// A transport that answers without a network: 200 `{}` for analytics, `notFound` for the
/// rest, recording every request.
final class RecordingTransport: DetourHTTPTransport {
    private let recorded = LockedRequests()

    var requests: [DetourHTTPRequest] { recorded.all }

    func send(_ request: DetourHTTPRequest) async throws -> DetourHTTPResponse {
        recorded.append(request)
        if request.url.path.hasPrefix("/api/analytics/") {
            return DetourHTTPResponse(statusCode: 200, body: Data("{}".utf8))
        }
        return DetourHTTPResponse(statusCode: 404, body: Data(#"{"error":"not found"}"#.utf8))
    }
}
