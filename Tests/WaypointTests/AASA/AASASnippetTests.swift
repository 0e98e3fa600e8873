import Foundation
import Testing
import Waypoint

/// The Swift snippets of the "Universal links" article, verbatim (ReadmeTests checks that
/// they are here), and of the AASA types' documentation, with what their comments say they
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
        let matcher = try AppLinksMatcher(association.appLinks ?? AppLinks(details: []))
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

    @Test("The model is Codable")
    func codable() throws {
        let appLinks = AppLinks(details: [
            AppLinks.Details(
                appIDs: ["ABCDE12345.com.example.shop"],
                components: [
                    AppLinks.Component(fragment: "no_universal_links", exclude: true),
                    AppLinks.Component(path: "/products/?*", comment: "product pages"),
                ])
        ])
        let data = try JSONEncoder().encode(AppSiteAssociation(appLinks: appLinks))
        let decoded = try JSONDecoder().decode(AppSiteAssociation.self, from: data)
        print(decoded.appLinks == appLinks)
        // true
        #expect(decoded.appLinks == appLinks)
    }

    @Test("AppLinks and AppSiteAssociation documentation examples")
    func typeExamples() throws {
        let appLinks = AppLinks(details: [
            AppLinks.Details(
                appIDs: ["ABCDE12345.com.example.shop"],
                components: [
                    AppLinks.Component(path: "/account/*", exclude: true),
                    AppLinks.Component(path: "/products/?*"),
                ])
        ])
        let matcher = try AppLinksMatcher(appLinks)
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
        let fileMatcher = try AppLinksMatcher(file.appLinks ?? AppLinks(details: []))
        let opens = fileMatcher.decision(
            for: "https://shop.example.com/products/42", appID: "ABCDE12345.com.example.shop"
        ).opensApp
        #expect(opens)
    }
}
