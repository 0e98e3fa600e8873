import Waypoint

/// The `applinks` section of an `apple-app-site-association` file: which apps may open
/// which URLs of the domain that serves the file as universal links.
///
/// The properties mirror the keys of Apple's format (Bundle Resources, `applinks`), so a
/// value encodes to the JSON a web server publishes and decodes from it. Decoding checks the
/// whole section: unknown keys, wrong types, application identifiers that are not
/// `TEAMID.bundle.id`, undefined substitution variables; each error names its JSON path
/// (``AppSiteAssociationError``).
///
/// ```swift
/// import WaypointAssociation
///
/// let universalLinks = UniversalLinkRules(details: [
///     UniversalLinkRules.Details(
///         appIDs: ["ABCDE12345.com.example.shop"],
///         components: [
///             UniversalLinkRules.Component(path: "/account/*", exclude: true),
///             UniversalLinkRules.Component(path: "/products/?*"),
///         ])
/// ])
/// let matcher = try UniversalLinkMatcher(universalLinks)
/// let decision = matcher.decision(
///     for: "https://shop.example.com/products/42", appID: "ABCDE12345.com.example.shop")
/// print(decision.outcome, decision.rule?.description ?? "-")
/// // opens applinks.details[0].components[1]
/// ```
public struct UniversalLinkRules: Sendable, Hashable {
    /// `defaults`: the settings every component of the domain uses unless its entry's
    /// `defaults` or the component itself sets them.
    public var defaults: Defaults?
    /// `details`: the apps and the URLs they open, in the order the system reads them.
    public var details: [Details]
    /// `substitutionVariables`: each variable's name and the strings `$(name)` stands for.
    /// Empty when the file defines none.
    public var substitutionVariables: [String: [String]]
    /// The legacy `apps` key (iOS 12 and earlier), which must be an empty array when
    /// present; nil when absent.
    public var apps: [String]?

    /// A section with these members.
    public init(
        defaults: Defaults? = nil, details: [Details], substitutionVariables: [String: [String]] = [:],
        apps: [String]? = nil
    ) {
        self.defaults = defaults
        self.details = details
        self.substitutionVariables = substitutionVariables
        self.apps = apps
    }

    /// The settings of ``UniversalLinkRules/defaults`` and ``Details/defaults``: Apple's
    /// `applinks.Defaults`, which can hold any property of a component.
    public typealias Defaults = Component
}
