import Foundation
import Testing
import Waypoint
import WaypointNavigation

/// Drives the delivery gate (Documentation/spec/routing.md §10) of both faces with seeded
/// random operations: arrivals for open routes, for routes that need a condition, and for a
/// route whose handler hands the face another link (an arrival during a release); holds with
/// various limits, releases, grants, revocations, approvals and denials. After every step
/// the handlers and the reports must be exactly what a small model of the gate predicts,
/// and at the end every arrival is accounted for exactly once: delivered, dropped, denied,
/// superseded, or still held or waiting.
@Suite("Delivery gate, randomized against a model")
@MainActor
struct DeliveryGateRandomizedTests {
    nonisolated static let signedIn: LinkCondition = "signedIn"
    nonisolated static let admin: LinkCondition = "admin"

    /// What became of a link, as the model and the reports say it.
    enum Outcome: Hashable, CustomStringConvertible {
        case handled, held, awaiting(LinkCondition), dropped, denied, superseded

        init(_ result: DeepLinkResult) {
            switch (result.isHandled, result.failure, result.pending) {
            case (true, _, _): self = .handled
            case (_, .dropped?, _): self = .dropped
            case (_, .denied?, _): self = .denied
            case (_, .superseded?, _): self = .superseded
            case (_, _, .held?): self = .held
            case (_, _, .awaitingApproval(let condition)?): self = .awaiting(condition)
            default: self = .dropped  // never expected: the comparison with the model fails
            }
        }

        var description: String {
            switch self {
            case .handled: "handled"
            case .held: "held"
            case .awaiting(let condition): "awaiting \(condition)"
            case .dropped: "dropped"
            case .denied: "denied"
            case .superseded: "superseded"
            }
        }
    }

    struct Report: Hashable, CustomStringConvertible {
        var n: Int
        var outcome: Outcome
        var description: String { "\(n): \(outcome)" }
    }

    /// The kinds of link: by `n % 4`, an open route, one that needs `signedIn`, one that
    /// needs `admin`, and a relay, whose handler hands the face the open link `relayed(n)`.
    nonisolated static func condition(of n: Int) -> LinkCondition? {
        switch n % 4 {
        case 1: signedIn
        case 2: admin
        default: nil
        }
    }

    nonisolated static func isRelay(_ n: Int) -> Bool { n % 4 == 3 && n < relayBase }
    nonisolated static let relayBase = 40_000_000
    nonisolated static func relayed(_ n: Int) -> Int { relayBase + 4 * n }

    nonisolated static func url(_ n: Int) -> URL {
        let path: String
        if isRelay(n) {
            path = "relay"
        } else {
            switch condition(of: n) {
            case nil: path = "open"
            case signedIn?: path = "account"
            default: path = "admin"
            }
        }
        return URL(string: "app://x/\(path)/\(n)")!
    }

    nonisolated static func number(_ url: URL) -> Int { Int(url.lastPathComponent) ?? -1 }

    /// The gate as Documentation/spec/routing.md §10 states it.
    struct Model {
        var holding = false
        var releasing = false
        var limit = 64
        /// Links the hold keeps (its limit counts them), oldest first, with the condition
        /// each was approved for.
        var held: [(n: Int, approved: LinkCondition?)] = []
        /// Links a release took up or queued behind it.
        var ahead: [(n: Int, approved: LinkCondition?)] = []
        var granted: Set<LinkCondition> = []
        var slots: [LinkCondition: Int] = [:]
        var delivered: [Int] = []
        var reports: [Report] = []
        var arrivals: [Int] = []
        var coverage: [String: Int] = [:]

