import Foundation
import Testing
import Waypoint
import WaypointTables

@testable import WaypointPaylisher

/// The Paylisher pattern tables of `Tests/Fixtures/paylisher.json` (spec §10), evaluated by
/// the function the command line shares.
@Suite("Pattern tables")
struct TableTests {
    @Test("every table case", arguments: try PaylisherTableFixture.cases())
    func tableCase(_ testCase: PaylisherTableCase) throws {
        let config = try PaylisherDeepLinkConfig(tableOptions: testCase.options)
        let actual = PaylisherDeepLink.tableValues(
            input: testCase.input, config: config, givenCampaignData: testCase.givenCampaignData)
        for (key, expected) in testCase.expect.sorted(by: { $0.key < $1.key }) {
            #expect(actual[key] ?? .null == expected, "\(key) of \(testCase.input)")
        }
    }

    @Test("the fixture holds the two tables and 90 cases")
    func fixtureSize() throws {
        #expect(try PaylisherTableFixture.tables().count == 2)
        #expect(try PaylisherTableFixture.cases().count == 90)
    }

    @Test("a successful parse reports every expectation key; a failure only parseOK")
    func keys() {
        let config = PaylisherDeepLinkConfig()
        let parsed = PaylisherDeepLink.tableValues(input: "yourapp://home", config: config)
        #expect(
            Set(parsed.keys) == [
                "parseOK", "scheme", "pathSegments", "parameters", "destination", "campaignKeyName", "jid",
                "campaignId", "source", "utmMedium", "referrer", "campaignSource", "isShortLink",
                "authParamRequired", "resolvedDestination", "resolveRequest",
            ])
        #expect(PaylisherDeepLink.tableValues(input: "products/42", config: config) == ["parseOK": false])
        #expect(PaylisherDeepLink.tableValues(input: "", config: config) == ["parseOK": false])
    }

    @Test("givenCampaignData: null or a failing body attaches nothing")
    func givenCampaignData() {
        let config = PaylisherDeepLinkConfig()
        for given: JSONValue? in [
            nil, .null, ["error": "Campaign not found"], "diyetim://x", [["scheme": "a://b"]],
        ] {
            let values = PaylisherDeepLink.tableValues(
                input: "yourapp://promo?keyName=K", config: config, givenCampaignData: given)
            #expect(values["resolvedDestination"] == "promo")
        }
        let values = PaylisherDeepLink.tableValues(
            input: "yourapp://promo?keyName=K", config: config, givenCampaignData: ["scheme": "a://b"])
        #expect(values["resolvedDestination"] == "b")
    }

    struct OptionCase: CustomTestStringConvertible, Sendable {
        var options: [String: JSONValue]
        var message: String
        var testDescription: String { message }
    }

    static let badOptions: [OptionCase] = [
        .init(
            options: ["shortLinkHosts": "go.example.com"],
            message: #"invalid Paylisher option "shortLinkHosts": expected an array of host names"#),
        .init(
            options: ["shortLinkHosts": [1]],
            message: #"invalid Paylisher option "shortLinkHosts": expected non-empty host name strings"#),
        .init(
            options: ["apiBase": "not a url"],
            message: #"invalid Paylisher option "apiBase": expected an absolute URL string"#),
        .init(
            options: ["apiBase": 3],
            message: #"invalid Paylisher option "apiBase": expected an absolute URL string"#),
        .init(
            options: ["caseInsensitivePaths": true],
            message:
                #"unknown Paylisher option "caseInsensitivePaths" (expected "shortLinkHosts" or "apiBase")"#),
    ]

    @Test("bad table options are typed errors naming the option", arguments: badOptions)
    func badOption(_ testCase: OptionCase) {
        #expect {
            _ = try PaylisherDeepLinkConfig(tableOptions: testCase.options)
        } throws: { error in
            (error as? PaylisherTableOptionError)?.description == testCase.message
        }
    }

    @Test("table options configure short hosts and the API base")
    func goodOptions() throws {
        let config = try PaylisherDeepLinkConfig(
            tableOptions: ["shortLinkHosts": ["Go.Example.COM"], "apiBase": "https://api.example.test/v2/"])
        #expect(config.shortLinkHosts == ["Go.Example.COM"])
        #expect(config.apiBase.absoluteString == "https://api.example.test/v2/")
    }
}
