import Foundation
import Testing
import Waypoint
import WaypointAssociation

/// The model is `Codable`: Foundation's coders read and write it with the same checks and
/// the same errors as `AppSiteAssociation(json:)`.
@Suite("AASA: Codable")
struct UniversalLinkCodableTests {
    static let json = #"""
        {"applinks": {
          "defaults": {"caseSensitive": false},
          "substitutionVariables": {"food": ["pizza", "sushi"]},
          "details": [
            {"appIDs": ["ABCDE12345.com.example.app"], "components": [
              {"/": "/$(food)/*", "?": {"size": "?"}, "#": "top", "exclude": false, "comment": "food",
               "caseSensitive": true, "percentEncoded": false},
              {"?": "q=*"}]},
            {"appID": "ABCDE12345.com.example.legacy", "paths": ["NOT /a", "*"], "defaults": {"percentEncoded": true}}]},
         "webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}
        """#

    @Test("JSONDecoder reads what AppSiteAssociation(json:) reads, and JSONEncoder writes it back")
    func roundTrip() throws {
        let parsed = try AppSiteAssociation(json: Self.json)
        let decoded = try JSONDecoder().decode(AppSiteAssociation.self, from: Data(Self.json.utf8))
        #expect(decoded == parsed)
        let encoded = try JSONEncoder().encode(parsed)
        #expect(try AppSiteAssociation(data: encoded) == parsed)
        let component = try #require(parsed.universalLinks?.details.first?.components?.first)
        #expect(component.query == .items(["size": "?"]))
        #expect(component.percentEncoded == false)
        #expect(parsed.universalLinks?.substitutionVariables == ["food": ["pizza", "sushi"]])
    }

    @Test("JSONDecoder throws the same AppSiteAssociationError, path included")
    func decoderErrors() throws {
        let bad = Self.json.replacingOccurrences(of: #""?": "q=*""#, with: #""?": ["q"]"#)
        #expect(
            throws: AppSiteAssociationError(
                .wrongType(expected: "a string or an object", found: "an array"),
                at: #"applinks.details[0].components[1]["?"]"#)
        ) {
            try JSONDecoder().decode(AppSiteAssociation.self, from: Data(bad.utf8))
        }
    }

    /// A file over 128 KB once written without whitespace is refused by every reader; the
    /// decoder, which cannot see the bytes, measures the content (aasa.md §2.1).
    @Test("JSONDecoder refuses the file AppSiteAssociation(json:) refuses for its size")
    func decoderSize() throws {
        let component = #"{"/": "/products/?*/reviews/?*", "comment": "a long comment for padding"}"#
        let components = Array(repeating: component, count: 2_900).joined(separator: ",")
        let json =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": ["#
            + components + "]}]}}"
        #expect(json.utf8.count > 200_000)
        #expect(throws: AppSiteAssociationError.self) { try AppSiteAssociation(json: json) }
        do {
            _ = try JSONDecoder().decode(AppSiteAssociation.self, from: Data(json.utf8))
            Issue.record("JSONDecoder accepted a file of \(json.utf8.count) bytes")
        } catch let error as AppSiteAssociationError {
            #expect(error.kindName == "fileTooLarge")
            #expect(error.path == "(root)")
        }
        // The section alone, decoded as the model, is refused the same way.
        let section = try #require(json.range(of: #"{"details""#)).lowerBound
        let sectionText = String(json[section...].dropLast())
        #expect(throws: AppSiteAssociationError.self) {
            try JSONDecoder().decode(UniversalLinkRules.self, from: Data(sectionText.utf8))
        }
        // Within the limit, both read it.
        let small = json.replacingOccurrences(of: components, with: component)
        #expect(
            try JSONDecoder().decode(AppSiteAssociation.self, from: Data(small.utf8))
                == AppSiteAssociation(json: small))
    }

    @Test("a component decoded on its own names its path from the decoder")
    func componentAlone() throws {
        let components = try JSONDecoder().decode(
            [UniversalLinkRules.Component].self, from: Data(#"[{"/": "/a"}]"#.utf8))
        #expect(components == [UniversalLinkRules.Component(path: "/a")])
        #expect(throws: AppSiteAssociationError(.unknownKey("x", suggestion: nil), at: "[1].x")) {
            try JSONDecoder().decode([UniversalLinkRules.Component].self, from: Data(#"[{}, {"x": 1}]"#.utf8))
        }
    }
}
