import Waypoint

/// What the system does with a URL for one app, by an `applinks` section
/// (``UniversalLinkMatcher/decision(for:appID:)-(String,_)``), and which rule decided.
public struct UniversalLinkDecision: Sendable, Hashable {
    /// The outcome.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// A rule that is not an exclusion matched first: the link opens the app.
        case opens
        /// An exclusion (`exclude: true`, or a legacy `NOT ` path) matched first: the link
        /// opens in the browser.
        case excluded
        /// No rule of the app matches: the link opens in the browser.
        case noMatch
        /// No `details` entry names the app.
        case appNotListed
        /// The URL is not an `http` or `https` URL, so it is never a universal link.
        case notUniversalLink
        /// The URL is longer than ``UniversalLinkMatcher/maximumURLLength`` bytes; it is not
        /// matched.
        case urlTooLong
    }

    /// The outcome.
    public let outcome: Outcome
    /// The rule that decided: for ``Outcome/opens`` and ``Outcome/excluded``; nil otherwise.
    public let rule: UniversalLinkRuleLocation?

    /// A decision with this outcome and rule.
    public init(outcome: Outcome, rule: UniversalLinkRuleLocation?) {
        self.outcome = outcome
        self.rule = rule
    }

    /// Whether the link opens the app.
    public var opensApp: Bool {
        outcome == .opens
    }
}

/// Where a rule of an `applinks` section is: a component, or a legacy path.
public struct UniversalLinkRuleLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// What kind of rule.
    public enum Kind: String, Sendable, Hashable {
        /// An element of a `components` array.
        case component
        /// An element of a legacy `paths` array.
        case legacyPath
    }

    /// The index of the rule's entry in `details`.
    public let detailsIndex: Int
    /// The index of the rule in its entry's `components` or `paths`.
    public let index: Int
    /// Whether it is a component or a legacy path.
    public let kind: Kind

    /// The rule at `index` of the `kind` array of entry `detailsIndex`.
    public init(detailsIndex: Int, index: Int, kind: Kind) {
        self.detailsIndex = detailsIndex
        self.index = index
        self.kind = kind
    }

    /// The rule's JSON path: `applinks.details[0].components[2]` or
    /// `applinks.details[1].paths[0]`.
    public var description: String {
        "applinks.details[\(detailsIndex)].\(kind == .component ? "components" : "paths")[\(index)]"
    }

    /// File order: by entry, then by position.
    public static func < (lhs: UniversalLinkRuleLocation, rhs: UniversalLinkRuleLocation) -> Bool {
        (lhs.detailsIndex, lhs.kind == .component ? 0 : 1, lhs.index)
            < (rhs.detailsIndex, rhs.kind == .component ? 0 : 1, rhs.index)
    }
}
