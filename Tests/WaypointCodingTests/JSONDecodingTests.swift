import Foundation
import Testing
import WaypointLinkBuilder

@testable import Waypoint
@testable import WaypointCoding

/// Decoding a `JSONValue` through any `Decoder` does
/// linear work, one reading of a repeated key, numbers as documented, the depth checked on
/// the fast path, deep values written without recursion, and JSON text in a string decoded
/// into the type that asks for it.
@Suite("JSON values: decoding through decoders, and payloads as they arrive")
struct JSONDecodingTests {
    // MARK: Linear work

    /// The documents the work is counted on, at a size `n`: nesting depth or object count.
    static func shape(_ index: Int, _ n: Int) -> String {
        switch index {
        case 0: return String(repeating: "[", count: n) + String(repeating: "]", count: n)
        case 1: return String(repeating: #"{"a":"#, count: n) + "1" + String(repeating: "}", count: n)
        case 2:
            return (0..<n).map { $0 % 2 == 0 ? "[" : #"{"a":"# }.joined() + #""x""#
                + (0..<n).reversed().map { $0 % 2 == 0 ? "]" : "}" }.joined()
        default:
            return "["
                + (0..<n).map { #"{"id":\#($0),"n":"x","ok":true,"z":null,"f":1.5}"# }
                .joined(separator: ",") + "]"
        }
    }

    static let shapeNames = [
        "deep arrays", "deep objects", "deep arrays and objects alternating", "small objects",
    ]

    /// The failed probes and coding-path reads of decoding `text` through a counting decoder.
    static func work(_ text: String) throws -> (failedProbes: Int, codingPathReads: Int) {
        let expected = try JSONValue(parsing: text)
        let counter = CountingDecoder.Counter()
        let decoded = try JSONValue(from: CountingDecoder(value: expected, counter: counter))
        #expect(decoded == expected)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) == expected)
        return (counter.failedProbes, counter.codingPathReads)
    }

    @Test(
        "decoding reads no coding path, and its failed probes do not grow with depth or size",
        arguments: 0..<4)
    func boundedProbes(_ index: Int) throws {
        let (small, large) = index == 3 ? (1_000, 4_000) : (255, 511)
        let few = try Self.work(Self.shape(index, small))
        let many = try Self.work(Self.shape(index, large))
        let name = Self.shapeNames[index]
        // Each failed probe (and each read of codingPath) costs JSONDecoder the square of
        // the depth; the five probes a level of 86f3003 (2,555 at depth 511) made these
        // cubic. What is left is the first sightings of each kind, a constant (which member
        // comes first in an object, and so is seen first, varies from one dictionary to
        // another).
        #expect(many.codingPathReads == 0, "\(name)")
        #expect(few.failedProbes <= 24 && many.failedProbes <= 24, "\(name): \(few) then \(many)")
    }

    /// Documents whose values change kind at every step, deep down and at
    /// the top, with `n` such values; and the chains and small objects above.
    static func mixedShape(_ index: Int, _ n: Int) -> String {
        let kinds = ["1", #""a""#, "true", "null", "1.5", "{}", "[]"]
        let mixed = (0..<n).map { kinds[$0 % kinds.count] }
        let values = mixed.joined(separator: ",")
        switch index {
        case 0: return String(repeating: "[", count: 511) + values + String(repeating: "]", count: 511)
        case 1:
            let members = mixed.enumerated().map { #""k\#($0.offset)":\#($0.element)"# }.joined(
                separator: ",")
            return String(repeating: #"{"a":"#, count: 510) + "{" + members + "}"
                + String(repeating: "}", count: 510)
        case 2:
            return String(repeating: #"{"a":["#, count: 255) + values + String(repeating: "]}", count: 255)
        case 3: return "[" + values + "]"
        case 4:
            return String(repeating: "[", count: 511) + (0..<n).map { String($0) }.joined(separator: ",")
                + String(repeating: "]", count: 511)
        case 9:
            var random = SplitMix64(seed: 32)
            let shuffled = (0..<n).map { _ in kinds[Int(random.next() % UInt64(kinds.count))] }
            return String(repeating: #"{"a":["#, count: 255) + shuffled.joined(separator: ",")
                + String(repeating: "]}", count: 255)
        default: return shape(index - 5, index == 8 ? n / 5 : 511)
        }
    }

    static let mixedShapeNames = [
        "alternating kinds 511 arrays deep", "alternating members 511 objects deep",
        "alternating kinds under 255 objects and arrays", "alternating kinds in a flat array",
        "numbers 511 arrays deep", "deep arrays", "deep objects", "deep arrays and objects alternating",
        "small objects", "random kinds under 255 objects and arrays",
    ]

    /// The values in `value`, itself included.
    static func count(_ value: JSONValue) -> Int {
        var count = 0
        var pending = [value]
        while let next = pending.popLast() {
            count += 1
            switch next {
            case .array(let elements): pending += elements
            case .object(let members): pending += members.values
            default: break
            }
        }
        return count
    }

    @Test(
        "where the decoder shows kinds as JSONDecoder does, wrong guesses cost a constant per value, whatever the shapes",
        arguments: 0..<10)
    func boundedProbeCost(_ index: Int) throws {
        let text = Self.mixedShape(index, 2_000)
        let expected = try JSONValue(parsing: text)
        let counter = CountingDecoder.Counter(showsKinds: true)
        #expect(try JSONValue(from: CountingDecoder(value: expected, counter: counter)) == expected)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) == expected)
        let values = Self.count(expected)
        let name = Self.mixedShapeNames[index]
        // JSONDecoder builds the path of a failed request level by level, so a failure at
        // depth d copies d(d+1)/2 coding keys: 131,328 at the bottom of 511 levels. Through
        // c6ca6dd, a value whose kind differs from the one before cost two or three of them.
        #expect(counter.codingPathReads == 0, "\(name)")
        #expect(
            counter.failedProbeCost <= JSONValueReader.creditPerValue * values,
            "\(name): \(counter.failedProbes) failed probes copying \(counter.failedProbeCost) keys for \(values) values"
        )
        #expect(counter.mirrorsRead <= values, "\(name)")
    }

    /// What ``JSONKindHint`` reads from each decoder `JSONDecoder` hands out: the top one's,
    /// each element's through `superDecoder()`, and each member's through
    /// `superDecoder(forKey:)`.
    struct KindsSeen: Decodable {
        var top: JSONValueReader.Kind?
        var elements: [JSONValueReader.Kind?] = []
        var members: [String: JSONValueReader.Kind?] = [:]

        init(from decoder: any Decoder) throws {
            top = JSONKindHint.kind(of: decoder)
            var container = try decoder.unkeyedContainer()
            while !container.isAtEnd {
                let element = try container.superDecoder()
                elements.append(JSONKindHint.kind(of: element))
                if let keyed = try? element.container(keyedBy: JSONMemberKey.self) {
                    for key in keyed.allKeys {
                        members[key.stringValue] = JSONKindHint.kind(of: try keyed.superDecoder(forKey: key))
                    }
                }
            }
        }
    }

    @Test("JSONDecoder's storage shows the kind of every value it hands out")
    func kindsFromJSONDecoder() throws {
        let text = #"[1,"a",true,null,1.5,{},[],{"n":2,"s":"b","t":false,"z":null,"o":{},"a":[1]}]"#
        let seen = try JSONDecoder().decode(KindsSeen.self, from: Data(text.utf8))
        #expect(seen.top == .array)
        #expect(seen.elements == [.number, .string, .bool, nil, .number, .object, .array, .object])
        let expectedMembers: [String: JSONValueReader.Kind?] = [
            "n": .number, "s": .string, "t": .bool, "z": .none, "o": .object, "a": .array,
        ]
        #expect(seen.members == expectedMembers)
        // A decoder that shows nothing gives no kind, and the reader goes on guessing.
        #expect(JSONKindHint.kind(of: CountingDecoder(value: [1], counter: .init())) == nil)
        #expect(
            JSONKindHint.kind(of: CountingDecoder(value: [1], counter: .init(showsKinds: true))) == .array)
    }

    @Test("a value nested past the limit inside a decoder is refused, not recursed into")
    func depthThroughDecoder() throws {
        var value: JSONValue = 1
        for _ in 0..<JSONValue.defaultMaximumDepth { value = [value] }
        #expect(try JSONValue(from: CountingDecoder(value: value, counter: .init())) == value)
        #expect(throws: DecodingError.self) {
            try JSONValue(from: CountingDecoder(value: [value], counter: .init()))
        }
    }

    // MARK: Repeated keys

    @Test("a repeated key keeps its first value: parsed, through JSONDecoder, as a link's JSON field")
    func repeatedKeys() throws {
        let text = #"{"a":1,"a":2,"b":{"c":true,"c":false}}"#
        let expected: JSONValue = ["a": 1, "b": ["c": true]]
        #expect(try JSONValue(parsing: text) == expected)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) == expected)
        let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let url = try CodingTestSupport.url("myapp://x?p=\(query)&dpl:json-encoded-fields=%5B%22p%22%5D")
        let link = try #require(DeepLink(url: url))
        #expect(link.queryParameters["p"] == expected)
        // A string holding the JSON text reads the same way.
        #expect(try JSONValue.string(text).decode([String: JSONValue].self) == expected.objectValue)
    }

    // MARK: Numbers

    @Test("integers through JSONDecoder: exact digits up to UInt64, the nearest Double beyond")
    func bigIntegers() throws {
        func decoded(_ text: String) throws -> JSONValue {
            try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        }
        #expect(try decoded("9007199254740993") == "9007199254740993")
        #expect(try decoded("-9223372036854775808") == "-9223372036854775808")
        #expect(try decoded("18446744073709551615") == "18446744073709551615")
        #expect(try decoded("9007199254740992") == .number(9_007_199_254_740_992))
        // Beyond UInt64: no Decoder gives the digits; the nearest Double, as parsing gives.
        #expect(try decoded("18446744073709551617") == .number(18_446_744_073_709_551_616))
        let nines = String(repeating: "9", count: 100)
        #expect(try decoded(nines) == .number(1e100))
        #expect(try decoded(nines) == JSONValue(parsing: nines))
        #expect(try decoded("[1.5, -0.25, 1e300]") == [1.5, -0.25, 1e300])
    }

    // MARK: The fast path checks depth

    @Test("decode(JSONValue.self, maximumDepth:) checks the value's own depth")
    func fastPathDepth() throws {
        var value: JSONValue = 1
        for _ in 0..<10 { value = [value] }
        #expect(try value.decode(JSONValue.self, maximumDepth: 10) == value)
        #expect(throws: DecodingError.self) { try value.decode(JSONValue.self, maximumDepth: 9) }
        struct Envelope: Decodable { var payload: JSONValue }
        let envelope: JSONValue = ["payload": value]
        #expect(try envelope.decode(Envelope.self, maximumDepth: 11).payload == value)
        #expect(throws: DecodingError.self) { try envelope.decode(Envelope.self, maximumDepth: 10) }
    }

    // MARK: Deep values built in code

    /// Runs `body` on a thread with a 512 KiB stack and returns its result. The thread lets go
    /// of `body`, and so of what it captured, before it returns the result: a deep value the
    /// caller still holds is then never destroyed on the small stack (destroying a value
    /// 5,000 levels deep recurses in the runtime, and under AddressSanitizer's larger frames
    /// that overflowed 512 KiB when the thread held the last reference).
    static func onSmallStack<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        let work = Locked<(@Sendable () -> Value)?>(body)
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                guard let body = work.withLock({ $0.take() }) else { return }
                let result = body()
                _ = consume body
                continuation.resume(returning: result)
            }
            thread.stackSize = 512 << 10
            thread.start()
        }
    }

    @Test("jsonString and description of a 5,000-deep value built in code, on a 512 KiB stack")
    func deepWriting() async {
        var value: JSONValue = ["k": 1]
        for index in 0..<5_000 { value = index % 2 == 0 ? [value, nil] : ["v": value] }
        let built = value
        let (text, described) = await Self.onSmallStack { (built.jsonString, built.description) }
        // The value is destroyed here, on this task's stack, not on the small one.
        withExtendedLifetime(built) {}
        #expect(text == described)
        #expect(text.hasPrefix(#"{"v":[{"v":["#))
        #expect(text.hasSuffix(#",null]}"#))
        #expect(text.contains(#"[{"k":1},null]"#))
        // 2,500 objects `{"v":…}` (6 bytes each), 2,500 arrays `[…,null]` (7), `{"k":1}` (7).
        let expectedLength = 2_500 * 6 + 2_500 * 7 + 7
        #expect(text.utf8.count == expectedLength)
    }

    @Test("jsonString of containers with several members keeps order and commas")
    func writingShape() {
        let value: JSONValue = ["b": [1, [2, 3], [], [:]], "a": ["y": nil, "x": "s"], "c": []]
        #expect(value.jsonString == #"{"a":{"x":"s","y":null},"b":[1,[2,3],[],{}],"c":[]}"#)
    }

    // MARK: Payloads as they arrive

    struct Cart: Codable, Equatable {
        struct Item: Codable, Equatable {
            var sku: String
            var qty: Int
        }
        var items: [Item]
        var coupon: String?
    }

    @Test("a string holding JSON text decodes into the type that asks for an object or array")
    func jsonTextInString() throws {
        let cart = Cart(items: [.init(sku: "a-1", qty: 2)], coupon: "{not json}")
        let text = #"{"items":[{"sku":"a-1","qty":2}],"coupon":"{not json}"}"#
        // As a web page or a marketing tool sends it: no dpl:json-encoded-fields.
        let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let link = try #require(DeepLink(url: CodingTestSupport.url("myapp://cart?cart=\(query)")))
        #expect(link.queryParameters["cart"] == .string(text))
        #expect(try link.queryParameters["cart"]?.decode(Cart.self) == cart)
        // A String still reads the text, and the String field inside stays a string.
        #expect(try link.queryParameters["cart"]?.decode(String.self) == text)
        // An array, and whitespace before the text.
        #expect(try JSONValue.string(" [1, 2]").decode([Int].self) == [1, 2])
        // Text that is not JSON says so.
        #expect {
            try JSONValue.string("{oops").decode(Cart.self)
        } throws: { error in
            guard case .dataCorrupted(let context)? = error as? DecodingError else { return false }
            return context.debugDescription.hasPrefix("the string is not valid JSON text")
        }
        // A string that does not start like an object or array is a plain mismatch.
        #expect(throws: DecodingError.self) { try JSONValue.string("cart").decode(Cart.self) }
        // The depth left applies to the text.
        let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        #expect(throws: DecodingError.self) {
            try JSONValue.string(deep).decode(JSONValue.Nested.self, maximumDepth: 10)
        }
    }
}

