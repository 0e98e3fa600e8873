import Foundation
import TestHTTPServer
import Waypoint

@testable import WaypointDetour

/// One test's world: a local server, a data directory and a Detour "process" (a `Detour`
/// and its analytics with their own environment). `restart()` makes a new process on the
/// same directory, as the next launch of the app would be.
final class DetourHarness: Sendable {
    let server: TestHTTPServer
    let directory: TestDirectory
    let logs = LogCapture()
    let clipboard: (any DetourClipboardSource)?
    let timeouts: DetourTimeouts
    private let current: Locked<(detour: Detour, analytics: DetourAnalyticsController)>

    /// Starts a server with `handler`; analytics endpoints answer 200 unless the handler
    /// answers them itself.
    init(
        clipboard: (any DetourClipboardSource)? = nil,
        timeouts: DetourTimeouts = DetourTimeouts(shortLink: 2, matchLink: 2, analytics: 2),
        handler: @escaping TestHTTPServer.Handler = { _ in .respond(status: 404) }
    ) throws {
        server = try TestHTTPServer(handler: handler)
        directory = try TestDirectory()
        self.clipboard = clipboard
        self.timeouts = timeouts
        let environment = TestEnvironment.make(
            directory: directory, logs: logs, clipboard: clipboard, timeouts: timeouts)
        let analytics = DetourAnalyticsController(environment: environment)
        current = Locked((Detour(environment: environment, analytics: analytics), analytics))
    }

    var detour: Detour { current.withLock { $0.detour } }
    var analytics: DetourAnalyticsController { current.withLock { $0.analytics } }

    /// A fresh environment on the same directory (a new store instance reads the file).
    func makeEnvironment() -> DetourEnvironment {
        TestEnvironment.make(directory: directory, logs: logs, clipboard: clipboard, timeouts: timeouts)
    }

    /// Ends the current process (closing its analytics queue) and starts a new one on the
    /// same directory.
    func restart() async {
        await analytics.close()
        let environment = makeEnvironment()
        let analytics = DetourAnalyticsController(environment: environment)
        current.withLock { $0 = (Detour(environment: environment, analytics: analytics), analytics) }
    }

    func config(mode: LinkProcessingMode = .all, clipboard: Bool = false) -> DetourConfig {
        TestEnvironment.config(server, mode: mode, clipboard: clipboard)
    }

    /// The recorded requests to `path`.
    func requests(_ path: String) -> [TestHTTPServer.Request] {
        server.requests.filter { $0.path == path }
    }

    func finish() async {
        await analytics.close()
        server.stop()
        directory.remove()
    }
}
