import Foundation
import Testing
import Waypoint

/// Drives the router's delivery gate (issue 23 §4) with seeded random operations: arrivals
/// for open routes and for routes that need a condition, holds with various limits,
/// releases, grants, revocations, approvals, denials and the replacements they cause; after
/// every step the handlers and the reports must be exactly what a direct model predicts.
/// At the end every arrival is accounted for exactly once: delivered, dropped, denied,
/// superseded, or still held or waiting. Nothing is delivered early, because the handlers'
/// log is compared with the model's after every step.
@Suite("Delivery gate, randomized against a model")
struct DeliveryGateRandomizedTests {
    static let signedIn: LinkCondition = "signedIn"
    static let admin: LinkCondition = "admin"

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

    /// The gate as issue 23 §4 describes it.
    struct Model {
        var holding = false
        var limit = 64
        /// Held links, oldest first, with the condition each was approved for.
        var queue: [(n: Int, approved: LinkCondition?)] = []
        var granted: Set<LinkCondition> = []
        var slots: [LinkCondition: Int] = [:]
        var delivered: [Int] = []
        var reports: [Report] = []
        var coverage: [String: Int] = [:]

        static func condition(of n: Int) -> LinkCondition? {
            switch n % 3 {
            case 0: nil
            case 1: signedIn
            default: admin
            }
        }

        /// A link is handed to the router (or delivered by the gate).
        mutating func dispatch(_ n: Int, approved: LinkCondition?, released: Bool) -> Outcome {
            if holding && !released {
                queue.append((n, approved))
                if queue.count > limit {
                    coverage["dropped", default: 0] += 1
                    reports.append(Report(n: queue.removeFirst().n, outcome: .dropped))
                }
                return .held
            }
            if let condition = Self.condition(of: n), condition != approved, !granted.contains(condition) {
                if let old = slots[condition] {
                    coverage["superseded", default: 0] += 1
                    reports.append(Report(n: old, outcome: .superseded))
                }
                slots[condition] = n
                return .awaiting(condition)
            }
            delivered.append(n)
            return .handled
        }

        mutating func hold(limit: Int) {
            holding = true
            self.limit = limit
            while queue.count > limit {
                coverage["dropped by a lower limit", default: 0] += 1
                reports.append(Report(n: queue.removeFirst().n, outcome: .dropped))
            }
        }

        mutating func release() {
            holding = false
            if !queue.isEmpty { coverage["released", default: 0] += 1 }
            while !queue.isEmpty {
                let (n, approved) = queue.removeFirst()
                reports.append(Report(n: n, outcome: dispatch(n, approved: approved, released: true)))
            }
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

    static func url(_ n: Int) -> URL {
        switch Model.condition(of: n) {
        case nil: URL(string: "app://x/open/\(n)")!
        case signedIn?: URL(string: "app://x/account/\(n)")!
        default: URL(string: "app://x/admin/\(n)")!
        }
    }

    static func number(_ url: URL) -> Int { Int(url.lastPathComponent) ?? -1 }

    @Test("random operations match the model", arguments: [UInt64(1), 2, 3, 0xC0FFEE])
    func randomWalk(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var coverage: [String: Int] = [:]
        for episode in 0..<20 {
            let model = try runEpisode(steps: 200, random: &random, label: "seed \(seed), episode \(episode)")
            coverage.merge(model.coverage, uniquingKeysWith: +)
        }
        for kind in [
            "dropped", "superseded", "released", "granted", "approved", "denied", "dropped by a lower limit",
        ] {
            #expect(
                coverage[kind, default: 0] >= 3,
                "seed \(seed) covered \(kind) \(coverage[kind, default: 0]) times")
        }
    }

    func runEpisode(steps: Int, random: inout SplitMix64, label: String) throws -> Model {
        let router = Router()
        let handled = Locked<[Int]>([])
        let reports = Locked<[Report]>([])
        for path in ["open", "account", "admin"] {
            try router.register("/\(path)/:n") { link in handled.withLock { $0.append(Self.number(link.url)) }
            }
        }
        #expect(router.require(Self.signedIn, for: "/account/:n"))
        #expect(router.require(Self.admin, for: "/admin/:n"))
        router.onDeferredResult { report in
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
                #expect(Outcome(router.handle(Self.url(arrivals))) == expected, context)
            case 45..<53:
                let limit = [1, 3, 8, 64].randomElement(using: &random)!
                model.hold(limit: limit)
                router.holdDelivery(limit: limit)
            case 53..<63:
                model.release()
                router.releaseDelivery()
            case 63..<71:
                let condition = conditions.randomElement(using: &random)!
                _ = model.approve(condition, grant: true)
                router.grant(condition)
            case 71..<79:
                let condition = conditions.randomElement(using: &random)!
                model.granted.remove(condition)
                router.revoke(condition)
            case 79..<89:
                let condition = conditions.randomElement(using: &random)!
                #expect(router.approveWaiting(condition) == model.approve(condition, grant: false), context)
            default:
                let condition = conditions.randomElement(using: &random)!
                #expect(router.denyWaiting(condition) == model.deny(condition), context)
            }
            let seen = handled.withLock { $0 }
            let reported = reports.withLock { $0 }
            #expect(
                seen == model.delivered,
                "\(context): handled \(seen.suffix(4)) vs \(model.delivered.suffix(4))")
            #expect(
                reported == model.reports, "\(context): \(reported.suffix(4)) vs \(model.reports.suffix(4))")
            #expect(router.isHoldingDelivery == model.holding, context)
            for condition in conditions {
                #expect(
                    router.waitingLink(for: condition).map(Self.number) == model.slots[condition], context)
                #expect(router.isGranted(condition) == model.granted.contains(condition), context)
            }
            if seen != model.delivered || reported != model.reports { break }
        }
        // Every arrival is accounted for exactly once.
        let delivered = handled.withLock { $0 }
        #expect(Set(delivered).count == delivered.count, "\(label): a link was delivered twice")
        let finalReports = reports.withLock { $0 }
        let lost = Set(
            finalReports.filter { [.dropped, .denied, .superseded].contains($0.outcome) }.map(\.n))
        let held = Set(model.queue.map(\.n))
        let waiting = Set(model.slots.values)
        var accounted = Set(delivered)
        for group in [lost, held, waiting] {
            #expect(accounted.isDisjoint(with: group), "\(label): a link is in two places")
            accounted.formUnion(group)
        }
        #expect(accounted == Set(arrivals > 0 ? Array(1...arrivals) : []), "\(label): a link was lost")
        return model
    }
}
