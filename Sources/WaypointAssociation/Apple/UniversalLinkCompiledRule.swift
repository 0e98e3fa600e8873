import Waypoint

/// One rule of an app (a component, or a legacy path) with every setting resolved and its
/// patterns compiled (Documentation/aasa.md §5).
package final class UniversalLinkCompiledRule: Sendable {
    /// A pattern with its compiled program.
    package struct Compiled: Sendable {
        package let pattern: UniversalLinkPattern
        package let program: UniversalLinkProgram

        /// Whether the pattern matches `text`.
        package func matches(_ text: UniversalLinkText) -> Bool {
            program.matches(text)
        }

        /// Whether the pattern matches `text`, adding the work done to `steps`.
        package func matches(_ text: UniversalLinkText, steps: inout Int) -> Bool {
            program.matches(text, steps: &steps)
        }
    }

    /// What the rule asks of the query.
    package enum QueryCondition: Sendable {
        /// A pattern for the whole query.
        case pattern(Compiled)
        /// A pattern per item name (the name case-folded when the rule ignores case).
        case items([(name: String, value: Compiled)])
    }

    /// The settings a rule inherits: the section's `defaults`, then its entry's.
    package struct Settings: Sendable {
        let section: UniversalLinkRules.Defaults?
        let entry: UniversalLinkRules.Defaults?
        /// Where the section's and the entry's `defaults` are.
        let sectionPath: JSONPath
        let entryPath: JSONPath

        /// The value of `property` for `component`: its own, else the entry's default, else
        /// the section's.
        func value<Value>(
            _ component: UniversalLinkRules.Component?,
            _ property: KeyPath<UniversalLinkRules.Component, Value?>
        ) -> Value? {
            component?[keyPath: property] ?? entry?[keyPath: property] ?? section?[keyPath: property]
        }

        /// ``value(_:_:)`` for a pattern, with the path of the object it comes from
        /// (`componentPath`, or one of the `defaults`), so errors point at the text.
        func pattern<Value>(
            _ component: UniversalLinkRules.Component,
            _ property: KeyPath<UniversalLinkRules.Component, Value?>,
            at componentPath: JSONPath
        ) -> (Value, JSONPath)? {
            if let value = component[keyPath: property] { return (value, componentPath) }
            if let value = entry?[keyPath: property] { return (value, entryPath) }
            if let value = section?[keyPath: property] { return (value, sectionPath) }
            return nil
        }
    }

    /// Where the rule is.
    package let location: UniversalLinkRuleLocation
    /// Whether a URL it matches is excluded rather than opened.
    package let exclude: Bool
    /// Whether letters' case counts.
    package let caseSensitive: Bool
    /// Whether the URL is compared as written (percent-encoded) rather than decoded.
    package let percentEncoded: Bool
    /// The path pattern.
    package let path: Compiled
    /// The query condition; nil when the rule accepts any query.
    package let query: QueryCondition?
    /// The fragment pattern; nil when the rule accepts any fragment.
    package let fragment: Compiled?
    /// The component's `comment` (nil for legacy paths).
    package let comment: String?

    /// The rule of `component`, at `path`.
    init(
        component: UniversalLinkRules.Component, settings: Settings, location: UniversalLinkRuleLocation,
        at path: JSONPath,
        variables: UniversalLinkVariables, budget: inout Int
    ) throws(AppSiteAssociationError) {
        self.location = location
        exclude = settings.value(component, \.exclude) ?? false
        let caseSensitive = settings.value(component, \.caseSensitive) ?? true
        self.caseSensitive = caseSensitive
        percentEncoded = settings.value(component, \.percentEncoded) ?? true
        comment = component.comment
        let (pathText, pathOrigin) = settings.pattern(component, \.path, at: path) ?? ("*", path)
        self.path = try Self.compile(
            pathText, at: pathOrigin.appending("/"), caseSensitive: caseSensitive, variables: variables,
            budget: &budget)
        switch settings.pattern(component, \.query, at: path) {
        case nil:
            query = nil
        case .some((.pattern(let text), let origin)):
            let compiled = try Self.compile(
                text, at: origin.appending("?"), caseSensitive: caseSensitive, variables: variables,
                budget: &budget)
            query = compiled.pattern.matchesEverything ? nil : .pattern(compiled)
        case .some((.items(let items), let origin)):
            var conditions: [(name: String, value: Compiled)] = []
            for (name, text) in items.sorted(by: { $0.key < $1.key }) {
                let compiled = try Self.compile(
                    text, at: origin.appending("?").appending(name), caseSensitive: caseSensitive,
                    variables: variables, budget: &budget)
                // `*` matches every value, the absent item's "" included.
                if compiled.pattern.matchesEverything { continue }
                conditions.append((caseSensitive ? name : Self.folded(name), compiled))
            }
            query = conditions.isEmpty ? nil : .items(conditions)
        }
        if let (text, origin) = settings.pattern(component, \.fragment, at: path) {
            let compiled = try Self.compile(
                text, at: origin.appending("#"), caseSensitive: caseSensitive, variables: variables,
                budget: &budget)
            fragment = compiled.pattern.matchesEverything ? nil : compiled
        } else {
            fragment = nil
        }
    }

    /// The rule of a legacy path, at `path`: `NOT ` excludes; only the URL's path is
    /// compared; `caseSensitive` and `percentEncoded` defaults apply.
    init(
        legacyPath text: String, settings: Settings, location: UniversalLinkRuleLocation, at path: JSONPath,
        variables: UniversalLinkVariables, budget: inout Int
    ) throws(AppSiteAssociationError) {
        self.location = location
        exclude = text.hasPrefix("NOT ")
        caseSensitive = settings.value(nil, \.caseSensitive) ?? true
        percentEncoded = settings.value(nil, \.percentEncoded) ?? true
        comment = nil
        self.path = try Self.compile(
            exclude ? String(text.dropFirst(4)) : text, at: path, caseSensitive: caseSensitive,
            variables: variables,
            budget: &budget)
        query = nil
        fragment = nil
    }

    private static func compile(
        _ text: String, at path: JSONPath, caseSensitive: Bool, variables: UniversalLinkVariables,
        budget: inout Int
    ) throws(AppSiteAssociationError) -> Compiled {
        let pattern: UniversalLinkPattern
        do {
            pattern = try UniversalLinkPattern(text, variables: variables)
        } catch {
            throw AppSiteAssociationError(error.kind, at: path)
        }
        budget -= pattern.stateCount
        guard budget >= 0 else {
            let limit = AppSiteAssociation.maximumPatternStates
            throw AppSiteAssociationError(.patternTooComplex(states: limit - budget, limit: limit), at: path)
        }
        return Compiled(
            pattern: pattern, program: UniversalLinkProgram(pattern, ignoringCase: !caseSensitive))
    }

    /// `text` with each scalar case-folded as patterns fold it.
    package static func folded(_ text: some StringProtocol) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: text.unicodeScalars.map(UniversalLinkProgram.folded))
        return result
    }

    /// Whether the rule matches the URL `parts`, adding the work its patterns did to `steps`.
    package func matches(_ parts: UniversalLinkURL, steps: inout Int) -> Bool {
        guard path.matches(percentEncoded ? parts.pathText : parts.decodedPathText, steps: &steps) else {
            return false
        }
        if let fragment,
            !fragment.matches(percentEncoded ? parts.fragmentText : parts.decodedFragmentText, steps: &steps)
        {
            return false
        }
        switch query {
        case nil:
            return true
        case .pattern(let pattern):
            return pattern.matches(percentEncoded ? parts.queryText : parts.decodedQueryText, steps: &steps)
        case .items(let conditions):
            let items = percentEncoded ? parts.rawItems : parts.decodedItems
            for condition in conditions {
                var found = false
                for item in items
                where (caseSensitive ? String(item.name) : Self.folded(item.name)) == condition.name {
                    found = true
                    guard condition.value.matches(UniversalLinkText(item.value), steps: &steps) else {
                        return false
                    }
                }
                if !found && !condition.value.matches(.empty, steps: &steps) { return false }
            }
            return true
        }
    }
}
