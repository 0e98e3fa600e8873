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
            TestSignal.changed()
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

    /// Waits until `condition` holds, checking it again each time something it may read
    /// changes (``TestSignal``): the sink records an event, the fake transport a request,
    /// the `onDeepLink` handler a delivery, a task starts or stops sleeping on ``clock``.
    /// What a test's own handler records must signal too. No clock decides the outcome: an
    /// issue is recorded only when the hang guard (ten minutes) passes first.
    ///
    /// - Returns: whether the condition holds.
    @discardableResult
    func waitUntil(
        _ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        guard await TestSignal.wait(until: condition) else {
            Issue.record("a condition never held", sourceLocation: sourceLocation)
            return false
        }
        return true
    }
}
