import Waypoint
import WaypointAssociation
import WaypointTables

/// Something `waypoint aasa check` reports about an AASA file and a route table
/// (Documentation/aasa.md §7).
struct AASAFinding: Sendable, Hashable {
    /// What was found; the raw value is the name output uses.
    enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The file names the app in no `details` entry.
        case noRules
        /// Every URL the route matches opens the browser.
        case routeNeverOpened
        /// Some paths the route matches open the app, others the browser.
        case routePartlyOpened
        /// A rule opens the app for a URL that no route matches: the app opens and shows
        /// nothing.
        case unroutedURL
        /// A rule that never decides: earlier rules decide every URL it matches.
        case deadRule

        /// The kind's place in output order.
        var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
    }

    /// How a finding was decided (aasa.md §7.3).
    enum Method: String, Sendable, Hashable {
        /// From the automata of both sides, for every URL.
        case construction = "by construction"
        /// From example URLs, each matched by the router and the AASA matcher.
        case examples = "by examples"
    }

    let kind: Kind
    let method: Method
    /// The route, for route findings.
    let route: AASARoute?
    /// The rule, for rule findings.
    let rule: UniversalLinkRuleLocation?
    /// An example URL that shows it.
    let url: String?
    /// For a dead rule, the earlier rules that decide the URLs it matches.
    let earlier: [UniversalLinkRuleLocation]
    /// The finding, as a sentence.
    let message: String

    init(
        _ kind: Kind, method: Method, route: AASARoute? = nil, rule: UniversalLinkRuleLocation? = nil,
        url: String? = nil,
        earlier: [UniversalLinkRuleLocation] = [], message: String
    ) {
        self.kind = kind
        self.method = method
        self.route = route
        self.rule = rule
        self.url = url
        self.earlier = earlier
        self.message = message
    }

    /// Where the finding points: the route's location (`routes.txt:3`) or the rule's JSON path.
    var location: String {
        if let route { return route.location ?? route.route.quoted }
        if let rule { return rule.description }
        return "applinks"
    }
}

/// A route of the table `waypoint aasa` checks, with where it was written.
struct AASARoute: Sendable, Hashable {
    /// The route string.
    let route: String
    /// Its registration position (0-based).
    let index: Int
    /// `routes.txt:3`, when it comes from a routes file.
    let location: String?
}
