import Foundation
import Testing
import Waypoint

@testable import WaypointPaylisher

/// `resolvedDestination` (spec §5.3).
@Suite("resolvedDestination")
struct ResolvedDestinationTests {
    struct DestinationCase: CustomTestStringConvertible, Sendable {
        var scheme: String?
        var universal: String?
        var iosUrl: String?
        var expected: String
        var testDescription: String {
            "scheme=\(scheme ?? "nil") universal=\(universal ?? "nil") → \(expected)"
        }
    }

    static let cases: [DestinationCase] = [
        .init(scheme: "diyetim://profile", expected: "profile"),
        .init(scheme: "diyetim://products/42", expected: "products"),
        .init(scheme: "https://link.paylisher.com/products/42", expected: "42"),
        .init(scheme: "HTTP://example.com/promo/spring/", expected: "spring"),
        .init(scheme: "https://example.com/", expected: "promo"),
        .init(scheme: "https://example.com", universal: "https://u.example/a/b", expected: "b"),
        .init(scheme: "myapp", expected: "promo"),
        .init(
            scheme: "myapp", universal: "https://studio.paylisher.com/p/summer%20sale",
            expected: "summer sale"),
        .init(scheme: "diyetim://%C3%BCr%C3%BCn/x", expected: "ürün"),
        .init(scheme: "diyetim:///wallet", universal: "https://s/profile", expected: "profile"),
        .init(scheme: "", universal: "diyetim://wallet", expected: "wallet"),
        .init(scheme: "diyetim://wallet", universal: "https://s/profile", expected: "wallet"),
        .init(universal: "https://studio.paylisher.com/", expected: "promo"),
        .init(iosUrl: "https://apps.apple.com/app/id123", expected: "promo"),
        .init(iosUrl: "myapp://products/sale", expected: "promo"),
    ]

    @Test("the campaign's scheme, then iosUniversalUrl, then destination", arguments: cases)
    func resolvedDestination(_ testCase: DestinationCase) throws {
        let link = try PaylisherDeepLink(url: #require(URL(string: "yourapp://promo?keyName=K1")))
        #expect(link.resolvedDestination == "promo")
        let payload = PaylisherResolvedDeepLinkPayload(
            iosUrl: testCase.iosUrl, scheme: testCase.scheme, iosUniversalUrl: testCase.universal)
        #expect(link.withCampaignData(payload).resolvedDestination == testCase.expected)
    }
}