extension JSONValue {
    /// Decodes arrays of arrays through containers, for the depth test.
    fileprivate struct Nested: Decodable {
        init(from decoder: any Decoder) throws {
            var elements = try decoder.unkeyedContainer()
            while !elements.isAtEnd { _ = try elements.decode(Nested.self) }
        }
    }
}

@Suite("Typed parameters: dates")
struct DateParameterTests {
    @Test("get(_:as: Date.self) reads the dates DeepLinkBuilder writes")
    func dates() throws {
        let whole = Date(timeIntervalSince1970: 1_709_296_200)
        let fraction = Date(timeIntervalSince1970: 1_709_296_200.25)
        var builder = try #require(DeepLinkBuilder(string: "myapp://trip"))
        builder["start"] = whole
        builder["end"] = fraction
        let url = try #require(builder.url)
        #expect(url.absoluteString.contains("start=2024-03-01T12%3A30%3A00Z"))
        let link = try #require(DeepLink(url: url))
        #expect(link.parameters.get("start", as: Date.self) == whole)
        #expect(link.parameters.get("end", as: Date.self) == fraction)
        #expect(try link.parameters.require("start", as: Date.self) == whole)
        let bad = try #require(
            DeepLink(url: try CodingTestSupport.url("myapp://t?d=2023-02-29T00:00:00Z&e=soon")))
        #expect(bad.parameters.get("d", as: Date.self) == nil)
        #expect(bad.parameters.get("e", as: Date.self) == nil)
        #expect(bad.parameters.get("missing", as: Date.self) == nil)
        #expect(throws: ParameterError.self) { try bad.parameters.require("e", as: Date.self) }
    }
}
