import TestHTTPServer
import Waypoint
import WaypointPaylisher

/// An event sink that records every event, in order.
final class RecordingEventSink: PaylisherEventSink {
    private let recorded = Locked<[PaylisherEvent]>([])

    func capture(_ event: PaylisherEvent) {
        recorded.withLock { $0.append(event) }
        TestSignal.changed()
    }

    /// Every event so far.
    var events: [PaylisherEvent] { recorded.withLock { $0 } }

    /// The names of every event so far.
    var names: [String] { events.map(\.name) }

    /// Forgets the events so far.
    func clear() {
        recorded.withLock { $0.removeAll() }
    }
}
