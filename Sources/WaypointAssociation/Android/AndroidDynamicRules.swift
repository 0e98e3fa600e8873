/// The dynamic App Link rules of an `assetlinks.json` statement (Android 15 and later, with
/// Google services): `relation_extensions` → `delegate_permission/common.handle_all_urls` →
/// `dynamic_app_link_components`.
///
/// They narrow what the manifest's verified filters open and never widen it. The rules are
/// tried in order and the first whose parts all match decides: the app opens unless it is an
/// `exclude` rule; when none matches, the link opens the browser. A rule's parts are
/// optional: `"/"` matches the whole decoded path, `"#"` the whole fragment, and `"?"` a
/// dictionary whose every entry must match a query item of that name (other items and the
/// order do not matter). In patterns, `?` is any one character and `*` any characters up to
/// the first occurrence of the character that follows it in the pattern (to the end when
/// nothing follows), without backtracking, as Android's documentation describes them.
public struct AndroidDynamicRules: Sendable, Hashable {
    /// One rule.
    public struct Component: Sendable, Hashable {
        /// The `"/"` pattern.
        public var path: String?
        /// The `"?"` dictionary, by name.
        public var query: [String: String]?
        /// The `"#"` pattern.
        public var fragment: String?
        /// Whether a match keeps the link in the browser.
        public var exclude: Bool

        /// A rule with these parts.
        public init(
            path: String? = nil, query: [String: String]? = nil, fragment: String? = nil,
            exclude: Bool = false
        ) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
        }
    }

    /// The rules, in order.
    public var components: [Component]

    /// These rules.
    public init(components: [Component]) {
        self.components = components
    }

    /// The index of the rule that decides for a link with these parts, or nil when none
    /// matches.
    package func decidingRule(
        path: String, queryItems: [(name: String, value: String)], fragment: String?
    )
        -> Int?
    {
        components.firstIndex { component in
            if let pattern = component.path, !Self.matches(pattern, path) { return false }
            if let pattern = component.fragment, !Self.matches(pattern, fragment ?? "") { return false }
            if let query = component.query {
                for (name, pattern) in query
                where !queryItems.contains(where: { $0.name == name && Self.matches(pattern, $0.value) }) {
                    return false
                }
            }
            return true
        }
    }

    /// Whether the dynamic-rule `pattern` matches the whole of `text`.
    ///
    /// - Complexity: O(*n* + *m*): a `*` skips to one character and never gives it back.
    public static func matches(_ pattern: String, _ text: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        let text = Array(text.unicodeScalars)
        var position = 0
        var consumed = 0
        while position < pattern.count {
            switch pattern[position] {
            case "?":
                guard consumed < text.count else { return false }
                consumed += 1
                position += 1
            case "*":
                // A run of `*` and `?` is one `*` after as many characters as it has `?`.
                while position < pattern.count, pattern[position] == "*" || pattern[position] == "?" {
                    if pattern[position] == "?" {
                        guard consumed < text.count else { return false }
                        consumed += 1
                    }
                    position += 1
                }
                guard position < pattern.count else { return true }
                let target = pattern[position]
                while consumed < text.count, text[consumed] != target { consumed += 1 }
                guard consumed < text.count else { return false }
                consumed += 1
                position += 1
            case let character:
                guard consumed < text.count, text[consumed] == character else { return false }
                consumed += 1
                position += 1
            }
        }
        return consumed == text.count
    }
}
