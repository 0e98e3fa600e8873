import Foundation
import Testing

@testable import Waypoint
@testable import WaypointLinkBuilder

/// Random values for the property tests.
struct Generator {
    var random: SplitMix64

    /// Pieces that strings are made of: plain text, every reserved query character, JSON's
    /// special characters, and non-ASCII text.
    private static let pieces: [String] = [
        "a", "Z", "0", "9", "-", "_", ".", "~", "&", "=", "?", "#", "/", "+", "%", " ", "%20", "%zz", "\"",
        "\\", "\n", "\t", "\u{0}", ":", "[", "]", "{", "}", ",", "é", "漢", "字", "😀", "👍🏽", "\u{FEFF}",
    ]

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    mutating func string(maxLength: Int = 8) -> String {
        (0..<int(0...maxLength)).map { _ in Self.pieces[int(0...Self.pieces.count - 1)] }.joined()
    }

    /// A finite number: small integers, simple fractions, or any finite bit pattern.
    mutating func number() -> Double {
        switch int(0...3) {
        case 0: return Double(int(-1_000_000...1_000_000))
        case 1: return Double(int(-10_000...10_000)) / Double([2, 10, 1000, 3][int(0...3)])
        case 2:
            return [
                0.1, -0.0, 1e21, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 123_456_789_012,
            ][int(0...6)]
        default:
            while true {
                let candidate = Double(bitPattern: random.next())
                if candidate.isFinite { return candidate }
            }
        }
    }

    mutating func scalar() -> JSONValue {
        switch int(0...3) {
        case 0: .string(string())
        case 1: .number(number())
        case 2: .bool(int(0...1) == 1)
        default: .null
        }
    }

    /// A random JSON value nested at most `depth` levels.
    mutating func json(depth: Int) -> JSONValue {
        guard depth > 0, int(0...2) > 0 else { return scalar() }
        return container(depth: depth)
    }

    /// A random array or object nested at most `depth` levels (at least one).
    mutating func container(depth: Int) -> JSONValue {
        let count = int(0...4)
        if int(0...1) == 0 {
            return .array((0..<count).map { _ in json(depth: depth - 1) })
        }
        var members: [String: JSONValue] = [:]
        for _ in 0..<count {
            members[string(maxLength: 4)] = json(depth: depth - 1)
        }
        return .object(members)
    }
}

@Suite("Round-trip properties (seeded)")
struct RoundTripPropertyTests {
    @Test("JSON values survive writing and parsing")
    func jsonRoundTrip() throws {
        var generator = Generator(random: SplitMix64(seed: 0x5EED_0001))
        for iteration in 0..<500 {
            let value = generator.json(depth: 4)
            let text = value.jsonString
            let parsed = try JSONValue(parsing: text)
            #expect(parsed == value, "iteration \(iteration): \(text)")
            #expect(parsed.jsonString == text, "iteration \(iteration)")
        }
    }

    @Test("numbers are written in their shortest round-trip form, as valid JSON")
    func numberRoundTrip() throws {
        var generator = Generator(random: SplitMix64(seed: 0x5EED_0002))
        for _ in 0..<2000 {
            let number = generator.number()
            let text = JSONValue.number(number).jsonString
            #expect(try JSONValue(parsing: text) == .number(number), "\(text)")
            #expect(!text.hasSuffix(".0"), "\(text)")
            // The layout neither adds nor drops a significant digit of Swift's shortest
            // round-trip description.
            #expect(Self.significantDigits(text) == Self.significantDigits(number.description), "\(text)")
        }
    }

    /// The digits of a number's text without sign, point, exponent, and leading or trailing
    /// zeros: `-0.00120e+5` gives `12`.
    private static func significantDigits(_ text: String) -> String {
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber)
        return String(mantissa.drop { $0 == "0" }.reversed().drop { $0 == "0" }.reversed())
    }

    @Test("random parameters survive build and parse unchanged")
    func builderRoundTrip() throws {
        var generator = Generator(random: SplitMix64(seed: 0x5EED_0003))
        let reserved: Set<String> = ["dpl:json-encoded-fields", "al_applink_data"]
        for iteration in 0..<400 {
            var builder = try ModelTestSupport.builder("dpl://x.example/p")
            var expected: [(key: String, value: JSONValue)] = []
            for _ in 0..<generator.int(0...6) {
                let key = generator.string(maxLength: 6)
                guard !reserved.contains(key), !expected.contains(where: { $0.key == key }) else { continue }
                let value: JSONValue =
                    generator.int(0...1) == 0 ? .string(generator.string()) : generator.container(depth: 4)
                builder[key] = value
                expected.append((key, value))
            }
            let built = try #require(builder.absoluteString)
            let link = try ModelTestSupport.readBack(builder)

            var parameters = link.queryParameters
            let listed = parameters.removeValue(forKey: "dpl:json-encoded-fields")
            #expect(
                parameters == Dictionary(uniqueKeysWithValues: expected.map { ($0.key, $0.value) }),
                "\(built)")
            let containers = expected.filter { $0.value.isContainer }.map { JSONValue.string($0.key) }
            #expect(listed == (containers.isEmpty ? nil : .string(JSONValue.array(containers).jsonString)))
            // Items come back in order with the raw text written.
            let items = link.queryItems.filter { $0.name != "dpl:json-encoded-fields" }
            #expect(items.map(\.name) == expected.map(\.key), "iteration \(iteration): \(built)")
            #expect(items.map(\.value) == expected.map { $0.value.stringValue ?? $0.value.jsonString })
            // The built string is a valid URL that a new builder reads back identically.
            let reread = try #require(DeepLinkBuilder(string: built), "\(built)")
            #expect(reread.absoluteString == built)
            #expect(reread.queryParameters == builder.queryParameters)
            #expect(DeepLinkBuilder(link).absoluteString == built)
        }
    }

    @Test("random hosts and paths survive build and read")
    func hostAndPathRoundTrip() throws {
        var generator = Generator(random: SplitMix64(seed: 0x5EED_0004))
        for _ in 0..<300 {
            var builder = try ModelTestSupport.builder("dpl://x")
            let host = generator.string(maxLength: 5)
            let path = "/" + generator.string()
            builder.host = host
            builder.path = path
            let built = try #require(builder.absoluteString)
            let reread = try #require(DeepLinkBuilder(string: built), "\(built)")
            #expect(reread.host == host, "\(built)")
            #expect(reread.path == path, "\(built)")
        }
    }
}
