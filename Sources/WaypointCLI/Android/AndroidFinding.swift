/// Something `waypoint android check` or `generate` reports about an app's intent filters,
/// its `assetlinks.json` and a route table (Documentation/android-app-links.md §4).
struct AndroidFinding: Sendable, Hashable {
    /// What was found; the raw value is the name output uses.
    enum Kind: String, Sendable, Hashable, CaseIterable {
        /// No verified filter opens any URL the route matches.
        case routeNeverOpened
        /// Some URLs the route matches open the app, others the browser.
        case routePartlyOpened
        /// Routes that matched no example URL, so that nothing was checked of them.
        case routesNotChecked
        /// A filter opens the app for a URL no route matches.
        case unroutedURL
        /// A generated path attribute is wider than its route: it may open URLs no route
        /// matches (with one when the examples found it).
        case widenedPath
        /// A filter for the host can never be verified (no autoVerify, no VIEW, …).
        case filterNotVerified
        /// A filter for the host takes `http` links only.
        case httpOnly
        /// A filter's host has upper-case letters: Android documents host matching as
        /// case-sensitive.
        case hostCase
        /// A filter holds something that changes matching and is not modelled: it was left
        /// out.
        case unsupportedFilter
        /// A filter uses an attribute that devices below its API level ignore.
        case attributeIgnored
        /// The host's `assetlinks.json` names the app in no statement, or the file was not
        /// found to.
        case hostWithoutStatement
        /// Android discards the statement's dynamic rules.
        case dynamicRulesDiscarded

        var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
    }

    /// Which devices a finding holds for.
    enum Devices: String, Sendable, Hashable {
        /// Every device the app supports.
        case all
        /// Devices that apply no dynamic rules: before Android 15, or without Google services.
        case withoutDynamicRules = "without dynamic rules (before Android 15)"
        /// Android 15 and later with Google services, where the dynamic rules apply.
        case withDynamicRules = "with dynamic rules (Android 15 and later)"
    }

    let kind: Kind
    /// Where: `routes.txt:3`, `AndroidManifest.xml:12`, `assetlinks.json`.
    let location: String
    /// The route, for route findings.
    let route: String?
    /// An example URL that shows it.
    let url: String?
    let devices: Devices
    /// The finding, as a sentence.
    let message: String

    /// Output order: by kind, then by file and line.
    static func inOrder(_ left: AndroidFinding, _ right: AndroidFinding) -> Bool {
        func place(_ finding: AndroidFinding) -> (String, Int) {
            guard let colon = finding.location.lastIndex(of: ":"),
                let line = Int(finding.location[finding.location.index(after: colon)...])
            else { return (finding.location, 0) }
            return (String(finding.location[..<colon]), line)
        }
        let (a, b) = (place(left), place(right))
        return (left.kind.rank, a.0, a.1) < (right.kind.rank, b.0, b.1)
    }
}
