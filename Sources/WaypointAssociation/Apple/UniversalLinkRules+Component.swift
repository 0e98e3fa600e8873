import Waypoint

extension UniversalLinkRules {
    /// One pattern of a `components` array (Apple's `applinks.Details.Components`), and the
    /// shape of `defaults`.
    ///
    /// A URL matches a component when its path, query and fragment each match the
    /// component's pattern for them; a part the component does not name matches anything.
    /// Unset settings come from the entry's `defaults`, then the section's, then Apple's
    /// defaults (`*` patterns, `exclude` false, `caseSensitive` and `percentEncoded` true).
    public struct Component: Sendable, Hashable {
        /// `/`: the pattern for the URL's path.
        public var path: String?
        /// `?`: the pattern for the URL's query, or patterns for its query items.
        public var query: Query?
        /// `#`: the pattern for the URL's fragment.
        public var fragment: String?
        /// `exclude`: whether a URL this component matches must not open the app.
        public var exclude: Bool?
        /// `comment`: text the system ignores.
        public var comment: String?
        /// `caseSensitive`: whether patterns compare letters' case.
        public var caseSensitive: Bool?
        /// `percentEncoded`: whether patterns are compared with the URL as written
        /// (percent-encoded) rather than decoded.
        public var percentEncoded: Bool?

        /// A component with these members.
        public init(
            path: String? = nil, query: Query? = nil, fragment: String? = nil, exclude: Bool? = nil,
            comment: String? = nil, caseSensitive: Bool? = nil, percentEncoded: Bool? = nil
        ) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
            self.comment = comment
            self.caseSensitive = caseSensitive
            self.percentEncoded = percentEncoded
        }
    }

    /// The `?` key of a component: one pattern for the whole query, or a pattern per query
    /// item name (Apple's `applinks.Details.Components.Query`).
    public enum Query: Sendable, Hashable {
        /// A pattern matched against the whole query, without its `?`.
        case pattern(String)
        /// Query item names and the pattern each item's value must match. Every item of
        /// that name must match; an absent item, or one without a value, counts as the empty
        /// string.
        case items([String: String])
    }
}