        /// A link is handed to the face (`released` false) or delivered by the gate.
        mutating func dispatch(_ n: Int, approved: LinkCondition?, released: Bool) -> Outcome {
            if !released {
                arrivals.append(n)
                if holding {
                    held.append((n, approved))
                    if held.count > limit {
                        coverage["dropped", default: 0] += 1
                        reports.append(Report(n: held.removeFirst().n, outcome: .dropped))
                    }
                    return .held
                }
                if releasing {
                    coverage["queued behind a release", default: 0] += 1
                    ahead.append((n, approved))
                    return .held
                }
            }
            if let condition = DeliveryGateRandomizedTests.condition(of: n), condition != approved,
                !granted.contains(condition)
            {
                if let old = slots[condition] {
                    coverage["superseded", default: 0] += 1
                    reports.append(Report(n: old, outcome: .superseded))
                }
                slots[condition] = n
                return .awaiting(condition)
            }
            delivered.append(n)
            if DeliveryGateRandomizedTests.isRelay(n) {
                _ = dispatch(DeliveryGateRandomizedTests.relayed(n), approved: nil, released: false)
            }
            return .handled
        }

        mutating func hold(limit: Int) {
            holding = true
            self.limit = limit
            while held.count > limit {
                coverage["dropped by a lower limit", default: 0] += 1
                reports.append(Report(n: held.removeFirst().n, outcome: .dropped))
            }
        }

        mutating func release() {
            holding = false
            ahead += held
            held = []
            if !ahead.isEmpty { coverage["released", default: 0] += 1 }
            releasing = true
            while !holding, !ahead.isEmpty {
                let (n, approved) = ahead.removeFirst()
                reports.append(Report(n: n, outcome: dispatch(n, approved: approved, released: true)))
            }
            releasing = false
        }

        mutating func approve(_ condition: LinkCondition, grant: Bool) -> Bool {
            if grant { granted.insert(condition) }
            guard let n = slots.removeValue(forKey: condition) else { return false }
            coverage[grant ? "granted" : "approved", default: 0] += 1
            reports.append(Report(n: n, outcome: dispatch(n, approved: condition, released: false)))
            return true
        }

        mutating func deny(_ condition: LinkCondition) -> Bool {
            guard let n = slots.removeValue(forKey: condition) else { return false }
            coverage["denied", default: 0] += 1
            reports.append(Report(n: n, outcome: .denied))
            return true
        }
    }

    /// A face under test: what the episode calls.
    struct Face {
        let delivery: LinkDelivery
        let handle: @MainActor (URL) -> DeepLinkResult
    }

    /// A router whose handlers log the link's number, relaying where the kind says.
    static func router(log: Locked<[Int]>) throws -> Face {
        let router = Router()
        for path in ["open", "account", "admin", "relay"] {
            // Weak: a handler that kept its router would keep it alive for ever (a cycle).
            try router.register(RouteName("/\(path)/:n")) { [weak router] link in
                let n = number(link.url)
                log.withLock { $0.append(n) }
                if isRelay(n) { router?.handle(url(relayed(n))) }
            }
        }
        return Face(delivery: router.delivery, handle: { router.handle($0) })
    }

    /// A destination router whose builders make the link's number and whose receiver logs
    /// it, relaying where the kind says.
    static func destinations(log: Locked<[Int]>) throws -> Face {
        let screens = DestinationRouter<Int>()
        for path in ["open", "account", "admin", "relay"] {
            try screens.register(RouteName("/\(path)/:n")) { link in number(link.url) }
        }
        screens.onDestination { [weak screens] n in
            log.withLock { $0.append(n) }
            if isRelay(n) { screens?.handle(url(relayed(n))) }
        }
        return Face(delivery: screens.delivery, handle: { screens.handle($0) })
    }

    enum FaceKind: String, CaseIterable, CustomTestStringConvertible {
        case router, destinations
        var testDescription: String { rawValue }
    }

