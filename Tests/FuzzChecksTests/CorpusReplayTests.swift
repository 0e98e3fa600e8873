import Foundation
import FuzzChecks
import Testing

/// Every seed under `Fuzz/corpus/<target>/` and every input a fuzzer ever failed on, under
/// `Fuzz/crashers/<target>/`, is run through its target's checks on every test run, so a
/// fixed bug stays fixed without a fuzzer.
///
/// The replays have a time limit of 10 minutes, a hang guard (all seeds together take about a
/// second): like the limit of WaypointTests' hostile-input suite, it counts the time a test
/// case waits for a thread, and in a full parallel run on a busy two-core machine this
/// suite's first case finished 80 s after it started.
@Suite("Fuzz corpora and crashers replay", .serialized)
struct CorpusReplayTests {
    /// `Fuzz`, found from this file's location.
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // FuzzChecksTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Fuzz")

    /// The files of `Fuzz/<kind>/<target>`, sorted by name; none when the directory is absent.
    static func inputs(_ kind: String, _ target: FuzzTarget) -> [URL] {
        let directory = fuzzDirectory.appendingPathComponent(kind).appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test("every target has a seed corpus", arguments: FuzzTarget.allCases)
    func seeded(_ target: FuzzTarget) {
        #expect(Self.inputs("corpus", target).count >= 5, "Fuzz/corpus/\(target.rawValue)")
    }

    @Test("every seed passes the checks", .timeLimit(.minutes(10)), arguments: FuzzTarget.allCases)
    func seeds(_ target: FuzzTarget) throws {
        for file in Self.inputs("corpus", target) {
            let data = try [UInt8](Data(contentsOf: file))
            #expect(throws: Never.self, "\(file.lastPathComponent)") { try target.check(data) }
        }
    }

    @Test("every crasher passes the checks", .timeLimit(.minutes(10)), arguments: FuzzTarget.allCases)
    func crashers(_ target: FuzzTarget) throws {
        for file in Self.inputs("crashers", target) {
            let data = try [UInt8](Data(contentsOf: file))
            #expect(throws: Never.self, "\(file.lastPathComponent)") { try target.check(data) }
        }
    }
}
