import Testing
import Waypoint

@testable import waypoint_bench

/// `--cache-report`: its command line, the added latency it reports and the order its
/// cache simulation runs lookups in.
@Suite("Benchmark large-table report")
struct LargeTableTests {
    @Test("the command line of --cache-report")
    func options() throws {
        let all = try BenchmarkOptions.parse(["--cache-report"])
        #expect(all.cacheReport == "all")
        #expect(all.sizes == [100, 100_000])
        #expect(all.appSizes.isEmpty)
        #expect(all.passes == 3)
        #expect(all.contenders == ["cSegmentTrie", "waypointPath"])
        let custom = try BenchmarkOptions.parse([
            "--cache-report", "sim", "--sizes", "10,1000", "--passes", "2", "--contenders", "url",
            "--callgrind-out", "/tmp/out",
        ])
        #expect(custom.cacheReport == "sim")
        #expect(custom.sizes == [10, 1_000])
        #expect(custom.passes == 2)
        #expect(custom.contenders == ["waypointURL"])
        #expect(custom.callgrindOutputDirectory == "/tmp/out")
        // A value that is not a part is the next option, not swallowed.
        #expect(try BenchmarkOptions.parse(["--cache-report", "--runs", "4"]).plan.runs == 4)
        #expect(throws: BenchmarkError.self) { try BenchmarkOptions.parse(["--callgrind-out", "/tmp/out"]) }
    }

    @Test("the added latency is taken run by run against the smallest size")
    func added() {
        let report = LargeTableReport(
            machine: .current, load: [], seed: 1, sizes: [100, 100_000], runs: 2, passes: 3,
            timing: [
                .init(size: 100, key: "cSegmentTrie", isHits: true, nanoseconds: [100, 120]),
                .init(size: 100_000, key: "cSegmentTrie", isHits: true, nanoseconds: [300, 400]),
                .init(size: 100, key: "waypointPath", isHits: true, nanoseconds: [400, 500]),
                .init(size: 100_000, key: "waypointPath", isHits: true, nanoseconds: [700, 1_100]),
            ], simulation: [])
        #expect(report.added("cSegmentTrie", size: 100_000, isHits: true) == [200, 280])
        #expect(report.added("waypointPath", size: 100_000, isHits: true) == [300, 600])
        #expect(report.added("waypointPath", size: 100_000, isHits: false) == nil)
        // 300/200 and 600/280: the median of two is their mean.
        #expect(report.text.contains("1.82 [1.50, 2.14]"))
    }

    @Test("the cache children run the hits in the order the timed runs do")
    func childOrder() throws {
        let corpus = RESTCorpus.corpus(count: 50, seed: 3, baseURL: "https://example.com")
        var random = SplitMix64(seed: MeasurementPlan().orderSeed)
        let timedOrder = corpus.hits.shuffled(using: &random).map(\.path)
        #expect(CacheChild.ordered(corpus).hits.map(\.path) == timedOrder)
        #expect(timedOrder != corpus.hits.map(\.path))
    }
}
