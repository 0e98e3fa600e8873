import Foundation
import Testing
import Waypoint

@testable import WaypointPaylisher

/// Short links and campaign keys (spec §3).
@Suite("Short links and campaign keys")
struct CampaignKeyTests {
    struct KeyCase: CustomTestStringConvertible, Sendable {
        var input: String
        var key: String?
        var testDescription: String { input }
    }

    static let keyCases: [KeyCase] = [
        // Rule 1: by name, not position; the first non-empty occurrence of a name.
        .init(input: "yourapp://p?keyName=&key=B", key: "B"),
        .init(input: "yourapp://p?keyName=A&keyName=B", key: "A"),
        .init(input: "yourapp://p?keyName=&keyName=B", key: "B"),
        .init(input: "yourapp://p?k=C&key=B", key: "B"),
        .init(input: "yourapp://p?k=C", key: "C"),
        .init(input: "yourapp://p?keyName=&key=&k=", key: nil),
        .init(input: "yourapp://p?KeyName=A", key: nil),
        .init(input: "yourapp://campaign/X?k=Q", key: "Q"),
        // Rules 2 and 3 read pathSegments, host included for custom schemes.
        .init(input: "yourapp://campaign/X7kdi5Yq9", key: "X7kdi5Yq9"),
        .init(input: "yourapp://c/AB", key: "AB"),
        .init(input: "yourapp://products/campaign/K/c/L", key: "K"),
        .init(input: "yourapp://products/c/L/campaign/K", key: "K"),
        .init(input: "yourapp://campaign", key: nil),
        .init(input: "yourapp://campaign/c/L", key: "c"),
        .init(input: "yourapp://x/campaign/campaign/Q", key: "campaign"),
        .init(input: "yourapp://products/c", key: nil),
        .init(input: "yourapp://products/C/L", key: nil),
        .init(input: "yourapp://Campaign/K", key: nil),
        .init(input: "https://example.com/campaign/K9", key: "K9"),
        .init(input: "https://example.com/c/a%2Fb", key: "a/b"),
        // Rule 4 only on short links, any length.
        .init(input: "https://link.paylisher.com/AbC", key: "AbC"),
        .init(input: "https://link.paylisher.com/a", key: "a"),
        .init(input: "https://LINK.PAYLISHER.COM/AbC", key: "AbC"),
        .init(input: "https://link.paylisher.com/a/b", key: nil),
        .init(input: "https://example.com/wallet", key: nil),
        .init(input: "yourapp://wallet/history", key: nil),
        .init(input: "yourapp://products/abcd", key: nil),
        .init(input: "yourapp://X7kdi5Yq9lTVOv46uHYtV", key: nil),
    ]

    @Test("campaign key rules 1–4 (§3.2)", arguments: keyCases)
    func campaignKey(_ testCase: KeyCase) throws {
        let link = try PaylisherDeepLink(url: #require(URL(string: testCase.input)))
        #expect(link.campaignKeyName == testCase.key)
    }

    struct ShortLinkCase: CustomTestStringConvertible, Sendable {
        var input: String
        var hosts: [String] = []
        var isShortLink: Bool
        var isBridgePage = false
        var testDescription: String { input + (hosts.isEmpty ? "" : " with \(hosts)") }
    }

    static let shortLinkCases: [ShortLinkCase] = [
        .init(input: "https://link.paylisher.com/a", isShortLink: true),
        .init(input: "http://link.usepublisher.com/a", isShortLink: true),
        .init(input: "HTTPS://LINK.PAYLISHER.COM:8443/a", isShortLink: true),
        .init(input: "https://user@link.paylisher.com/a", isShortLink: true),
        .init(input: "https://link.paylisher.com.evil.com/a", isShortLink: false),
        .init(input: "https://sub.link.paylisher.com/a", isShortLink: false),
        .init(input: "yourapp://link.paylisher.com/a", isShortLink: false),
        .init(input: "ftp://link.paylisher.com/a", isShortLink: false),
        .init(input: "https://go.example.com/a", hosts: ["GO.example.com"], isShortLink: true),
        .init(input: "yourapp://go.example.com/a", hosts: ["go.example.com"], isShortLink: false),
        .init(input: "https://link.paylisher.com/bridge", isShortLink: true, isBridgePage: true),
        .init(input: "https://link.paylisher.com/AbC/bridge", isShortLink: true, isBridgePage: true),
        .init(input: "https://link.paylisher.com/bridge/x", isShortLink: true, isBridgePage: false),
        .init(input: "https://link.paylisher.com/AbC/Bridge", isShortLink: true, isBridgePage: false),
        .init(input: "https://example.com/AbC/bridge", isShortLink: false, isBridgePage: false),
        .init(input: "yourapp://bridge", isShortLink: false, isBridgePage: false),
    ]

    @Test("short-link hosts and bridge pages (§3.1)", arguments: shortLinkCases)
    func shortLinks(_ testCase: ShortLinkCase) throws {
        let config = PaylisherDeepLinkConfig(shortLinkHosts: testCase.hosts)
        let link = try PaylisherDeepLink(url: #require(URL(string: testCase.input)), config: config)
        #expect(link.isShortLink == testCase.isShortLink)
        #expect(link.isBridgePage == testCase.isBridgePage)
    }
}
