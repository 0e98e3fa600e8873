import Foundation
import Testing
import Waypoint

@testable import WaypointPaylisher

/// Lenient decoding of resolution responses (spec §5.2).
@Suite("Campaign payload decoding")
struct PayloadDecodingTests {
    /// The documented example response of the Paylisher campaign API.
    static let documentedBody = """
        {"_id":{"$oid":"6745a1b2c3d4e5f6a7b8c9d0"},"type":"promotion","title":"Black Friday Sale",
         "keyName":"X7kdi5Yq9lTVOv46uHYtV","webUrl":"https://example.com/sale","iosUrl":"myapp://products/sale",
         "scheme":"myapp","jid":"journey_abc123",
         "metaData":{"discount":"50%","expireAt":{"$date":"2025-11-30T23:59:59.000Z"}},
         "createdAt":{"$date":"2025-11-20T10:00:00.000Z"},"__v":0}
        """

    @Test("the documented example decodes completely")
    func documentedExample() throws {
        let payload = try #require(
            PaylisherResolvedDeepLinkPayload(responseBody: Data(Self.documentedBody.utf8)))
        #expect(
            payload
                == PaylisherResolvedDeepLinkPayload(
                    id: "6745a1b2c3d4e5f6a7b8c9d0", type: "promotion", title: "Black Friday Sale",
                    keyName: "X7kdi5Yq9lTVOv46uHYtV", webUrl: "https://example.com/sale",
                    iosUrl: "myapp://products/sale", scheme: "myapp", createdAt: "2025-11-20T10:00:00.000Z",
                    jid: "journey_abc123", version: 0,
                    metaData: ["discount": "50%", "expireAt": ["$date": "2025-11-30T23:59:59.000Z"]]))
    }

    @Test("every string field under its JSON name")
    func everyField() throws {
        let names = [
            "teamId", "projectId", "sourceId", "type", "title", "keyName", "webUrl", "iosUrl", "androidUrl",
            "huaweiUrl", "fallbackUrl", "scheme", "iosUniversalUrl", "webhookUrl", "createdAt", "updatedAt",
            "adId", "jid", "_id",
        ]
        var object: [String: JSONValue] = [:]
        for name in names { object[name] = .string("v-" + name) }
        let payload = try #require(PaylisherResolvedDeepLinkPayload(jsonObject: object))
        let expected = PaylisherResolvedDeepLinkPayload(
            id: "v-_id", teamId: "v-teamId", projectId: "v-projectId", sourceId: "v-sourceId", type: "v-type",
            title: "v-title", keyName: "v-keyName", webUrl: "v-webUrl", iosUrl: "v-iosUrl",
            androidUrl: "v-androidUrl", huaweiUrl: "v-huaweiUrl", fallbackUrl: "v-fallbackUrl",
            scheme: "v-scheme",
            iosUniversalUrl: "v-iosUniversalUrl", webhookUrl: "v-webhookUrl", createdAt: "v-createdAt",
            updatedAt: "v-updatedAt", adId: "v-adId", jid: "v-jid")
        #expect(payload == expected)
    }

    struct LenientCase: CustomTestStringConvertible, Sendable {
        var body: String
        var expected: PaylisherResolvedDeepLinkPayload?
        var testDescription: String { body }
    }

    static let lenientCases: [LenientCase] = [
        .init(
            body: #"{"_id":17,"__v":"zero","scheme":"paylishertest://wallet"}"#,
            expected: .init(scheme: "paylishertest://wallet")),
        .init(
            body: #"{"adId":"65a1f0c2e4b0a1b2c3d4e5f6"}"#, expected: .init(adId: "65a1f0c2e4b0a1b2c3d4e5f6")),
        .init(body: #"{"adId":{"$oid":"a1"},"_id":{"$oid":"i1"}}"#, expected: .init(id: "i1", adId: "a1")),
        .init(
            body: #"{"updatedAt":{"$date":"d1"},"createdAt":"d0"}"#,
            expected: .init(createdAt: "d0", updatedAt: "d1")),
        .init(body: #"{"createdAt":{"$oid":"x"},"title":"t"}"#, expected: .init(title: "t")),
        .init(body: #"{"_id":{"$date":"x"},"title":"t"}"#, expected: .init(title: "t")),
        .init(body: #"{"_id":{"$oid":5},"title":"t"}"#, expected: .init(title: "t")),
        .init(
            body: #"{"scheme":42,"iosUniversalUrl":"https://s/profile"}"#,
            expected: .init(iosUniversalUrl: "https://s/profile")),
        .init(
            body: #"{"title":null,"type":true,"jid":["j"],"keyName":{"k":1},"webUrl":"w"}"#,
            expected: .init(webUrl: "w")),
        .init(body: #"{"__v":3}"#, expected: .init(version: 3)),
        .init(body: #"{"__v":3.0}"#, expected: .init(version: 3)),
        .init(body: #"{"__v":3.5,"title":"t"}"#, expected: .init(title: "t")),
        .init(body: #"{"__v":1e300,"title":"t"}"#, expected: .init(title: "t")),
        .init(body: #"{"metaData":{}}"#, expected: .init(metaData: [:])),
        .init(body: #"{"metaData":[1],"title":"t"}"#, expected: .init(title: "t")),
        .init(
            body: #"{"metaData":{"a":[1,true,null,{"b":"c"}]}}"#,
            expected: .init(metaData: ["a": [1, true, nil, ["b": "c"]]])),
        .init(body: #"{"title":"","unknown":1}"#, expected: .init(title: "")),
        // Failures: nothing known decoded, or not an object.
        .init(body: #"{"error":"Campaign not found","statusCode":404}"#, expected: nil),
        .init(body: #"{}"#, expected: nil),
        .init(body: #"{"_id":17,"__v":"zero"}"#, expected: nil),
        .init(body: #"[{"title":"t"}]"#, expected: nil),
        .init(body: #""title""#, expected: nil),
        .init(body: "null", expected: nil),
        .init(body: #"{"title":"t""#, expected: nil),
        .init(body: "", expected: nil),
        .init(body: "<html>Not Found</html>", expected: nil),
    ]

    @Test("lenient decoding", arguments: lenientCases)
    func lenient(_ testCase: LenientCase) {
        #expect(PaylisherResolvedDeepLinkPayload(responseBody: Data(testCase.body.utf8)) == testCase.expected)
    }

    @Test("a body that is not UTF-8 fails")
    func notUTF8() {
        #expect(
            PaylisherResolvedDeepLinkPayload(responseBody: Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]))
                == nil)
    }

    @Test("campaign event properties: JSON names, renamed scheme and jid, meta_ entries, no empty fillers")
    func eventProperties() throws {
        let payload = try #require(
            PaylisherResolvedDeepLinkPayload(responseBody: Data(Self.documentedBody.utf8)))
        #expect(
            payload.eventProperties == [
                "_id": "6745a1b2c3d4e5f6a7b8c9d0", "type": "promotion", "title": "Black Friday Sale",
                "keyName": "X7kdi5Yq9lTVOv46uHYtV", "webUrl": "https://example.com/sale",
                "iosUrl": "myapp://products/sale", "campaign_scheme": "myapp",
                "campaign_jid": "journey_abc123",
                "createdAt": "2025-11-20T10:00:00.000Z", "__v": 0,
                "metaData": ["discount": "50%", "expireAt": ["$date": "2025-11-30T23:59:59.000Z"]],
                "meta_discount": "50%", "meta_expireAt": ["$date": "2025-11-30T23:59:59.000Z"],
            ])
        #expect(PaylisherResolvedDeepLinkPayload(title: "t").eventProperties == ["title": "t"])
    }
}
