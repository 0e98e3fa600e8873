import Foundation
import Testing
import Waypoint

@testable import WaypointPaylisher

/// Parsing rules of spec §2, pinned with the spec's own examples.
@Suite("Parsing")
struct ParsingTests {
    struct SegmentsCase: CustomTestStringConvertible, Sendable {
        var input: String
        var pathSegments: [String]
        var destination: String
        var testDescription: String { input }
    }

    /// Spec §2.6, plus the forms of §2.2 and §2.3.
    static let segmentCases: [SegmentsCase] = [
        .init(
            input: "yourapp://products/42/reviews", pathSegments: ["products", "42", "reviews"],
            destination: "products"),
        .init(
            input: "https://link.paylisher.com/products/42/reviews",
            pathSegments: ["products", "42", "reviews"],
            destination: "products/42/reviews"),
        .init(
            input: "HTTPS://Link.Paylisher.com/Products/42", pathSegments: ["Products", "42"],
            destination: "Products/42"),
        .init(input: "yourapp://products/a%2Fb", pathSegments: ["products", "a/b"], destination: "products"),
        .init(
            input: "https://example.com/products/a%2Fb", pathSegments: ["products", "a/b"],
            destination: "products/a/b"),
        .init(
            input: "yourapp://%C3%BCr%C3%BCnler/1", pathSegments: ["ürünler", "1"], destination: "ürünler"),
        .init(input: "https://example.com//a//b/", pathSegments: ["a", "b"], destination: "a//b"),
        .init(input: "yourapp://p/./../x", pathSegments: ["p", ".", "..", "x"], destination: "p"),
        .init(input: "yourapp://user:pw@Host:99/A?x#f/g", pathSegments: ["Host", "A"], destination: "Host"),
        .init(input: "https://user@[::1]:8080/a", pathSegments: ["a"], destination: "a"),
        // Bytes that are not UTF-8 keep the piece as written: per segment, but for the whole
        // path in a web link's destination.
        .init(input: "yourapp://h/a%FF/b%20c", pathSegments: ["h", "a%FF", "b c"], destination: "h"),
        .init(input: "https://h/a%FF/b%20c", pathSegments: ["a%FF", "b c"], destination: "a%FF/b%20c"),
        .init(input: "yourapp://h/%FF", pathSegments: ["h", "%FF"], destination: "h"),
        .init(input: "https:products/42", pathSegments: ["products", "42"], destination: "products/42"),
        .init(input: "yourapp://a+b/c+d", pathSegments: ["a+b", "c+d"], destination: "a+b"),
    ]

