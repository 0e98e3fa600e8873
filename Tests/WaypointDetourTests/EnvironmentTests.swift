import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointDetour

/// Default services, the clipboard rule and the HTTP client's own guarantees.
@Suite("Detour environment and HTTP client")
struct EnvironmentTests {
    @Test("the pasted link is the first http(s) token without trailing punctuation")
    func clipboardLink() {
        let expected: [(String, String?)] = [
            ("https://a.b/c", "https://a.b/c"),
            ("see https://a.b/c.", "https://a.b/c"),
            ("(https://a.b/c)", nil),
            ("x https://a.b/c?d=1)]}>'\";:!?,.", "https://a.b/c?d=1"),
            ("HTTP://A.B/x and https://second", "HTTP://A.B/x"),
            ("ftp://a.b mailto:x https://ok.example/p", "https://ok.example/p"),
            ("https:// https://later.example", "https://later.example"),
            ("line\nhttps://a.b/multi\tline", "https://a.b/multi"),
            ("no links here", nil),
            ("", nil),
            ("httpsx://a.b", nil),
        ]
        for (text, link) in expected {
            #expect(DetourClipboardLink.firstWebURL(in: text) == link, "\(text)")
        }
    }

    @Test("the XDG data directory rule")
    func dataDirectory() {
        #expect(
            DetourDataDirectory.xdg(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]).path
                == "/data/waypoint/detour")
        #expect(
            DetourDataDirectory.xdg(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).path
                == "/home/u/.local/share/waypoint/detour")
        #expect(
            DetourDataDirectory.xdg(environment: ["XDG_DATA_HOME": "", "HOME": "/home/u"]).path
                == "/home/u/.local/share/waypoint/detour")
        #expect(DetourDataDirectory.xdg(environment: [:]).path.hasSuffix("/.local/share/waypoint/detour"))
    }

    @Test("the Linux device defaults")
    func deviceDefaults() async {
        #if !canImport(Darwin)
            let info = await DetourSystemDeviceInfo().deviceInfo()
            let version = ProcessInfo.processInfo.operatingSystemVersion
            #expect(info.platform == "linux")
            #expect(info.model == "unknown" && info.manufacturer == "unknown")
            #expect(
                info.systemVersion
                    == "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)")
            #expect(info.screenWidth == 0 && info.screenHeight == 0 && info.scale == 1)
            #expect(info.userAgent == "")
            #expect(await DetourNoClipboard().text() == nil)
        #endif
    }

    @Test("the fingerprint falls back to the locale identifier when there are no preferred languages")
    func fingerprintLocale() throws {
        var device = FixedDevice().info
        device.preferredLanguages = []
        device.localeIdentifier = "pl_PL"
        device.screenWidth = .infinity
        let fingerprint = DetourFingerprint(device: device, timestamp: 5, pastedLink: nil)
        #expect(fingerprint.locale == [DetourFingerprint.Language(languageTag: "pl-PL")])
        #expect(fingerprint.screenWidth == 0)
        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(fingerprint)) as? [String: Any])
        #expect(json["pastedLink"] == nil)
        #expect(json["timestamp"] as? Int == 5)
    }

    @Test("the file store persists atomically; an unreadable file counts as empty and is logged")
    func fileStore() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let logs = LogCapture()
        let file = directory.url.appendingPathComponent("nested/detour-store.json")
        let store = DetourFileKeyValueStore(fileURL: file, logger: logs.logger)
        #expect(store.bool(forKey: "flag") == nil)
        store.set(true, forKey: "flag")
        store.set("abc", forKey: "id")
        let reopened = DetourFileKeyValueStore(fileURL: file, logger: logs.logger)
        #expect(reopened.bool(forKey: "flag") == true)
        #expect(reopened.string(forKey: "id") == "abc")
        #expect(reopened.string(forKey: "flag") == nil)
        #expect(reopened.bool(forKey: "id") == nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names == ["detour-store.json"])
        #expect(logs.all.isEmpty)

        try Data("{broken".utf8).write(to: file)
        let broken = DetourFileKeyValueStore(fileURL: file, logger: logs.logger)
        #expect(broken.bool(forKey: "flag") == nil)
        #expect(logs.contains(.warning, "could not read"))
        broken.set(false, forKey: "flag")
        #expect(DetourFileKeyValueStore(fileURL: file, logger: logs.logger).bool(forKey: "flag") == false)
    }

    /// A transport that never answers and ignores cancellation.
    struct StuckTransport: DetourHTTPTransport {
        func send(_ request: DetourHTTPRequest) async throws -> DetourHTTPResponse {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().asyncAfter(deadline: .now() + 20) { continuation.resume() }
            }
            return DetourHTTPResponse(statusCode: 200)
        }
    }

    @Test("the timeout is enforced by the adapter even when the transport ignores cancellation")
    func exactTimeout() async throws {
        var environment = DetourEnvironment(dataDirectory: URL(fileURLWithPath: "/nonexistent"))
        environment.transport = StuckTransport()
        environment.logger = .silent
        // The deadline's timer passes at once: the caller is resumed with the timeout although
        // the transport holds on and ignores the cancel. (No wall-clock bound is asserted.)
        let asked = Locked<[TimeInterval]>([])
        environment.sleep = { seconds in asked.withLock { $0.append(seconds) } }
        let client = DetourAPIClient(environment: environment, config: DetourConfig(apiKey: "k", appID: "a"))
        let result = await client.post(.matchLink, body: Data(), timeout: 0.2)
        #expect(result == .failure(.timedOut(0.2)))
        #expect(asked.withLock { $0 } == [0.2])
    }

    @Test("cancelling the caller cancels the request")
    func cancellation() async throws {
        let server = try TestHTTPServer { _ in .hang }
        defer { server.stop() }
        var environment = DetourEnvironment(dataDirectory: URL(fileURLWithPath: "/nonexistent"))
        environment.transport = TestEnvironment.transport
        let client = DetourAPIClient(
            environment: environment,
            config: DetourConfig(apiKey: "k", appID: "a", apiBaseURL: server.baseURL))
        let task = Task { await client.post(.analyticsEvent, body: Data("{}".utf8), timeout: 600) }
        #expect(await waitUntil { server.requests.count == 1 })
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
    }

    @Test("endpoint URLs drop the base URL's trailing slashes and keep its path")
    func endpointURLs() throws {
        let environment = DetourEnvironment(dataDirectory: URL(fileURLWithPath: "/nonexistent"))
        let base = try #require(URL(string: "http://127.0.0.1:8080/prefix//"))
        let client = DetourAPIClient(
            environment: environment, config: DetourConfig(apiKey: "k", appID: "a", apiBaseURL: base))
        #expect(
            client.url(for: .resolveShort)?.absoluteString
                == "http://127.0.0.1:8080/prefix/api/link/resolve-short")
        let plain = DetourAPIClient(environment: environment, config: DetourConfig(apiKey: "k", appID: "a"))
        #expect(plain.url(for: .matchLink)?.absoluteString == "https://godetour.dev/api/link/match-link")
        #expect(
            DetourEndpoint.allCases.map(\.rawValue) == [
                "/api/link/resolve-short", "/api/link/match-link", "/api/analytics/event",
                "/api/analytics/retention",
            ])
    }

    @Test("the URLSession transport returns a 3xx as it is and sends headers and body")
    func transport() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/start"
                ? .respond(status: 307, headers: ["Location": "/target", "X-Extra": "1"]) : .json(200, "{}")
        }
        defer { server.stop() }
        let request = DetourHTTPRequest(
            url: server.baseURL.appendingPathComponent("start"), method: "POST", headers: ["X-Test": "yes"],
            body: Data("payload".utf8), timeout: 60)
        let response = try await TestEnvironment.transport.send(request)
        #expect(response.statusCode == 307)
        #expect(response.header("Location") == "/target")
        #expect(response.header("x-extra") == "1")
        #expect(server.requests.map(\.path) == ["/start"])
        #expect(server.requests.first?.headers["x-test"] == "yes")
        #expect(server.requests.first?.body == Data("payload".utf8))
        #expect(server.requests.first?.headers["cookie"] == nil)
    }
}
