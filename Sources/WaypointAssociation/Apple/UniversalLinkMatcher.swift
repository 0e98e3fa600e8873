import Foundation
import Waypoint

/// An `applinks` section compiled for matching: answers, for a URL and an app, whether the
/// system opens the app and which rule decided (Documentation/aasa.md §5).
///
/// The rules of an app are the components of every `details` entry that names it, in file
/// order (an entry's legacy `paths` stand in when it has no `components`). The first rule
/// that matches the URL decides: an exclusion sends the link to the browser, any other rule
/// opens the app; when none matches, the link opens in the browser. The host is not looked
/// at: a file speaks for the domain that serves it, so the caller picks the file for the
/// URL's host.
///
/// A matcher is immutable and `Sendable`; build it once and share it.
public struct UniversalLinkMatcher: Sendable {
    /// The longest URL, in UTF-8 bytes, the matcher reads: the router's default limit.
    /// Longer URLs get ``UniversalLinkDecision/Outcome/urlTooLong``.
    public static let maximumURLLength = RouterOptions().maxURLLength

    /// Every rule, in file order.
    package let rules: [UniversalLinkCompiledRule]
    /// The rules of each app (by ``appKey(_:)``), as indices into ``rules``.
    private let rulesOfApp: [String: [Int]]
    /// For each app, its rules indexed by the literal their path pattern starts with.
    private let prefixIndexOfApp: [String: UniversalLinkPrefixIndex]
    /// The application identifiers the section names, in order of first appearance.
    public let applicationIdentifiers: [String]

    /// Compiles `universalLinks`.
    ///
    /// - Throws: ``AppSiteAssociationError`` naming the pattern (or variable) at fault: an
    ///   undefined or unterminated substitution variable, a variable whose name or value is
    ///   not allowed, or patterns that expand to more than
    ///   ``AppSiteAssociation/maximumPatternStates`` states.
    public init(_ universalLinks: UniversalLinkRules) throws(AppSiteAssociationError) {
        try self.init(universalLinks, at: JSONPath.root.appending("applinks"))
    }

    /// Compiles `universalLinks`, found at `path` of its file, whose patterns may expand to
    /// at most `stateLimit` states (a tool that writes files larger than Apple reads may
    /// check them with a larger one).
    package init(
        _ universalLinks: UniversalLinkRules, at path: JSONPath,
        stateLimit: Int = AppSiteAssociation.maximumPatternStates
    ) throws(AppSiteAssociationError) {
        let variables = try UniversalLinkVariables(
            universalLinks.substitutionVariables, at: path.appending("substitutionVariables"))
        var budget = stateLimit
        var rules: [UniversalLinkCompiledRule] = []
        var rulesOfApp: [String: [Int]] = [:]
        var identifiers: [String] = []
        for (detailsIndex, details) in universalLinks.details.enumerated() {
            let detailsPath = path.appending("details").appending(index: detailsIndex)
            let settings = UniversalLinkCompiledRule.Settings(
                section: universalLinks.defaults, entry: details.defaults,
                sectionPath: path.appending("defaults"),
                entryPath: detailsPath.appending("defaults"))
            var entryRules: [UniversalLinkCompiledRule] = []
            if let components = details.components {
                for (index, component) in components.enumerated() {
                    entryRules.append(
                        try UniversalLinkCompiledRule(
                            component: component, settings: settings,
                            location: UniversalLinkRuleLocation(
                                detailsIndex: detailsIndex, index: index, kind: .component),
                            at: detailsPath.appending("components").appending(index: index),
                            variables: variables, budget: &budget))
                }
            } else if let paths = details.paths {
                for (index, text) in paths.enumerated() {
                    entryRules.append(
                        try UniversalLinkCompiledRule(
                            legacyPath: text, settings: settings,
                            location: UniversalLinkRuleLocation(
                                detailsIndex: detailsIndex, index: index, kind: .legacyPath),
                            at: detailsPath.appending("paths").appending(index: index),
                            variables: variables, budget: &budget))
                }
            }
            let indices = rules.count..<(rules.count + entryRules.count)
            rules += entryRules
            for identifier in details.applicationIdentifiers {
                let key = Self.appKey(identifier)
                if rulesOfApp[key] == nil { identifiers.append(identifier) }
                rulesOfApp[key, default: []] += indices
            }
        }
        self.rules = rules
        self.rulesOfApp = rulesOfApp
        prefixIndexOfApp = rulesOfApp.mapValues { indices in
            UniversalLinkPrefixIndex(indices.map { rules[$0] })
        }
        applicationIdentifiers = identifiers
    }

