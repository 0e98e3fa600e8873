import Waypoint

@testable import WaypointDetour

/// A thread-safe list of recorded requests.
final class LockedRequests: Sendable {
    private let requests = Locked<[DetourHTTPRequest]>([])

    var all: [DetourHTTPRequest] { requests.withLock { $0 } }

    func append(_ request: DetourHTTPRequest) {
        requests.withLock { $0.append(request) }
    }
}
