/// What Android does with a link, as ``AndroidAppLinkMatcher`` reads the app's filters and
/// the domain's `assetlinks.json`.
public struct AndroidAppLinkDecision: Sendable, Hashable {
    /// The outcome.
    public enum Outcome: String, Sendable, Hashable {
        /// A verified App Link filter takes the link (and the dynamic rules, if any, let it):
        /// the app opens.
        case opens
        /// No filter that the matcher counts takes the link: it opens the browser.
        case noFilter
        /// Only filters that cannot be verified take it: on Android 12 and later it opens
        /// the browser (the user may still choose the app in its settings).
        case unverifiedFilter
        /// A verified filter takes it but its host has no statement for the app in
        /// `assetlinks.json`.
        case hostNotVerified
        /// The dynamic rules keep it in the browser (Android 15 and later).
        case excludedByDynamicRules
    }

    /// The outcome.
    public let outcome: Outcome
    /// The index of the first filter that takes the link, verified or not, among those
    /// given to the matcher.
    public let filter: Int?
    /// The filter's path attribute that took the link, by index into the filter's
    /// ``AndroidIntentFilter/paths``; nil when the filter has no path attribute.
    public let path: Int?
    /// The dynamic rule that decided, when dynamic rules were consulted and one matched.
    public let dynamicRule: Int?

    /// Whether the link opens the app.
    public var opensApp: Bool { outcome == .opens }
}
