import Testing
import Waypoint
import WaypointAssociation

/// Helpers for the AASA suites: read a file's JSON, decide URLs for an app.
enum AASA {
    static let app = "ABCDE12345.com.example.app"
    static let app2 = "ABCDE12345.com.example.app2"

    /// The matcher of the `applinks` section of the file `json`.
    static func matcher(_ json: String) throws -> UniversalLinkMatcher {
        let file = try AppSiteAssociation(json: json)
        return try UniversalLinkMatcher(try #require(file.universalLinks))
    }

    /// A file whose only entry is for ``app`` with `components` (JSON text of the array)
    /// and, optionally, `applinks`-level members (JSON text, without braces).
    static func file(components: String, entryDefaults: String? = nil, section: String = "") -> String {
        let defaults = entryDefaults.map { #", "defaults": \#($0)"# } ?? ""
        let extra = section.isEmpty ? "" : section + ", "
        return
            #"{"applinks": {\#(extra)"details": [{"appIDs": ["\#(app)"], "components": \#(components)\#(defaults)}]}}"#
    }

    /// A case: a URL and what the system does with it for the app.
    struct Expectation: CustomTestStringConvertible, Sendable {
        let url: String
        let outcome: UniversalLinkDecision.Outcome
        /// The deciding rule's path, for `opens` and `excluded`.
        var rule: String?
        var app: String = AASA.app
        var testDescription: String { "\(url) → \(outcome)" }
    }

    /// Checks every expectation against `matcher`.
    static func expect(
        _ matcher: UniversalLinkMatcher, _ expectations: [Expectation],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for expectation in expectations {
            let decision = matcher.decision(for: expectation.url, appID: expectation.app)
            #expect(
                decision.outcome == expectation.outcome, "\(expectation.url)", sourceLocation: sourceLocation)
            #expect(
                decision.rule?.description == expectation.rule, "\(expectation.url)",
                sourceLocation: sourceLocation)
        }
    }
}
