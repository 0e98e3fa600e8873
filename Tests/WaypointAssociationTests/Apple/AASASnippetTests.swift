import Foundation
import Testing
import Waypoint
import WaypointAssociation

/// The Swift snippets of the "Universal links" article and of the WaypointAssociation landing
/// page, verbatim, and of the AASA types' documentation, with what their comments say they
/// print.
@Suite("AASA: documentation snippets")
struct AASASnippetTests {
    @Test("Reading the file and asking the matcher")
    func readingAndAsking() throws {
        let json = """
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"],
              "components": [
                {"/": "/checkout/*", "exclude": true, "comment": "checkout stays on the web"},
                {"/": "/products/?*"}]}]}}
            """
        let association = try AppSiteAssociation(json: json)
        let matcher = try UniversalLinkMatcher(association.universalLinks ?? UniversalLinkRules(details: []))
        let urls = [
            "https://shop.example/products/42",
            "https://shop.example/checkout/cart",
            "https://shop.example/help",
        ]
        for url in urls {
            let decision = matcher.decision(for: url, appID: "ABCDE12345.com.example.shop")
            print(url, decision.outcome, decision.rule?.description ?? "-")
        }
        // https://shop.example/products/42 opens applinks.details[0].components[1]
        // https://shop.example/checkout/cart excluded applinks.details[0].components[0]
        // https://shop.example/help noMatch -
        let printed = urls.map { url in
            let decision = matcher.decision(for: url, appID: "ABCDE12345.com.example.shop")
            return "\(url) \(decision.outcome) \(decision.rule?.description ?? "-")"
        }
        #expect(
            printed == [
                "https://shop.example/products/42 opens applinks.details[0].components[1]",
                "https://shop.example/checkout/cart excluded applinks.details[0].components[0]",
                "https://shop.example/help noMatch -",
            ])
    }

    @Test("The landing page of WaypointAssociation")
    func landingPage() throws {
        let json = """
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"],
              "components": [{"/": "/products/?*"}]}]}}
            """
        let file = try AppSiteAssociation(json: json)
        let matcher = try UniversalLinkMatcher(file.universalLinks ?? UniversalLinkRules(details: []))
        print(
            matcher.decision(for: "https://shop.example/products/42", appID: "ABCDE12345.com.example.shop")
                .outcome)
        // opens
        #expect(
            matcher.decision(for: "https://shop.example/products/42", appID: "ABCDE12345.com.example.shop")
                .outcome == .opens)
    }

    @Test("The model is Codable")
    func codable() throws {
        let universalLinks = UniversalLinkRules(details: [
            UniversalLinkRules.Details(
                appIDs: ["ABCDE12345.com.example.shop"],
                components: [
                    UniversalLinkRules.Component(fragment: "no_universal_links", exclude: true),
                    UniversalLinkRules.Component(path: "/products/?*", comment: "product pages"),
                ])
        ])
        let data = try JSONEncoder().encode(AppSiteAssociation(universalLinks: universalLinks))
        let decoded = try JSONDecoder().decode(AppSiteAssociation.self, from: data)
        print(decoded.universalLinks == universalLinks)
        // true
        #expect(decoded.universalLinks == universalLinks)
    }

    @Test("UniversalLinkRules and AppSiteAssociation documentation examples")
    func typeExamples() throws {
        let universalLinks = UniversalLinkRules(details: [
            UniversalLinkRules.Details(
                appIDs: ["ABCDE12345.com.example.shop"],
                components: [
                    UniversalLinkRules.Component(path: "/account/*", exclude: true),
                    UniversalLinkRules.Component(path: "/products/?*"),
                ])
        ])
        let matcher = try UniversalLinkMatcher(universalLinks)
        let decision = matcher.decision(
            for: "https://shop.example.com/products/42", appID: "ABCDE12345.com.example.shop")
        #expect(
            "\(decision.outcome) \(decision.rule?.description ?? "-")"
                == "opens applinks.details[0].components[1]")

        let json = """
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"],
              "components": [{"/": "/products/?*"}]}]}}
            """
        let file = try AppSiteAssociation(json: json)
        let fileMatcher = try UniversalLinkMatcher(file.universalLinks ?? UniversalLinkRules(details: []))
        let opens = fileMatcher.decision(
            for: "https://shop.example.com/products/42", appID: "ABCDE12345.com.example.shop"
        ).opensApp
        #expect(opens)
    }
}
