import Foundation
import Testing
import WaypointLinkBuilder

@testable import Waypoint
@testable import WaypointCoding

@Suite("JSON values: Codable")
struct JSONValueCodableTests {
    struct Ride: Codable, Equatable {
        enum Kind: String, Codable { case pool, solo }
        var id: String
        var seats: Int
        var kind: Kind
        var price: Double?
        var tags: [String]
        var stops: [Stop]
        var extras: [String: Int]
        var note: String?
    }

    struct Stop: Codable, Equatable {
        var name: String
        var at: Date
        var link: URL
    }

    struct Numbers: Codable, Equatable {
        var int64Max = Int64.max
        var int64Min = Int64.min
        var uint64Max = UInt64.max
        var limit = 9_007_199_254_740_993
        var small: Int8 = -128
        var byte: UInt8 = 255
        var float: Float = 0.1
        var double = 0.1
        var infinite = -Double.infinity
    }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case square(side: Int, label: String?)
        case empty
    }

    /// `depth` nested arrays: depth 1 is `[]`.
    struct Nested: Codable, Equatable {
        var children: [Nested]

        init(depth: Int) { children = depth > 1 ? [Nested(depth: depth - 1)] : [] }
        init(from decoder: any Decoder) throws { children = try [Nested](from: decoder) }
        func encode(to encoder: any Encoder) throws { try children.encode(to: encoder) }
    }

    static let ride = Ride(
        id: "r-1 é", seats: 3, kind: .pool, price: 12.5, tags: ["a", "b/c"],
        stops: [
            Stop(
                name: "Gare", at: Date(timeIntervalSince1970: 1_709_296_200.25),
                link: URL(string: "https://example.com/g?x=1")!)
        ],
        extras: ["bags": 2], note: nil)

    @Test("a struct encodes into a JSON value and decodes back")
    func structRoundTrip() throws {
        let value = try JSONValue(encoding: Self.ride)
        #expect(
            value
                == [
                    "id": "r-1 é", "seats": 3, "kind": "pool", "price": 12.5, "tags": ["a", "b/c"],
                    "stops": [
                        [
                            "name": "Gare", "at": "2024-03-01T12:30:00.250Z",
                            "link": "https://example.com/g?x=1",
                        ]
                    ],
                    "extras": ["bags": 2],
                ])
        #expect(try value.decode(Ride.self) == Self.ride)
    }

    @Test("integers keep every digit: beyond 2^53 they are written as exact digit strings")
    func integersKeepPrecision() throws {
        let value = try JSONValue(encoding: Numbers())
        #expect(value["int64Max"] == "9223372036854775807")
        #expect(value["int64Min"] == "-9223372036854775808")
        #expect(value["uint64Max"] == "18446744073709551615")
        #expect(value["limit"] == "9007199254740993")
        #expect(value["small"] == -128)
        #expect(value["float"] == 0.1)
        #expect(value["infinite"] == "-inf")
        let decoded = try value.decode(Numbers.self)
        #expect(decoded == Numbers())
        // Through the JSON text and the parser, as a link's query carries it.
        #expect(try JSONValue(parsing: value.jsonString).decode(Numbers.self) == Numbers())
    }

    @Test("enums with associated values, optionals and nested containers round-trip")
    func synthesizedEnums() throws {
        let shapes: [Shape] = [
            .circle(radius: 1.5), .square(side: 2, label: nil), .square(side: 3, label: "x"), .empty,
        ]
        let value = try JSONValue(encoding: shapes)
        #expect(value[1] == ["square": ["side": 2]])
        #expect(try value.decode([Shape].self) == shapes)
        #expect(try JSONValue(encoding: [1, 2] as [Int?]).decode([Int?].self) == [1, 2])
        #expect(try JSONValue.array([1, nil]).decode([Int?].self) == [1, nil])
        #expect(try JSONValue(encoding: "plain") == "plain")
        #expect(try JSONValue.null.decode(Int?.self) == nil)
    }

    @Test("a JSON value encodes and decodes itself through Foundation's JSON coders")
    func foundationCoders() throws {
        let value: JSONValue = [
            "s": "é\n\"", "n": -0.5, "i": 42, "b": true, "z": nil, "a": [1, [2, [3]], [:]], "o": ["k": []],
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(value)
        #expect(try JSONValue(parsing: String(decoding: data, as: UTF8.self)) == value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
        struct Envelope: Codable, Equatable {
            var payload: JSONValue
            var count: Int
        }
        let envelope = Envelope(payload: value, count: 2)
        #expect(try JSONDecoder().decode(Envelope.self, from: encoder.encode(envelope)) == envelope)
        #expect(try JSONValue(encoding: envelope).decode(Envelope.self) == envelope)
        // A number a Double cannot hold keeps its digits, as a string.
        let big = try JSONDecoder().decode(JSONValue.self, from: Data("[9007199254740993, 1.5]".utf8))
        #expect(big == ["9007199254740993", 1.5])
        #expect(throws: DecodingError.self) { try big.decode([Double].self) }
        #expect(try big[0]?.decode(Int.self) == 9_007_199_254_740_993)
    }

    @Test("a JSON payload in a link's query decodes into a struct")
    func queryPayload() throws {
        var builder = try #require(DeepLinkBuilder(string: "myapp://rides"))
        builder["ride"] = try JSONValue(encoding: Self.ride)
        builder["ref"] = "mail"
        let url = try #require(builder.url)
        let link = try #require(DeepLink(url: url))
        #expect(try link.queryParameters["ride"]?.decode(Ride.self) == Self.ride)

        // A link written by hand, as another app would send it.
        let writtenURL = try CodingTestSupport.url(
            "myapp://rides?ride=%7B%22id%22%3A%22x%22%2C%22seats%22%3A2%2C%22kind%22%3A%22solo%22%2C"
                + "%22tags%22%3A%5B%5D%2C%22stops%22%3A%5B%5D%2C%22extras%22%3A%7B%7D%7D"
                + "&dpl:json-encoded-fields=%5B%22ride%22%5D")
        let written = try #require(DeepLink(url: writtenURL))
        let payload = try #require(written.queryParameters["ride"])
        let ride = try payload.decode(Ride.self)
        #expect(
            ride
                == Ride(
                    id: "x", seats: 2, kind: .solo, price: nil, tags: [], stops: [], extras: [:], note: nil))
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let label: String
        let value: JSONValue
        let message: String
        let path: [String]
        var testDescription: String { label }
    }

    struct Seats: Decodable {
        var seats: Int
        var small: UInt8?
    }

    @Test(
        "decoding errors name the coding path and the problem",
        arguments: [
            ErrorCase(
                label: "string for Int", value: ["seats": "two"],
                message: "the string \"two\" is not the decimal digits of a Int", path: ["seats"]),
            ErrorCase(
                label: "fraction for Int", value: ["seats": 2.5],
                message: "the number 2.5 is not exactly an integer of type Int", path: ["seats"]),
            ErrorCase(
                label: "out of UInt8 range", value: ["seats": 1, "small": 300],
                message: "the number 300 is not exactly an integer of type UInt8", path: ["small"]),
            ErrorCase(
                label: "Boolean for Int", value: ["seats": true], message: "expected a number, found true",
                path: ["seats"]),
            ErrorCase(
                label: "missing key", value: ["other": 1], message: "no member named \"seats\"", path: []),
            ErrorCase(
                label: "array for struct", value: [1], message: "expected an object, found an array", path: []
            ),
        ])
    func decodingErrors(_ errorCase: ErrorCase) {
        #expect {
            _ = try errorCase.value.decode(Seats.self)
        } throws: { error in
            guard let error = error as? DecodingError else { return false }
            let context: DecodingError.Context
            switch error {
            case .typeMismatch(_, let found), .dataCorrupted(let found), .keyNotFound(_, let found),
                .valueNotFound(_, let found):
                context = found
            @unknown default:
                return false
            }
            return context.debugDescription == errorCase.message
                && context.codingPath.map(\.stringValue) == errorCase.path
        }
    }

    @Test("a typed error: decode throws DecodingError, encoding throws EncodingError")
    func typedThrows() {
        let decodeFailure: DecodingError? = {
            do throws(DecodingError) {
                _ = try JSONValue.string("x").decode(Int.self)
                return nil
            } catch {
                return error
            }
        }()
        #expect(decodeFailure != nil)
        struct Refuses: Encodable {
            struct Refusal: Error {}
            func encode(to encoder: any Encoder) throws { throw Refusal() }
        }
        do throws(EncodingError) {
            _ = try JSONValue(encoding: Refuses())
            Issue.record("encoding succeeded")
        } catch {
            guard case .invalidValue(_, let context) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(context.underlyingError is Refuses.Refusal)
        }
    }

    @Test("nesting is bounded by the JSON depth bound, in both directions")
    func depthBound() throws {
        let deepest = try JSONValue(encoding: Nested(depth: JSONValue.defaultMaximumDepth))
        #expect(deepest.nestingDepth == 512)
        #expect(try deepest.decode(Nested.self) == Nested(depth: 512))
        #expect(try JSONValue(parsing: deepest.jsonString) == deepest)
        #expect(throws: EncodingError.self) { try JSONValue(encoding: Nested(depth: 513)) }
        #expect(throws: EncodingError.self) { try JSONValue(encoding: Nested(depth: 4), maximumDepth: 3) }
        #expect(try JSONValue(encoding: Nested(depth: 3), maximumDepth: 3).nestingDepth == 3)

        let tooDeep = JSONValue.array([deepest])
        #expect {
            try tooDeep.decode(Nested.self)
        } throws: { error in
            guard case .dataCorrupted(let context)? = error as? DecodingError else { return false }
            return context.debugDescription == "arrays and objects nested deeper than 512 levels"
                && context.codingPath.count == 512
        }
        // A value built in code deeper than the bound does not go into an encoding.
        #expect(throws: EncodingError.self) { try JSONValue(encoding: ["x": tooDeep]) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(tooDeep) }
    }

    @Test("intValue and doubleValue read numbers exactly")
    func accessors() {
        #expect(JSONValue.number(3).intValue == 3)
        #expect(JSONValue.number(3.5).intValue == nil)
        #expect(JSONValue.number(1e300).intValue == nil)
        #expect(JSONValue.string("3").intValue == nil)
        #expect(JSONValue.number(3.5).doubleValue == 3.5)
        #expect(JSONValue.bool(true).doubleValue == nil)
    }
}
