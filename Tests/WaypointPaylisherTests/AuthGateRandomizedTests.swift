import Foundation
import TestHTTPServer
import Testing
import Waypoint

@testable import WaypointPaylisher

/// Drives the auth gate with seeded random operations and compares it, after every step,
/// with a direct model of the table of spec §6.3 and of how campaign data meets a waiting
/// link (spec §6.1): links with campaign keys resolve when the walk answers their request.
@Suite("Auth gate, randomized against a model")
@MainActor
struct AuthGateRandomizedTests {
    /// What the auth callback does when offered a link.
    enum AuthBehaviour: CaseIterable {
        case keep, approveAtOnce, denyAtOnce
    }

    /// The model's auth slot.
    struct ModelSlot {
        var n: Int
        var url: String
        var stay: Int
        var enteredAt: Duration
        var offered: Bool
        /// The link's campaign resolved while it waited: `onCampaignResolved` follows approval.
        var owesCampaignCallback = false
    }

    /// A campaign request the walk has not answered yet.
    struct ModelResolution {
        var n: Int
        var url: String
        var gated: Bool
    }

    /// One call of `onCampaignResolved`, with what the manager's gate said at that moment.
    struct CampaignCallback {
        var url: String
        var pendingAtCall: Bool
        var approvedBefore: Bool
        var hasCampaignData: Bool
    }

    /// Answers each campaign request when the walk says so: a request waits, keyed by its
    /// campaign key, until ``answer(_:success:)``.
    final class HeldTransport: PaylisherHTTPTransport {
        private let waiting = Locked<[String: CheckedContinuation<(status: Int, body: Data), any Error>]>([:])

        func get(_ url: URL, timeout: Duration) async throws -> (status: Int, body: Data) {
            try await withCheckedThrowingContinuation { continuation in
                waiting.withLock { $0[url.lastPathComponent] = continuation }
                TestSignal.changed()
            }
        }

        /// Whether the request for `key` has arrived and waits.
        func isWaiting(_ key: String) -> Bool { waiting.withLock { $0[key] != nil } }