    @Test(
        "random operations match the model on both faces",
        arguments: FaceKind.allCases, [UInt64(1), 2, 3, 4, 0xC0FFEE])
    func randomWalk(face kind: FaceKind, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var coverage: [String: Int] = [:]
        for episode in 0..<250 {
            let model = try runEpisode(
                kind, steps: 120, random: &random, label: "\(kind) seed \(seed), episode \(episode)")
            coverage.merge(model.coverage, uniquingKeysWith: +)
        }
        for kind in [
            "dropped", "superseded", "released", "granted", "approved", "denied", "dropped by a lower limit",
            "queued behind a release",
        ] {
            #expect(
                coverage[kind, default: 0] >= 3,
                "seed \(seed) covered \(kind) \(coverage[kind, default: 0]) times")
        }
    }

    func runEpisode(_ kind: FaceKind, steps: Int, random: inout SplitMix64, label: String) throws -> Model {
        let handled = Locked<[Int]>([])
        let reports = Locked<[Report]>([])
        let face = kind == .router ? try Self.router(log: handled) : try Self.destinations(log: handled)
        #expect(face.delivery.require(Self.signedIn, for: "/account/:n"))
        #expect(face.delivery.require(Self.admin, for: "/admin/:n"))
        face.delivery.onDeferredResult { report in
            reports.withLock {
                $0.append(Report(n: Self.number(report.url), outcome: Outcome(report.result)))
            }
        }
        var model = Model()
        var arrivals = 0
        let conditions = [Self.signedIn, Self.admin]
        for step in 0..<steps {
            let context = Comment(rawValue: "\(label), step \(step)")
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<45:
                arrivals += 1
                let expected = model.dispatch(arrivals, approved: nil, released: false)
                #expect(Outcome(face.handle(Self.url(arrivals))) == expected, context)
            case 45..<53:
                let limit = [1, 3, 8, 64].randomElement(using: &random)!
                model.hold(limit: limit)
                face.delivery.hold(limit: limit)
            case 53..<63:
                model.release()
                face.delivery.release()
            case 63..<71:
                let condition = conditions.randomElement(using: &random)!
                _ = model.approve(condition, grant: true)
                face.delivery.grant(condition)
            case 71..<79:
                let condition = conditions.randomElement(using: &random)!
                model.granted.remove(condition)
                face.delivery.revoke(condition)
            case 79..<89:
                let condition = conditions.randomElement(using: &random)!
                #expect(
                    face.delivery.approveWaiting(condition) == model.approve(condition, grant: false), context
                )
            default:
                let condition = conditions.randomElement(using: &random)!
                #expect(face.delivery.denyWaiting(condition) == model.deny(condition), context)
            }
            let seen = handled.withLock { $0 }
            let reported = reports.withLock { $0 }
            #expect(
                seen == model.delivered,
                "\(context): handled \(seen.suffix(4)) vs \(model.delivered.suffix(4))")
            #expect(
                reported == model.reports, "\(context): \(reported.suffix(4)) vs \(model.reports.suffix(4))")
            #expect(face.delivery.isHolding == model.holding, context)
            for condition in conditions {
                #expect(
                    face.delivery.waitingLink(for: condition).map(Self.number) == model.slots[condition],
                    context)
                #expect(face.delivery.isGranted(condition) == model.granted.contains(condition), context)
            }
            if seen != model.delivered || reported != model.reports { break }
        }
        // Every arrival, relayed ones included, is accounted for exactly once.
        let delivered = handled.withLock { $0 }
        #expect(Set(delivered).count == delivered.count, "\(label): a link was delivered twice")
        let finalReports = reports.withLock { $0 }
        let lost = Set(
            finalReports.filter { [.dropped, .denied, .superseded].contains($0.outcome) }.map(\.n))
        let queued = Set((model.held + model.ahead).map(\.n))
        let waiting = Set(model.slots.values)
        var accounted = Set(delivered)
        for group in [lost, queued, waiting] {
            #expect(accounted.isDisjoint(with: group), "\(label): a link is in two places")
            accounted.formUnion(group)
        }
        #expect(accounted == Set(model.arrivals), "\(label): a link was lost")
        return model
    }
}
