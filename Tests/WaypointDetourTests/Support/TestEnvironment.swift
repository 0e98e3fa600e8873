import Foundation
import TestHTTPServer

@testable import WaypointDetour

/// Builds the environment one test "process" runs with: a temporary data directory, a
/// file store in it, a fixed device and clock, captured logs and the real URLSession
/// transport.
enum TestEnvironment {
    /// One transport for the whole test run, as an app would have.
    static let transport = DetourURLSessionTransport()

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