    @Test("pathSegments and destination", arguments: segmentCases)
    func segmentsAndDestination(_ testCase: SegmentsCase) throws {
        let link = try PaylisherDeepLink(url: #require(URL(string: testCase.input)))
        #expect(link.pathSegments == testCase.pathSegments)
        #expect(link.destination == testCase.destination)
        #expect(link.url.absoluteString == testCase.input)
    }

    struct FailureCase: CustomTestStringConvertible, Sendable {
        var input: String
        var error: PaylisherDeepLinkError
        var testDescription: String { input }
    }

    /// Spec §2.1 and §2.3.
    static let failureCases: [FailureCase] = [
        .init(input: "https://host", error: .emptyDestination),
        .init(input: "https://host/", error: .emptyDestination),
        .init(input: "https://host//", error: .emptyDestination),
        .init(input: "https://host/%2F", error: .emptyDestination),
        .init(input: "yourapp:///products/42", error: .emptyDestination),
        .init(input: "yourapp:products", error: .emptyDestination),
        .init(input: "yourapp://", error: .emptyDestination),
        .init(input: "products/42", error: .notAbsolute),
        .init(input: "/products", error: .notAbsolute),
        .init(input: "//host/path", error: .notAbsolute),
    ]

    @Test("parse failures", arguments: failureCases)
    func failures(_ testCase: FailureCase) throws {
        let url = try #require(URL(string: testCase.input))
        #expect(throws: testCase.error) { try PaylisherDeepLink(url: url) }
    }

    @Test("parameters: the spec's example (§2.6)")
    func parametersExample() throws {
        let link = try PaylisherDeepLink(
            url: #require(URL(string: "yourapp://products?a=1+2&b=%20x&x=1=2&id=7&id=8&flag")))
        #expect(link.parameters == ["a": "1+2", "b": " x", "x": "1=2", "id": "8", "flag": ""])
        #expect(link.rawQuery == "a=1+2&b=%20x&x=1=2&id=7&id=8&flag")
    }

    struct ParametersCase: CustomTestStringConvertible, Sendable {
        var input: String
        var parameters: [String: String]
        var rawQuery: String?
        var testDescription: String { input }
    }

    static let parameterCases: [ParametersCase] = [
        .init(input: "yourapp://home", parameters: [:], rawQuery: nil),
        .init(input: "yourapp://home?", parameters: [:], rawQuery: ""),
        .init(input: "yourapp://home?&&", parameters: [:], rawQuery: "&&"),
        .init(input: "yourapp://home?=x&%3D=y", parameters: ["=": "y"], rawQuery: "=x&%3D=y"),
        .init(input: "yourapp://home?A=1&a=2", parameters: ["A": "1", "a": "2"], rawQuery: "A=1&a=2"),
        .init(input: "yourapp://home?n%61me=v%FF", parameters: ["name": "v%FF"], rawQuery: "n%61me=v%FF"),
        .init(input: "yourapp://home?x=1#y=2", parameters: ["x": "1"], rawQuery: "x=1"),
    ]

    @Test("parameters (§2.4)", arguments: parameterCases)
    func parameters(_ testCase: ParametersCase) throws {
        let link = try PaylisherDeepLink(url: #require(URL(string: testCase.input)))
        #expect(link.parameters == testCase.parameters)
        #expect(link.rawQuery == testCase.rawQuery)
    }

    struct FieldsCase: CustomTestStringConvertible, Sendable {
        var query: String
        var campaignId: String? = nil
        var source: String? = nil
        var utmMedium: String? = nil
        var referrer: String? = nil
        var jid: String? = nil
        var authParamRequired = false
        var testDescription: String { query }
    }

    /// Spec §2.5: the first present name wins, even when empty.
    static let fieldCases: [FieldsCase] = [
        .init(query: "campaign=&campaign_id=Y", campaignId: ""),
        .init(query: "utm_campaign=Z&campaign_id=Y", campaignId: "Y"),
        .init(query: "utm_campaign=Z", campaignId: "Z"),
        .init(query: "utm_source=a&source=%20b%20", source: " b "),
        .init(query: "medium=m", utmMedium: "m"),
        .init(query: "medium=m&utm_medium=", utmMedium: ""),
        .init(query: "ref=r", referrer: "r"),
        .init(query: "ref=r&referrer=R", referrer: "R"),
        .init(query: "jid=", jid: ""),
        .init(query: "jid=j1&jid=j2", jid: "j2"),
        .init(query: "auth=required", authParamRequired: true),
        .init(query: "auth=ReQuIrEd", authParamRequired: true),
        .init(query: "auth=required&auth=no", authParamRequired: false),
        .init(query: "auth=no&auth=required", authParamRequired: true),
        .init(query: "Auth=required"),
        .init(query: "auth=true"),
        .init(query: "auth=%20required"),
        .init(query: "auth=required%20"),
        .init(query: "auth=requİred"),
    ]

    @Test("named fields (§2.5)", arguments: fieldCases)
    func namedFields(_ testCase: FieldsCase) throws {
        let link = try PaylisherDeepLink(url: #require(URL(string: "yourapp://home?" + testCase.query)))
        #expect(link.campaignId == testCase.campaignId)
        #expect(link.source == testCase.source)
        #expect(link.utmMedium == testCase.utmMedium)
        #expect(link.referrer == testCase.referrer)
        #expect(link.jid == testCase.jid)
        #expect(link.authParamRequired == testCase.authParamRequired)
    }

    @Test("scheme kept as written; web links in any case (§2.1)")
    func schemeSpelling() throws {
        let upper = try PaylisherDeepLink(url: #require(URL(string: "HtTpS://example.com/a")))
        #expect(upper.scheme == "HtTpS")
        #expect(upper.pathSegments == ["a"])
        let custom = try PaylisherDeepLink(url: #require(URL(string: "My.App+x-1://Home")))
        #expect(custom.scheme == "My.App+x-1")
        #expect(custom.pathSegments == ["Home"])
    }

    @Test("platformHint is kept and never read from the URL")
    func platformHint() throws {
        let url = try #require(URL(string: "yourapp://home?platformHint=x&platform_hint=y"))
        #expect(try PaylisherDeepLink(url: url).platformHint == nil)
        #expect(
            try PaylisherDeepLink(url: url, platformHint: "com.burbn.instagram").platformHint
                == "com.burbn.instagram")
    }

    @Test("withCampaignData returns a copy; the original keeps none")
    func withCampaignData() throws {
        let link = try PaylisherDeepLink(url: #require(URL(string: "yourapp://promo?keyName=K1")))
        let payload = PaylisherResolvedDeepLinkPayload(scheme: "diyetim://profile")
        let resolved = link.withCampaignData(payload)
        #expect(link.campaignData == nil)
        #expect(resolved.campaignData == payload)
        #expect(resolved != link)
        #expect(resolved.withCampaignData(nil) == link)
    }

    struct RoutePathCase: CustomTestStringConvertible, Sendable {
        var input: String
        var routePath: String
        var testDescription: String { input }
    }

    /// Spec §8.
    static let routePathCases: [RoutePathCase] = [
        .init(input: "yourapp://products/42/reviews?src=push", routePath: "/products/42/reviews"),
        .init(input: "https://link.paylisher.com/products/42/reviews", routePath: "/products/42/reviews"),
        .init(input: "yourapp://products/a%2Fb", routePath: "/products/a%2Fb"),
        .init(input: "yourapp://%C3%BCr%C3%BCnler/a%20b", routePath: "/%C3%BCr%C3%BCnler/a%20b"),
        .init(input: "yourapp://p/./..", routePath: "/p/%2E/%2E%2E"),
        .init(input: "yourapp://p/a+b?x", routePath: "/p/a%2Bb"),
    ]

    @Test("routePath (§8)", arguments: routePathCases)
    func routePath(_ testCase: RoutePathCase) throws {
        let link = try PaylisherDeepLink(url: #require(URL(string: testCase.input)))
        #expect(link.routePath == testCase.routePath)
    }
}
