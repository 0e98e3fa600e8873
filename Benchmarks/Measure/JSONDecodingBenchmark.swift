import Foundation
import Waypoint

/// `waypoint-bench --json-decoding`: decoding a ``JSONValue`` through Foundation's
/// `JSONDecoder` against ``JSONValue/init(parsing:maximumDepth:)`` of the same bytes, as
/// ratios measured in one run (issue 21, item 3; targets: ≤ 50× at depth 511, ≤ 4× for
/// 480 KB of small objects). Each document's two results are checked equal before timing.
struct JSONDecodingBenchmark {
    /// Timed runs per measurement; the median is kept.
    var runs = 7

    /// The documents: name and text.
    static func documents() -> [(name: String, text: String)] {
        let depth = 511
        let deepArrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let deepObjects =
            String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        let alternating =
            (0..<depth).map { $0 % 2 == 0 ? "[" : #"{"a":"# }.joined() + "1"
            + (0..<depth).reversed().map { $0 % 2 == 0 ? "]" : "}" }.joined()
        let small =
            "["
            + (0..<20_000).map { #"{"id":\#($0),"n":"x\#($0 % 97)","ok":true}"# }
            .joined(separator: ",") + "]"
        return [
            ("511-deep arrays (\(deepArrays.utf8.count) bytes)", deepArrays),
            ("511-deep objects (\(deepObjects.utf8.count) bytes)", deepObjects),
            ("511-deep arrays and objects alternating (\(alternating.utf8.count) bytes)", alternating),
            ("20,000 small objects (\(small.utf8.count >> 10) KiB)", small),
        ]
    }

    func run() throws -> [String] {
        var lines = ["JSONValue through JSONDecoder vs JSONValue(parsing:), median of \(runs) runs"]
        for (name, text) in Self.documents() {
            let data = Data(text.utf8)
            let parsed = try JSONValue(parsing: text)
            let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
            guard parsed == decoded else { throw BenchmarkError.usage("\(name): the two readings differ") }
            let parse = median { _ = try? JSONValue(parsing: text) }
            let decode = median { _ = try? JSONDecoder().decode(JSONValue.self, from: data) }
            // The probing of 86f3003, once only: it takes seconds on the deep documents.
            let before = Stopwatch.measure {
                _ = try? JSONDecoder().decode(ProbingJSONValue.self, from: data)
            }
            lines.append(
                "  \(name): JSONDecoder \(Self.format(decode)), parsing \(Self.format(parse)), ratio "
                    + String(format: "%.1f×", decode / parse) + "; before (five try? probes a level) "
                    + Self.format(before.seconds) + String(format: ", %.0f×", before.seconds / parse))
        }
        // The floor under the small-objects ratio: the same bytes through `JSONDecoder` into
        // a plain `Decodable` that knows its keys and types, so it asks for no `allKeys` and
        // makes no guess. No decoding of a `JSONValue` through `JSONDecoder` can do less.
        let (_, small) = Self.documents()[3]
        let smallData = Data(small.utf8)
        let items = try JSONDecoder().decode([SmallObject].self, from: smallData)
        guard items.count == 20_000, items[42] == SmallObject(id: 42, n: "x42", ok: true) else {
            throw BenchmarkError.usage("small objects: the plain Decodable read them wrong")
        }
        let parse = median { _ = try? JSONValue(parsing: small) }
        let decodeValue = median { _ = try? JSONDecoder().decode(JSONValue.self, from: smallData) }
        let plain = median { _ = try? JSONDecoder().decode([SmallObject].self, from: smallData) }
        lines.append(
            "  20,000 small objects into a plain Decodable (the floor): JSONDecoder "
                + "\(Self.format(plain)), \(String(format: "%.1f×", plain / parse)) parsing; JSONValue through "
                + "JSONDecoder \(String(format: "%.2f×", decodeValue / plain)) the plain Decodable")
        return lines
    }

    private func median(_ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            times.append(Stopwatch.measure(body).seconds)
        }
        return times.sorted()[times.count / 2]
    }

    private static func format(_ seconds: Double) -> String {
        seconds >= 0.001 ? String(format: "%.2f ms", seconds * 1e3) : String(format: "%.1f µs", seconds * 1e6)
    }
}

/// One of the small objects, as an app would declare it.
private struct SmallObject: Decodable, Equatable {
    let id: Int
    let n: String
    let ok: Bool
}

/// `JSONValue.init(from:)` as it was at 86f3003, for the "before" column: a `try?` probe for
/// each scalar type, then the containers, at every level, with `codingPath` read each time.
private struct ProbingJSONValue: Decodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { stringValue = String(intValue) }
    }

    let value: JSONValue

    init(from decoder: any Decoder) throws {
        guard decoder.codingPath.count < JSONValue.defaultMaximumDepth else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "deep"))
        }
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() {
                value = .null
                return
            }
            if let flag = try? container.decode(Bool.self) {
                value = .bool(flag)
                return
            }
            if let integer = try? container.decode(Int64.self) {
                value = integer.deepLinkJSONValue
                return
            }
            if let integer = try? container.decode(UInt64.self) {
                value = integer.deepLinkJSONValue
                return
            }
            if let number = try? container.decode(Double.self) {
                value = .number(number)
                return
            }
            if let text = try? container.decode(String.self) {
                value = .string(text)
                return
            }
        }
        if var elements = try? decoder.unkeyedContainer() {
            var array: [JSONValue] = []
            while !elements.isAtEnd {
                array.append(try elements.decode(ProbingJSONValue.self).value)
            }
            value = .array(array)
            return
        }
        if let members = try? decoder.container(keyedBy: Key.self) {
            var object: [String: JSONValue] = [:]
            for key in members.allKeys {
                object[key.stringValue] = try members.decode(ProbingJSONValue.self, forKey: key).value
            }
            value = .object(object)
            return
        }
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not JSON"))
    }
}
