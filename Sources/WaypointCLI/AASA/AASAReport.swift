import Waypoint
import WaypointAssociation

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
    /// The receiving routes nothing is known of: no URL of them was tried, or the
    /// exploration stopped before their paths (aasa.md §7.4).
    var uncheckedRoutes: [AASARoute] = []
    /// How many receiving routes were compared on example URLs only.
    var examplesOnlyRoutes = 0
    /// The exclusions that decided a URL some route matches (what `generate` drops).
    var exclusionsHidingRoutes: [UniversalLinkRuleLocation] = []
}