        /// Answers the request for `key` with a campaign, or with a 404.
        func answer(_ key: String, success: Bool) {
            let continuation = waiting.withLock { $0.removeValue(forKey: key) }
            continuation?.resume(returning: success ? (200, Data(#"{"title":"T"}"#.utf8)) : (404, Data()))
        }

        /// Fails every request still waiting.
        func failAll() {
            let all = waiting.withLock { state in
                defer { state.removeAll() }
                return Array(state.values)
            }
            for continuation in all { continuation.resume(throwing: URLError(.cancelled)) }
        }
    }

    /// An event reduced to what the model predicts: name, link number and the time or
    /// reason property that matters.
    struct EventSummary: Equatable, CustomStringConvertible {
        var name: String
        var n: String
        var detail: JSONValue?

        var description: String { "\(name)[\(n)] \(detail.map { "\($0)" } ?? "")" }
    }

    /// The model: the table of spec §6.3, with time on the test clock.
    struct Model {
        var timeout: Duration
        var now: Duration = .zero
        var slot: ModelSlot?
        var stays = 0
        var behaviour: AuthBehaviour?
        var deliveries: [ManagerHarness.Delivery] = []
        var events: [EventSummary] = []
        /// The stay of the slot each kept completion was offered for, in offer order.
        var keptCompletionStays: [Int] = []
        /// Campaign requests in flight, in arrival order.
        var resolutions: [ModelResolution] = []
        /// Gated links with a key that the app approved.
        var approvedKeyed: Set<Int> = []
        /// The URLs `onCampaignResolved` receives, in order.
        var campaignCallbacks: [String] = []
        /// How often each kind of transition happened, so the walk is known to cover them.
        var coverage: [String: Int] = [:]

        static func url(_ n: Int, gated: Bool, keyed: Bool = false) -> String {
            switch (gated, keyed) {
            case (true, false): "yourapp://wallet?auth=required&n=\(n)"
            case (false, false): "yourapp://home?n=\(n)"
            case (true, true): "yourapp://campaign/K\(n)?auth=required&n=\(n)"
            case (false, true): "yourapp://campaign/K\(n)?n=\(n)"
            }
        }

        /// A link with a key is delivered now; its `Deep Link Opened` waits for resolution.
        mutating func arrive(_ n: Int, gated: Bool, keyed: Bool) {
            let url = Self.url(n, gated: gated, keyed: keyed)
            if keyed {
                resolutions.append(ModelResolution(n: n, url: url, gated: gated))
            } else {
                events.append(EventSummary(name: PaylisherEvent.opened, n: "\(n)", detail: nil))
            }
            if gated {
                deliverGated(n, url: url)
            } else {
                deliveries.append(.init(url: url, requiresAuth: false))
            }
        }

        mutating func deliverGated(_ n: Int, url: String) {
            if let old = slot {
                coverage["replaced", default: 0] += 1
                events.append(
                    EventSummary(name: PaylisherEvent.cancelled, n: "\(old.n)", detail: .string("replaced")))
            }
            stays += 1
            slot = ModelSlot(n: n, url: url, stay: stays, enteredAt: now, offered: false)
            deliveries.append(.init(url: url, requiresAuth: true))
            offerIfNeeded(late: false)
        }

        /// The request of `resolutions[index]` is answered: `Deep Link Opened`, then the
        /// campaign meets the link where it is (spec §6.1).
        mutating func resolve(at index: Int, success: Bool) {
            let resolution = resolutions.remove(at: index)
            events.append(EventSummary(name: PaylisherEvent.opened, n: "\(resolution.n)", detail: nil))
            guard success else { return }
            guard resolution.gated else {
                campaignCallbacks.append(resolution.url)
                return
            }
            if slot?.n == resolution.n {
                coverage["resolved while pending", default: 0] += 1
                slot?.owesCampaignCallback = true
            } else if approvedKeyed.contains(resolution.n) {
                coverage["resolved after approval", default: 0] += 1
                campaignCallbacks.append(resolution.url)
            } else {
                coverage["resolved after leaving unapproved", default: 0] += 1
            }
        }

        mutating func offerIfNeeded(late: Bool) {
            guard let current = slot, !current.offered, let behaviour else { return }
            coverage[late ? "offered late" : "offered", default: 0] += 1
            slot?.offered = true
            switch behaviour {
            case .keep: keptCompletionStays.append(current.stay)
            case .approveAtOnce: approve()
            case .denyAtOnce: slot = nil
            }
        }

        mutating func approve() {
            guard let current = slot else { return }
            slot = nil
            events.append(
                EventSummary(
                    name: PaylisherEvent.completed, n: "\(current.n)",
                    detail: .number((now - current.enteredAt).paylisherSeconds)))
            deliveries.append(.init(url: current.url, requiresAuth: false))
            if current.url.contains("campaign/") { approvedKeyed.insert(current.n) }
            if current.owesCampaignCallback {
                coverage["approved with campaign", default: 0] += 1
                campaignCallbacks.append(current.url)
            }
        }

        mutating func complete(stay: Int, approved: Bool) {
            guard slot?.stay == stay else {
                coverage["stale completion", default: 0] += 1
                return
            }
            coverage[approved ? "approved" : "denied", default: 0] += 1
            if approved { approve() } else { slot = nil }
        }

        mutating func cancel() -> Bool {
            guard let current = slot else { return false }
            slot = nil
            events.append(
                EventSummary(
                    name: PaylisherEvent.cancelled, n: "\(current.n)",
                    detail: .string("app")))
            return true
        }

        mutating func advance(by duration: Duration) -> Bool {
            now += duration
            guard let current = slot, timeout > .zero, now - current.enteredAt >= timeout else {
                return false
            }
            coverage["timeout", default: 0] += 1
            slot = nil
            events.append(
                EventSummary(
                    name: PaylisherEvent.timeout, n: "\(current.n)",
                    detail: .number((now - current.enteredAt).paylisherSeconds)))
            return true
        }
    }

    static func summary(_ event: PaylisherEvent) -> EventSummary {
        let url = event.properties["full_url"]?.stringValue ?? ""
        let n = url.split(separator: "n=").last.map(String.init) ?? "?"
        let detail: JSONValue? =
            switch event.name {
            case PaylisherEvent.completed: event.properties["time_to_complete"]
            case PaylisherEvent.cancelled: event.properties["cancel_reason"]
            case PaylisherEvent.timeout: event.properties["waited_seconds"]
            default: nil
            }
        // Completed carries no full_url; its link number comes from the model's order.
        return EventSummary(
            name: event.name, n: event.name == PaylisherEvent.completed ? "" : n, detail: detail)
    }

    static func stripCompletedNumbers(_ events: [EventSummary]) -> [EventSummary] {
        events.map {
            $0.name == PaylisherEvent.completed ? EventSummary(name: $0.name, n: "", detail: $0.detail) : $0
        }
    }

    /// Episodes per seed: 20 in the suite (12,000 steps over the four seeds); set
    /// `WAYPOINT_AUTH_GATE_EPISODES` for a longer walk.
    static let episodes =
        ProcessInfo.processInfo.environment["WAYPOINT_AUTH_GATE_EPISODES"].flatMap { Int($0) } ?? 20

    @Test("random operations match the model", arguments: [UInt64(1), 2, 3, 0xC0FFEE])
    func randomWalk(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        var coverage: [String: Int] = [:]
        var timedOutEpisodes = 0
        var violations = 0
        var steps = 0
        // Episodes of a fresh manager each, so a walk also starts without an auth callback
        // many times (late registration).
        for episode in 0..<Self.episodes {
            let timeout: Duration = [.seconds(30), .seconds(300), .zero].randomElement(using: &random)!
            if timeout > .zero { timedOutEpisodes += 1 }
            let (model, episodeViolations) = await runEpisode(
                steps: 150, timeout: timeout, random: &random, label: "seed \(seed), episode \(episode)")
            coverage.merge(model.coverage, uniquingKeysWith: +)
            violations += episodeViolations
            steps += 150
        }
        var expectedKinds = [
            "replaced", "offered", "offered late", "stale completion", "approved", "denied",
            "resolved while pending", "resolved after approval", "resolved after leaving unapproved",
            "approved with campaign",
        ]
        if timedOutEpisodes > 0 { expectedKinds.append("timeout") }
        for kind in expectedKinds {
            // A campaign that resolves while its link waits and is then approved needs three
            // steps to line up; once per seed is enough to keep that path covered.
            let minimum = kind == "approved with campaign" ? 1 : 5
            #expect(
                coverage[kind, default: 0] >= minimum,
                "seed \(seed) covered \(kind) only \(coverage[kind, default: 0]) times")
        }
        #expect(violations == 0)
        print("auth gate walk, seed \(seed): \(steps) steps, \(violations) invariant violations")
    }

    /// Runs one episode against a new manager, checking it against the model after every
    /// step. Returns the model and how many campaign callbacks broke the gate's invariant.
    func runEpisode(
        steps: Int, timeout: Duration, random: inout SplitMix64, label: String
    ) async -> (Model, Int) {
        let transport = HeldTransport()
        // Resolution never times out within a walk: the walk decides when each request ends.
        let harness = ManagerHarness(
            config: PaylisherDeepLinkConfig(
                pendingDeepLinkTimeout: timeout, resolveTimeout: .seconds(1 << 40)),
            customTransport: transport)
        let manager = harness.manager
        defer { transport.failAll() }
        var callbacks: [CampaignCallback] = []
        manager.onCampaignResolved { [weak harness] link in
            guard let harness else { return }
            let url = link.url.absoluteString
            callbacks.append(
                CampaignCallback(
                    url: url, pendingAtCall: harness.manager.pendingDeepLink?.url == link.url,
                    approvedBefore: harness.deliveries.contains(.init(url: url, requiresAuth: false)),
                    hasCampaignData: link.campaignData != nil))
        }
        var model = Model(timeout: timeout)
        var kept: [PaylisherAuthCompletion] = []
        var nextLink = 0
        var checkedDeliveries = 0
        var checkedEvents = 0

        for step in 0..<steps {
            let context = Comment(rawValue: "\(label), step \(step)")
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<22:
                nextLink += 1
                let keyed = Bool.random(using: &random)
                model.arrive(nextLink, gated: true, keyed: keyed)
                harness.handle(Model.url(nextLink, gated: true, keyed: keyed))
            case 22..<32:
                nextLink += 1
                let keyed = Int.random(in: 0..<3, using: &random) == 0
                model.arrive(nextLink, gated: false, keyed: keyed)
                harness.handle(Model.url(nextLink, gated: false, keyed: keyed))
            case 32..<50:
                guard !kept.isEmpty else { continue }
                // Mostly the newest completion, sometimes an older (likely stale) one.
                let index =
                    Bool.random(using: &random)
                    ? kept.count - 1 : Int.random(in: 0..<kept.count, using: &random)
                let approved = Int.random(in: 0..<4, using: &random) != 0
                model.complete(stay: model.keptCompletionStays[index], approved: approved)
                kept[index](approved)
            case 50..<55:
                let expected = model.slot != nil
                if expected { model.approve() }
                #expect(harness.manager.completePendingDeepLink() == expected, context)
            case 55..<60:
                let expected = model.cancel()
                #expect(harness.manager.cancelPendingDeepLink() == expected, context)
            case 60..<65:
                let expected = model.slot != nil
                model.slot = nil
                #expect(harness.manager.clearPendingDeepLink() == expected, context)
            case 65..<83:
                let amount: Duration = [
                    .zero, .milliseconds(500), .seconds(1), .seconds(29), .seconds(30), .seconds(31),
                    .seconds(299),
                    .seconds(300), .seconds(1000),
                ].randomElement(using: &random)!
                let timesOut = model.advance(by: amount)
                harness.clock.advance(by: amount)
                if timesOut {
                    let expected = model.events.count
                    await harness.waitUntil { harness.sink.events.count == expected }
                } else {
                    await Task.yield()
                }
            case 83..<93:
                guard !model.resolutions.isEmpty else { continue }
                // Often the pending link's request, so answers come while it waits; else any.
                let pending = model.resolutions.lastIndex { $0.n == model.slot?.n }
                let index =
                    pending.flatMap { Int.random(in: 0..<3, using: &random) == 0 ? nil : $0 }
                    ?? Int.random(in: 0..<model.resolutions.count, using: &random)
                let key = "K\(model.resolutions[index].n)"
                let success = Int.random(in: 0..<4, using: &random) != 0
                await harness.waitUntil { transport.isWaiting(key) }
                model.resolve(at: index, success: success)
                transport.answer(key, success: success)
                let expected = model.events.count
                await harness.waitUntil { harness.sink.events.count == expected }
            default:
                let behaviour = AuthBehaviour.allCases.randomElement(using: &random)!
                model.behaviour = behaviour
                harness.manager.onDeepLinkRequiresAuth { _, completion in
                    switch behaviour {
                    case .keep: kept.append(completion)
                    case .approveAtOnce: completion(true)
                    case .denyAtOnce: completion(false)
                    }
                }
                model.offerIfNeeded(late: true)
            }

            // The handler and the sink saw exactly what the model predicts, in order. Both only
            // grow, so each step compares what is new since the previous step.
            let deliveries = harness.deliveries
            let events = harness.sink.events
            let deliveriesMatch =
                deliveries.count == model.deliveries.count
                && deliveries[checkedDeliveries...].elementsEqual(model.deliveries[checkedDeliveries...])
            let eventsMatch =
                events.count == model.events.count
                && Self.stripCompletedNumbers(events[checkedEvents...].map(Self.summary))
                    == Self.stripCompletedNumbers(Array(model.events[checkedEvents...]))
            let callbacksMatch = callbacks.map(\.url) == model.campaignCallbacks
            #expect(deliveriesMatch, "\(context): \(deliveries.suffix(3)) vs \(model.deliveries.suffix(3))")
            #expect(
                eventsMatch, "\(context): \(events.suffix(3).map(Self.summary)) vs \(model.events.suffix(3))")
            #expect(
                callbacksMatch,
                "\(context): onCampaignResolved \(callbacks.suffix(3).map(\.url)) vs \(model.campaignCallbacks.suffix(3))"
            )
            #expect(harness.manager.hasPendingDeepLink == (model.slot != nil), context)
            #expect(harness.manager.pendingDeepLink?.url.absoluteString == model.slot?.url, context)
            #expect(kept.count == model.keptCompletionStays.count, context)
            guard deliveriesMatch, eventsMatch, callbacksMatch else { break }
            checkedDeliveries = deliveries.count
            checkedEvents = events.count
        }
        Self.checkInvariants(harness.deliveries)
        let violations = Self.campaignViolations(callbacks, deliveredLinks: harness.deliveredLinks)
        return (model, violations)
    }

    /// The invariant of spec §6.1 and §11.4, whatever the model says: `onCampaignResolved`
    /// never hands the app a gated link that is still pending or was never approved, and
    /// always carries campaign data. Records an issue for each break and returns the count.
    static func campaignViolations(
        _ callbacks: [CampaignCallback], deliveredLinks: [PaylisherDeepLink]
    ) -> Int {
        var violations = 0
        for callback in callbacks {
            let gated = callback.url.contains("auth=required")
            if !callback.hasCampaignData || (gated && (callback.pendingAtCall || !callback.approvedBefore)) {
                violations += 1
                Issue.record(
                    "onCampaignResolved(\(callback.url)): pending \(callback.pendingAtCall), approved before \(callback.approvedBefore)"
                )
            }
        }
        return violations
    }

    /// Invariants that hold whatever the model says: a gated link reaches the handler with
    /// `requiresAuth == true` exactly once, and with `false` at most once and only after.
    static func checkInvariants(_ deliveries: [ManagerHarness.Delivery]) {
        var seenGated: Set<String> = []
        var approved: Set<String> = []
        for delivery in deliveries where delivery.url.contains("auth=required") {
            if delivery.requiresAuth {
                #expect(seenGated.insert(delivery.url).inserted, "\(delivery.url) gated twice")
            } else {
                #expect(seenGated.contains(delivery.url), "\(delivery.url) approved before it was gated")
                #expect(approved.insert(delivery.url).inserted, "\(delivery.url) approved twice")
            }
        }
    }
}