    /// How application identifiers compare: the team ID as written, the bundle ID ignoring
    /// ASCII case (Apple: bundle IDs are case-insensitive).
    package static func appKey(_ identifier: String) -> String {
        guard identifier.utf8.count > 11 else { return identifier }
        let team = identifier.prefix(11)
        return team + identifier.dropFirst(11).lowercased()
    }

    /// The rules of the app `appID`, in the order the system tries them.
    package func rules(of appID: String) -> [UniversalLinkCompiledRule] {
        (rulesOfApp[Self.appKey(appID)] ?? []).map { rules[$0] }
    }

    /// Whether the section names the app `appID`.
    public func lists(appID: String) -> Bool {
        rulesOfApp[Self.appKey(appID)] != nil
    }

    /// What the system does with `url` for the app `appID`, and the rule that decided.
    ///
    /// - Complexity: for each rule tried, O(*n* + *m*) in the URL's length *n* and the rule's
    ///   pattern length *m* for a pattern without substitution variables, whatever its `*`s
    ///   and `?`s (a `*` between two others costs ⌈*k* / 64⌉ per character for a piece of
    ///   *k*), and O(*n* × *m*) in its automaton states *m* for one with variables; never
    ///   more (Documentation/aasa.md §3.3).
    public func decision(for url: String, appID: String) -> UniversalLinkDecision {
        var steps = 0
        return decision(for: url, appID: appID, steps: &steps)
    }

    /// ``decision(for:appID:)-(String,_)``, adding to `steps` the characters the rules'
    /// patterns compared (tests hold matching to its bound with it).
    package func decision(for url: String, appID: String, steps: inout Int) -> UniversalLinkDecision {
        guard let indices = rulesOfApp[Self.appKey(appID)] else {
            return UniversalLinkDecision(outcome: .appNotListed, rule: nil)
        }
        guard url.utf8.count <= Self.maximumURLLength else {
            return UniversalLinkDecision(outcome: .urlTooLong, rule: nil)
        }
        guard let parts = UniversalLinkURL(url) else {
            return UniversalLinkDecision(outcome: .notUniversalLink, rule: nil)
        }
        let candidates =
            prefixIndexOfApp[Self.appKey(appID)]?.candidates(for: parts.path) ?? Array(indices.indices)
        for position in candidates {
            let rule = rules[indices[position]]
            guard rule.matches(parts, steps: &steps) else { continue }
            return UniversalLinkDecision(outcome: rule.exclude ? .excluded : .opens, rule: rule.location)
        }
        return UniversalLinkDecision(outcome: .noMatch, rule: nil)
    }

    /// What the system does with `url` for the app `appID`, and the rule that decided.
    public func decision(for url: URL, appID: String) -> UniversalLinkDecision {
        decision(for: url.absoluteString, appID: appID)
    }
}

extension UniversalLinkMatcher {
    /// The strings of Apple's predefined substitution variables by name (`alpha`, `upper`,
    /// `lower`, `alnum`, `digit`, `xdigit`, `region`, `lang`). `region` and `lang` come from
    /// the platform's locale data (`Locale.Region.isoRegions`, two-letter codes only, and
    /// `Locale.LanguageCode.isoLanguageCodes`).
    public static var predefinedVariables: [String: [String]] {
        UniversalLinkVariables.predefinedStrings
    }
}
