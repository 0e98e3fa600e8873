import Waypoint

/// What `waypoint aasa check` found, and what it looked at.
struct AASAReport: Sendable {
    let appID: String
    let host: String
    let routeCount: Int
    let ruleCount: Int
    /// The routes that receive the host's universal links.
    var receivingCount = 0
    /// The routes left out, and why.
    var skipped: [(route: AASARoute, reason: String)] = []
    /// The findings, in output order.
    var findings: [AASAFinding] = []
    /// What the check could not decide, one sentence each.
    var notes: [String] = []
}
