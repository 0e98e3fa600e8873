import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointDetour

/// One test's world: a local server, a data directory and a Detour "process" (a `Detour`
/// and its analytics with their own environment). `restart()` makes a new process on the
/// same directory, as the next launch of the app would be.
///
/// Every request deadline runs on ``clock``, which moves only when a test calls
/// ``passDeadline(of:)``: a reply that is merely slow on a busy machine never times out, and
/// a timeout happens exactly when the test makes it happen.
final class DetourHarness: Sendable {
    let server: TestHTTPServer
    let directory: TestDirectory
    let logs = LogCapture()
    let clipboard: (any DetourClipboardSource)?
    let timeouts: DetourTimeouts
    /// The clock of every request deadline.
    let clock = TestClock()
    /// The deadlines started so far: each request's timeout and the instant it passes.
    private let deadlines = Locked<[(seconds: TimeInterval, at: TestClock.Instant)]>([])
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
        let environment = Self.environment(
            directory: directory, logs: logs, clipboard: clipboard, timeouts: timeouts, clock: clock,
            deadlines: deadlines)
        let analytics = DetourAnalyticsController(environment: environment)
        current = Locked((Detour(environment: environment, analytics: analytics), analytics))
    }

    var detour: Detour { current.withLock { $0.detour } }
    var analytics: DetourAnalyticsController { current.withLock { $0.analytics } }

    /// A fresh environment on the same directory (a new store instance reads the file).
    func makeEnvironment() -> DetourEnvironment {
        Self.environment(
            directory: directory, logs: logs, clipboard: clipboard, timeouts: timeouts, clock: clock,
            deadlines: deadlines)
    }

    private static func environment(
        directory: TestDirectory, logs: LogCapture, clipboard: (any DetourClipboardSource)?,
        timeouts: DetourTimeouts, clock: TestClock,
        deadlines: Locked<[(seconds: TimeInterval, at: TestClock.Instant)]>
    ) -> DetourEnvironment {
        var environment = TestEnvironment.make(
            directory: directory, logs: logs, clipboard: clipboard, timeouts: timeouts)
        environment.sleep = { seconds in
            // The instant is fixed before the sleep starts, so a test that moves the clock
            // to it before the sleeper is registered still ends the sleep.
            let deadline = clock.now.advanced(by: .seconds(seconds))
            deadlines.withLock { $0.append((seconds, deadline)) }
            TestSignal.changed()
            try await clock.sleep(until: deadline)
        }
        return environment
    }

    /// Waits until a request deadline of `seconds` has started, then moves ``clock`` to
    /// the instant it passes, so that request times out (deadlines of other requests,
    /// started as early and at least as long, do not). The wait is for the deadline to
    /// start (``TestSignal``), not for a time; an issue is recorded only when the hang guard
    /// passes first.
    func passDeadline(of seconds: TimeInterval, sourceLocation: SourceLocation = #_sourceLocation) async {
        let started = await waitUntil {
            deadlines.withLock { $0.contains { $0.seconds == seconds } }
        }
        guard started, let deadline = deadlines.withLock({ $0.first { $0.seconds == seconds }?.at }) else {
            Issue.record("no request deadline of \(seconds) s started", sourceLocation: sourceLocation)
            return
        }
        let now = clock.now
        if now < deadline { clock.advance(by: now.duration(to: deadline)) }
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
