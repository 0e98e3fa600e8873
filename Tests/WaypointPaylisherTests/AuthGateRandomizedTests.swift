import Foundation
import Testing
import Waypoint

@testable import WaypointPaylisher

/// Drives the auth gate with seeded random operations and compares it, after every step,
/// with a direct model of the table of spec §6.3.
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
        var stay: Int
        var enteredAt: Duration
        var offered: Bool
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
        /// How often each kind of transition happened, so the walk is known to cover them.
        var coverage: [String: Int] = [:]

        static func url(_ n: Int, gated: Bool) -> String {
            gated ? "yourapp://wallet?auth=required&n=\(n)" : "yourapp://home?n=\(n)"
        }

        mutating func deliverGated(_ n: Int) {
            events.append(EventSummary(name: PaylisherEvent.opened, n: "\(n)", detail: nil))
            if let old = slot {
                coverage["replaced", default: 0] += 1
                events.append(
                    EventSummary(name: PaylisherEvent.cancelled, n: "\(old.n)", detail: .string("replaced")))
            }
            stays += 1
            slot = ModelSlot(n: n, stay: stays, enteredAt: now, offered: false)
            deliveries.append(.init(url: Self.url(n, gated: true), requiresAuth: true))
            offerIfNeeded(late: false)
        }

        mutating func deliverPlain(_ n: Int) {
            events.append(EventSummary(name: PaylisherEvent.opened, n: "\(n)", detail: nil))
            deliveries.append(.init(url: Self.url(n, gated: false), requiresAuth: false))
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
            deliveries.append(.init(url: Self.url(current.n, gated: true), requiresAuth: false))
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

    @Test("random operations match the model", arguments: [UInt64(1), 2, 3, 0xC0FFEE])
    func randomWalk(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        var coverage: [String: Int] = [:]
        var timedOutEpisodes = 0
        // Episodes of a fresh manager each, so a walk also starts without an auth callback
        // many times (late registration).
        for episode in 0..<20 {
            let timeout: Duration = [.seconds(30), .seconds(300), .zero].randomElement(using: &random)!
            if timeout > .zero { timedOutEpisodes += 1 }
            let model = await runEpisode(
                steps: 150, timeout: timeout, random: &random, label: "seed \(seed), episode \(episode)")
            coverage.merge(model.coverage, uniquingKeysWith: +)
        }
        var expectedKinds = ["replaced", "offered", "offered late", "stale completion", "approved", "denied"]
        if timedOutEpisodes > 0 { expectedKinds.append("timeout") }
        for kind in expectedKinds {
            #expect(
                coverage[kind, default: 0] >= 5,
                "seed \(seed) covered \(kind) only \(coverage[kind, default: 0]) times")
        }
    }

    /// Runs one episode against a new manager, checking it against the model after every step.
    func runEpisode(
        steps: Int, timeout: Duration, random: inout SplitMix64, label: String
    ) async -> Model {
        let harness = ManagerHarness(config: PaylisherDeepLinkConfig(pendingDeepLinkTimeout: timeout))
        var model = Model(timeout: timeout)
        var kept: [PaylisherAuthCompletion] = []
        var nextLink = 0
        var checkedDeliveries = 0
        var checkedEvents = 0

        for step in 0..<steps {
            let context = Comment(rawValue: "\(label), step \(step)")
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<25:
                nextLink += 1
                model.deliverGated(nextLink)
                harness.handle(Model.url(nextLink, gated: true))
            case 25..<35:
                nextLink += 1
                model.deliverPlain(nextLink)
                harness.handle(Model.url(nextLink, gated: false))
            case 35..<55:
                guard !kept.isEmpty else { continue }
                // Mostly the newest completion, sometimes an older (likely stale) one.
                let index =
                    Bool.random(using: &random)
                    ? kept.count - 1 : Int.random(in: 0..<kept.count, using: &random)
                let approved = Int.random(in: 0..<4, using: &random) != 0
                model.complete(stay: model.keptCompletionStays[index], approved: approved)
                kept[index](approved)
            case 55..<60:
                let expected = model.slot != nil
                if expected { model.approve() }
                #expect(harness.manager.completePendingDeepLink() == expected, context)
            case 60..<65:
                let expected = model.cancel()
                #expect(harness.manager.cancelPendingDeepLink() == expected, context)
            case 65..<70:
                let expected = model.slot != nil
                model.slot = nil
                #expect(harness.manager.clearPendingDeepLink() == expected, context)
            case 70..<90:
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
            #expect(deliveriesMatch, "\(context): \(deliveries.suffix(3)) vs \(model.deliveries.suffix(3))")
            #expect(
                eventsMatch, "\(context): \(events.suffix(3).map(Self.summary)) vs \(model.events.suffix(3))")
            #expect(harness.manager.hasPendingDeepLink == (model.slot != nil), context)
            #expect(
                harness.manager.pendingDeepLink?.url.absoluteString
                    == model.slot.map { Model.url($0.n, gated: true) },
                context)
            #expect(kept.count == model.keptCompletionStays.count, context)
            guard deliveriesMatch, eventsMatch else { break }
            checkedDeliveries = deliveries.count
            checkedEvents = events.count
        }
        Self.checkInvariants(harness.deliveries)
        return model
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
