import Foundation
import Waypoint
import WaypointCoding
import WaypointLinkBuilder

/// `waypoint-bench --json-decoding`: decoding a ``JSONValue`` through Foundation's
/// `JSONDecoder` against ``JSONValue/init(parsing:maximumDepth:)`` of the same bytes, as
/// ratios of thread CPU time measured in one run (targets: ≤ 50× at depth 511, ≤ 4×
/// for 480 KB of small objects; then ≤ 50× whatever the shapes, kinds that
/// change at every step included). Each document's two results are checked equal first.
struct JSONDecodingBenchmark {
    /// Timed runs per measurement; the median is kept.
    var runs = 7
    /// The documents to measure, by their index in ``documents()``; all when nil.
    var documents: Set<Int>?

    /// The documents: name, text, and whether the probing of 86f3003 is timed on it too (it
    /// takes minutes on the documents with many values deep down).
    static func documents() -> [(name: String, text: String, before: Bool)] {
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
        // 40,000 values whose kind changes at every step, so that no guess
        // from the previous value is right, in an array and in an object, at the bottom of
        // 511 levels of arrays, of objects and arrays (a path of member names), and at the top.
        let kinds = ["1", #""a""#, "true", "null", "1.5", "{}", "[]"]
        let mixed = (0..<40_000).map { kinds[$0 % kinds.count] }
        let values = mixed.joined(separator: ",")
        let members = mixed.enumerated().map { #""k\#($0.offset)":\#($0.element)"# }.joined(separator: ",")
        let underArrays = String(repeating: "[", count: depth) + values + String(repeating: "]", count: depth)
        let underObjects =
            String(repeating: #"{"a":"#, count: depth - 1) + "{" + members + "}"
            + String(repeating: "}", count: depth - 1)
        let keyedPath =
            String(repeating: #"{"a":["#, count: depth / 2) + values
            + String(repeating: "]}", count: depth / 2)
        // The same kinds in a random order, which no prediction follows: every value whose
        // kind is not guessed right costs a look at the decoder's storage.
        var random = SplitMix64(seed: 32)
        let shuffled = (0..<40_000).map { _ in kinds[Int(random.next() % UInt64(kinds.count))] }
            .joined(separator: ",")
        let randomUnderArrays =
            String(repeating: "[", count: depth) + shuffled + String(repeating: "]", count: depth)
        let randomKeyedPath =
            String(repeating: #"{"a":["#, count: depth / 2) + shuffled
            + String(repeating: "]}", count: depth / 2)
        let numbers =
            String(repeating: "[", count: depth) + (0..<40_000).map { String($0) }.joined(separator: ",")
            + String(repeating: "]", count: depth)
        func kib(_ text: String) -> String { "\(text.utf8.count >> 10) KiB" }
        return [
            ("511-deep arrays (\(deepArrays.utf8.count) bytes)", deepArrays, true),
            ("511-deep objects (\(deepObjects.utf8.count) bytes)", deepObjects, true),
            ("511-deep arrays and objects alternating (\(alternating.utf8.count) bytes)", alternating, true),
            ("20,000 small objects (\(kib(small)))", small, true),
            (
                "40,000 values of alternating kinds in an array 511 deep (\(kib(underArrays)))", underArrays,
                false
            ),
            (
                "40,000 members of alternating kinds in an object 511 deep (\(kib(underObjects)))",
                underObjects, false
            ),
            (
                "40,000 values of alternating kinds under 255 objects and arrays (\(kib(keyedPath)))",
                keyedPath, false
            ),
            (
                "40,000 values of alternating kinds in a flat array (\(kib(values)))", "[" + values + "]",
                false
            ),
            ("40,000 numbers in an array 511 deep (\(kib(numbers)))", numbers, false),
            (
                "40,000 values of random kinds in an array 511 deep (\(kib(randomUnderArrays)))",
                randomUnderArrays, false
            ),
            (
                "40,000 values of random kinds under 255 objects and arrays (\(kib(randomKeyedPath)))",
                randomKeyedPath, false
            ),
            ("40,000 values of random kinds in a flat array (\(kib(shuffled)))", "[" + shuffled + "]", false),
        ]
    }

    /// Measures each document and hands `report` each line as soon as it is measured (the
    /// documents that took minutes before the linear decoding are then seen as they finish).
    func run(report: (String) -> Void) throws {
        report(
            "JSONValue through JSONDecoder vs JSONValue(parsing:), thread CPU time, median of \(runs) runs")
        for (index, (name, text, timeBefore)) in Self.documents().enumerated()
        where documents?.contains(index) ?? true {
            let data = Data(text.utf8)
            let parsed = try JSONValue(parsing: text)
            let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
            guard parsed == decoded else { throw BenchmarkError.usage("\(name): the two readings differ") }
            let parse = median { _ = try? JSONValue(parsing: text) }
            let decode = median { _ = try? JSONDecoder().decode(JSONValue.self, from: data) }
            var line =
                "  \(name): JSONDecoder \(Self.format(decode)), parsing \(Self.format(parse)), ratio "
                + String(format: "%.1f×", decode / parse)
            if timeBefore {
                // The probing of 86f3003, once only: it takes seconds on the deep documents.
                let before = Stopwatch.threadCPUSeconds {
                    _ = try? JSONDecoder().decode(ProbingJSONValue.self, from: data)
                }
                line +=
                    "; before (five try? probes a level) " + Self.format(before)
                    + String(format: ", %.0f×", before / parse)
            }
            report(line)
        }
        // The floor under the small-objects ratio: the same bytes through `JSONDecoder` into
        // a plain `Decodable` that knows its keys and types, so it asks for no `allKeys` and
        // makes no guess. No decoding of a `JSONValue` through `JSONDecoder` can do less.
        guard documents?.contains(3) ?? true else { return }
        let (_, small, _) = Self.documents()[3]
        let smallData = Data(small.utf8)
        let items = try JSONDecoder().decode([SmallObject].self, from: smallData)
        guard items.count == 20_000, items[42] == SmallObject(id: 42, n: "x42", ok: true) else {
            throw BenchmarkError.usage("small objects: the plain Decodable read them wrong")
        }
        let parse = median { _ = try? JSONValue(parsing: small) }
        let decodeValue = median { _ = try? JSONDecoder().decode(JSONValue.self, from: smallData) }
        let plain = median { _ = try? JSONDecoder().decode([SmallObject].self, from: smallData) }
        report(
            "  20,000 small objects into a plain Decodable (the floor): JSONDecoder "
                + "\(Self.format(plain)), \(String(format: "%.1f×", plain / parse)) parsing; JSONValue through "
                + "JSONDecoder \(String(format: "%.2f×", decodeValue / plain)) the plain Decodable")
    }

    private func median(_ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            times.append(Stopwatch.threadCPUSeconds(body))
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
