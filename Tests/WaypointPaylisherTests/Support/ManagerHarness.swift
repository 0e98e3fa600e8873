import Foundation
import TestHTTPServer
import Testing
import Waypoint
import WaypointPaylisher

/// A manager wired to a test clock, a recording sink and a fake transport, recording what
/// its handlers receive.
@MainActor
final class ManagerHarness {
    /// One call of the `onDeepLink` handler.
    struct Delivery: Equatable, CustomStringConvertible {
        var url: String
        var requiresAuth: Bool

        var description: String { "(\(url), \(requiresAuth))" }
    }

    let clock = TestClock()
    let sink = RecordingEventSink()
    let transport: FakeTransport
    let journeyStore = PaylisherInMemoryJourneyStore()
    let manager: PaylisherDeepLinkManager
    private(set) var deliveries: [Delivery] = []
    private(set) var deliveredLinks: [PaylisherDeepLink] = []
    private(set) var offers: [PaylisherAuthCompletion] = []
    private(set) var failures: [(url: URL, error: PaylisherDeepLinkError)] = []
    private(set) var resolvedLinks: [PaylisherDeepLink] = []

    /// A transport that fails every request, for links whose resolution does not matter.
    static var failingTransport: FakeTransport { FakeTransport { _ in throw URLError(.cannotConnectToHost) } }

    init(
        config: PaylisherDeepLinkConfig = PaylisherDeepLinkConfig(),
        transport: FakeTransport? = nil,
        customTransport: (any PaylisherHTTPTransport)? = nil,
        sessionID: (@Sendable () -> String)? = { "session-1" },
        registerHandler: Bool = true
    ) {
        let transport = transport ?? Self.failingTransport
        self.transport = transport
        manager = PaylisherDeepLinkManager(
            config: config, eventSink: sink, transport: customTransport ?? transport,
            journeyStore: journeyStore,
            sessionID: sessionID, clock: clock)
        manager.onDeepLinkFailed { [unowned self] url, error in failures.append((url, error)) }
        manager.onCampaignResolved { [unowned self] link in resolvedLinks.append(link) }
        if registerHandler { self.registerHandler() }
    }

    /// Registers the `onDeepLink` handler that records deliveries.
    func registerHandler() {
        manager.onDeepLink { [unowned self] link, requiresAuth in
            deliveries.append(Delivery(url: link.url.absoluteString, requiresAuth: requiresAuth))
            deliveredLinks.append(link)
        }
    }

    /// Registers an auth callback that keeps every completion it is offered.
    func registerStashingAuthCallback() {
        manager.onDeepLinkRequiresAuth { [unowned self] _, completion in offers.append(completion) }
    }

    /// Handles `text` as a URL.
    @discardableResult
    func handle(_ text: String, platformHint: String? = nil) -> PaylisherHandleResult {
        manager.handle(URL(string: text)!, platformHint: platformHint)
    }

    /// Waits, letting other tasks run, until `condition` holds. A hang guard, not a timing
    /// assertion: it records an issue only after 120 s, far beyond any busy machine's delay.
    ///
    /// - Returns: whether the condition holds.
    @discardableResult
    func waitUntil(
        _ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        let start = ContinuousClock.now
        while !condition() {
            if ContinuousClock.now - start > .seconds(120) {
                Issue.record("timed out waiting for a condition", sourceLocation: sourceLocation)
                return false
            }
            await Task.yield()
            if ContinuousClock.now - start > .milliseconds(50) {
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        return true
    }
}
