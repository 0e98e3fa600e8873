import Waypoint

extension UniversalLinkRules {
    /// One entry of `details`: apps, and the URLs they open (Apple's `applinks.Details`).
    public struct Details: Sendable, Hashable {
        /// `appID`: one application identifier, `TEAMID.bundle.id`.
        public var appID: String?
        /// `appIDs`: application identifiers, `TEAMID.bundle.id` each.
        public var appIDs: [String]?
        /// `components`: the patterns, in order; the first that matches a URL decides.
        public var components: [Component]?
        /// The legacy `paths` (iOS 12 and earlier): path patterns, a `NOT ` prefix excluding.
        /// Systems that read `components` ignore `paths` when both are present.
        public var paths: [String]?
        /// `defaults`: the settings of this entry's components unless they set their own.
        public var defaults: Defaults?

        /// An entry with these members.
        public init(
            appID: String? = nil, appIDs: [String]? = nil, components: [Component]? = nil,
            paths: [String]? = nil, defaults: Defaults? = nil
        ) {
            self.appID = appID
            self.appIDs = appIDs
            self.components = components
            self.paths = paths
            self.defaults = defaults
        }

        /// Every application identifier of the entry: those of `appIDs`, then `appID` when it
        /// is not among them.
        public var applicationIdentifiers: [String] {
            var identifiers = appIDs ?? []
            if let appID, !identifiers.contains(appID) { identifiers.append(appID) }
            return identifiers
        }
    }
}
