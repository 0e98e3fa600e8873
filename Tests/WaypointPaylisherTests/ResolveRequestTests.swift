import Foundation
import Testing
import Waypoint

@testable import WaypointPaylisher

/// The campaign-resolution request URL (spec §5.1).
@Suite("Resolution request URL")
struct ResolveRequestTests {
    struct RequestCase: CustomTestStringConvertible, Sendable {
        var input: String
        var apiBase = "https://api.paylisher.com"
        var hosts: [String] = []
        var request: String?
        var testDescription: String { "\(input) (apiBase \(apiBase))" }
    }

    static let requestCases: [RequestCase] = [
        .init(
            input: "yourapp://p?keyName=a%26b", request: "https://api.paylisher.com/campaign/resolve/a%26b"),
        .init(
            input: "yourapp://p?keyName=a%2Fb", request: "https://api.paylisher.com/campaign/resolve/a%2Fb"),
        .init(
            input: "yourapp://p?keyName=%C3%BCr%C3%BCn",
            request: "https://api.paylisher.com/campaign/resolve/%C3%BCr%C3%BCn"),
        .init(input: "yourapp://p?keyName=.", request: "https://api.paylisher.com/campaign/resolve/%2E"),
        .init(input: "yourapp://p?keyName=..", request: "https://api.paylisher.com/campaign/resolve/%2E%2E"),
        .init(input: "yourapp://p?keyName=...", request: "https://api.paylisher.com/campaign/resolve/..."),
        .init(input: "yourapp://p?keyName=a.b", request: "https://api.paylisher.com/campaign/resolve/a.b"),
        .init(
            input: "yourapp://p?keyName=a%3Fb%23c",
            request: "https://api.paylisher.com/campaign/resolve/a%3Fb%23c"),
        .init(
            input: "yourapp://p?keyName=a+b%2B%25",
            request: "https://api.paylisher.com/campaign/resolve/a%2Bb%2B%25"),
        .init(
            input: "yourapp://p?keyName=-._~AZaz09",
            request: "https://api.paylisher.com/campaign/resolve/-._~AZaz09"),
        .init(
            input: "yourapp://p?keyName=%F0%9F%98%80",
            request: "https://api.paylisher.com/campaign/resolve/%F0%9F%98%80"),
        .init(input: "yourapp://p?keyName=%FF", request: "https://api.paylisher.com/campaign/resolve/%25FF"),
        .init(input: "yourapp://p", request: nil),
        .init(
            input: "yourapp://p?keyName=K", apiBase: "https://api.example.test/v2/",
            request: "https://api.example.test/v2/campaign/resolve/K"),
        .init(
            input: "yourapp://p?keyName=K", apiBase: "https://api.example.test/v2//",
            request: "https://api.example.test/v2/campaign/resolve/K"),
        .init(
            input: "yourapp://p?keyName=K", apiBase: "http://127.0.0.1:8080",
            request: "http://127.0.0.1:8080/campaign/resolve/K"),
        .init(
            input: "yourapp://p?keyName=K", apiBase: "https://h/base?token=1",
            request: "https://h/base/campaign/resolve/K?token=1"),
        // Short links ask their own host over https, lowercased, without port.
        .init(
            input: "https://LINK.Paylisher.com:8443/AbC", request: "https://link.paylisher.com/resolve/AbC"),
        .init(
            input: "http://link.usepublisher.com/nARvW",
            request: "https://link.usepublisher.com/resolve/nARvW"),
        .init(
            input: "https://link.paylisher.com/p?k=a%2Fb", request: "https://link.paylisher.com/resolve/a%2Fb"
        ),
        .init(
            input: "https://Go.Example.com/Zq9", hosts: ["go.example.COM"],
            request: "https://go.example.com/resolve/Zq9"),
        // Bridge pages never resolve, even with a key.
        .init(input: "https://link.paylisher.com/bridge", request: nil),
        .init(input: "https://link.paylisher.com/campaign/bridge", request: nil),
        .init(input: "https://link.paylisher.com/x/bridge?keyName=K", request: nil),
        .init(
            input: "https://example.com/x/bridge?keyName=K",
            request: "https://api.paylisher.com/campaign/resolve/K"),
    ]

    @Test("resolveRequestURL(for:)", arguments: requestCases)
    func requestURL(_ testCase: RequestCase) throws {
        let config = PaylisherDeepLinkConfig(
            shortLinkHosts: testCase.hosts, apiBase: try #require(URL(string: testCase.apiBase)))
        let link = try PaylisherDeepLink(url: #require(URL(string: testCase.input)), config: config)
        #expect(config.resolveRequestURL(for: link)?.absoluteString == testCase.request)
    }

    @Test("a key is encoded as exactly one path segment")
    func encodingProperties() {
        var generator = SplitMix64(seed: 7)
        let alphabet = Array("aZ09-._~ /?#%&=+:@!$'()*,;[]üğ😀\u{0}\u{7F}")
        for _ in 0..<2000 {
            let length = Int.random(in: 1...6, using: &generator)
            let key = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let encoded = PaylisherPathSegmentEncoding.encode(key)
            #expect(!encoded.contains("/") && !encoded.contains("?") && !encoded.contains("#"))
            #expect(encoded != "." && encoded != "..")
            #expect(encoded.utf8.allSatisfy { $0 < 0x80 })
            #expect(PercentDecoding.decode(encoded) == key)
        }
    }
}
