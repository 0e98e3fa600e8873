import Testing
import Waypoint
import WaypointAssociation

/// Hostile input is bounded (aasa.md §3.3, §3.4), and every bound keeps ten times the
/// largest ordinary input working.
@Suite("AASA: hostile input")
struct UniversalLinkHostileInputTests {
    /// Backtracking would take 2^n steps on these; the simulation takes n × m.
    @Test("wildcard patterns that make backtracking matchers exponential")
    func pathologicalWildcards() throws {
        let stars = String(repeating: "*a", count: 500) + "*b"
        let alternating = String(repeating: "*?", count: 1_000)
        let matcher = try AASA.matcher(
            AASA.file(components: #"[{"/": "/\#(stars)"}, {"/": "/\#(alternating)x"}]"#))
        let url = "https://e.com/" + String(repeating: "a", count: 1_000)
        #expect(matcher.decision(for: url, appID: AASA.app).outcome == .noMatch)
        #expect(matcher.decision(for: url + "b", appID: AASA.app).opensApp)
        let long = "https://e.com/" + String(repeating: "y", count: 1_000) + "x"
        #expect(matcher.decision(for: long, appID: AASA.app).rule?.index == 1)
    }

    /// An ordinary file uses `$(lang)_$(region)` in a few components; ten times that is
    /// far inside the state bound.
    @Test("ten times a variable-heavy ordinary file is read and matched")
    func tenTimesOrdinary() throws {
        let component = #"{"/": "/$(lang)_$(region)/$(food)/*", "?": {"ref": "$(alnum)*"}}"#
        let components = "[" + Array(repeating: component, count: 50).joined(separator: ",") + "]"
        let file = AASA.file(
            components: components,
            section: #""substitutionVariables": {"food": ["burrito", "pizza", "sushi", "samosa"]}"#)
        let matcher = try AASA.matcher(file)
        #expect(matcher.decision(for: "https://e.com/en_US/pizza/x?ref=A1", appID: AASA.app).opensApp)
        #expect(!matcher.decision(for: "https://e.com/en_US/pizza/x?ref=_", appID: AASA.app).opensApp)
    }

    @Test("C9: a file whose variables expand past the state bound is refused")
    func variableBomb() {
        let uses = String(repeating: "$(lang)", count: 18_000)
        let file = AASA.file(components: #"[{"/": "/\#(uses)"}]"#)
        #expect(file.utf8.count < AppSiteAssociation.maximumSize)
        do {
            _ = try AASA.matcher(file)
            Issue.record("accepted")
        } catch let error as AppSiteAssociationError {
            #expect(error.kindName == "patternTooComplex")
            #expect(error.path == #"applinks.details[0].components[0]["/"]"#)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("a file at the size limit with thousands of components is read and matched")
    func manyComponents() throws {
        var components: [String] = []
        var index = 0
        while components.joined(separator: ",").utf8.count < AppSiteAssociation.maximumSize - 2_000 {
            components.append(#"{"/": "/p\#(index)/?*"}"#)
            index += 1
        }
        let matcher = try AASA.matcher(AASA.file(components: "[" + components.joined(separator: ",") + "]"))
        let last = index - 1
        #expect(matcher.decision(for: "https://e.com/p\(last)/x", appID: AASA.app).rule?.index == last)
        #expect(matcher.decision(for: "https://e.com/q/x", appID: AASA.app).outcome == .noMatch)
    }
}
