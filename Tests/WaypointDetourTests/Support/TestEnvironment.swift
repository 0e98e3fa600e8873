import Foundation
import TestHTTPServer

@testable import WaypointDetour

/// Builds the environment one test "process" runs with: a temporary data directory, a
/// file store in it, a fixed device and clock, captured logs and the real URLSession
/// transport.
enum TestEnvironment {
    /// One transport for the whole test run, as an app would have. Its URLSession timeout is
    /// the hang guard of every wait (ten minutes), not the request's timeout plus a second:
    /// the harnesses run every deadline on a clock the test moves, and a real-time backstop
    /// of three seconds ended exchanges that a loaded machine was merely slow to serve (a
    /// held reply, a request still in flight when the test looked), so tests failed with
    /// the load.
    static let transport = DetourURLSessionTransport(
        sessionTimeout: TimeInterval(TestSignal.hangGuard.components.seconds))

    /// 2026-01-02T03:04:05.678Z.
    static let fixedNow = Date(timeIntervalSince1970: 1_767_323_045.678)

    static func make(
        directory: TestDirectory, logs: LogCapture, clipboard: (any DetourClipboardSource)? = nil,
        timeouts: DetourTimeouts = DetourTimeouts(shortLink: 2, matchLink: 2, analytics: 2)
    ) -> DetourEnvironment {
        var environment = DetourEnvironment(dataDirectory: directory.url)
        environment.transport = transport
        environment.store = DetourFileKeyValueStore(
            fileURL: directory.url.appendingPathComponent("detour-store.json"), logger: logs.logger)
        environment.clipboard = clipboard ?? DetourNoClipboard()
        environment.device = FixedDevice()
        environment.timeouts = timeouts
        environment.random = { 0.5 }
        environment.now = { fixedNow }
        environment.logger = logs.logger
        environment.backoffSecond = 0.001
        environment.analyticsAttemptRecorded = { TestSignal.changed() }
        return environment
    }

    static func config(
        _ server: TestHTTPServer, mode: LinkProcessingMode = .all, clipboard: Bool = false,
        appID: String = "app-1"
    ) -> DetourConfig {
        DetourConfig(
            apiKey: "key-1", appID: appID, shouldUseClipboard: clipboard, linkProcessingMode: mode,
            apiBaseURL: server.baseURL)
    }
}
