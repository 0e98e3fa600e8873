import CMallocCounter
import Foundation
import Testing

@testable import waypoint_bench

/// The measuring and reporting parts: allocation counting, summaries, formatting, the
/// plot and the command line.
@Suite("Benchmark measurement and output")
struct MeasurementTests {
    #if os(Linux)
        @Test("allocations are counted on Linux, exactly (except under sanitizers)")
        func counting() {
            guard waypoint_malloc_counter_is_available() else { return }
            #expect(AllocationCounter.isWorking)
            let count = AllocationCounter.count {
                let pointer = UnsafeMutableRawPointer.allocate(byteCount: 100, alignment: 8)
                pointer.deallocate()
            }
            #expect(count == 1)
            #expect(AllocationCounter.count {} == 0)
        }
    #endif

    @Test("summaries take the median, minimum and maximum")
    func summary() {
        let odd = Summary([5, 1, 3])
        #expect((odd.median, odd.min, odd.max) == (3, 1, 5))
        let even = Summary([4, 1, 3, 10])
        #expect((even.median, even.min, even.max) == (3.5, 1, 10))
        #expect(Summary([2, 4]).scaled(by: 10).median == 30)
    }

    @Test("numbers are formatted for the table")
    func formatting() {
        #expect(TextReport.integer(1_234_567) == "1,234,567")
        #expect(TextReport.integer(999) == "999")
        #expect(TextReport.fixed(1.05, 2) == "1.05")
        #expect(TextReport.fixed(0.5, 2) == "0.50")
        #expect(TextReport.number(85.44) == "85.4")
        #expect(TextReport.number(12_345.6) == "12,346")
    }

    @Test("the plot draws a line per contender on log axes")
    func plot() throws {
        func corpus(_ routes: Int, _ nanoseconds: Double) -> CorpusReport {
            let set = SetReport(
                lookups: routes, timed: routes, passesPerRun: 1, nanosecondsPerMatch: Summary([nanoseconds]),
                matchesPerSecond: 1e9 / nanoseconds, ratioToBaseline: nil, allocationsPerMatch: 1)
            return CorpusReport(
                name: "rest-\(routes)", family: .rest, routes: routes, hits: routes, misses: routes,
                baseline: "waypointPath",
                registration: RegistrationReport(
                    bulkMilliseconds: Summary([1]), bulkRepetitions: 1, oneByOneMilliseconds: nil,
                    heapBytesPerRoute: nil, residentBytesPerRoute: nil),
                contenders: [
                    ContenderReport(key: "waypointPath", name: "Waypoint path", hits: set, misses: set),
                    ContenderReport(key: "pcre2Scan", name: "PCRE2 scan", hits: set, misses: nil),
                ])
        }
        let machine = MachineInfo(
            system: "test", processor: "cpu", cores: 2, build: "release", countsAllocations: true)
        let report = BenchmarkReport(
            machine: machine, runs: 11, runMilliseconds: 100, seed: 1, quick: false,
            corpora: [corpus(10, 50), corpus(1_000, 70), corpus(100_000, 90)])
        let svg = try #require(ScalingPlot(report: report).svg)
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 3, "two hit lines, one miss line")
        #expect(svg.contains(">100k<") && svg.contains(">10 ns<") && svg.contains(">100 ns<"))
        #expect(
            ScalingPlot(
                report: BenchmarkReport(
                    machine: machine, runs: 1, runMilliseconds: 1, seed: 1, quick: true,
                    corpora: [corpus(10, 5)])
            ).svg == nil)
    }

    @Test("the command line")
    func options() throws {
        let quick = try BenchmarkOptions.parse(["--quick"])
        #expect(quick.sizes == [10, 100, 1_000])
        #expect(quick.plan.runs == 3)
        let custom = try BenchmarkOptions.parse(["--quick", "--runs", "5", "--sizes", "10,100_000", "--json"])
        #expect(custom.plan.runs == 5)
        #expect(custom.sizes == [10, 100_000])
        #expect(custom.json)
        #expect(try BenchmarkOptions.parse(["--app-sizes", "0"]).appSizes.isEmpty)
        #expect(
            try BenchmarkOptions.parse(["--contenders", "path,pcre2"]).contenders == [
                "waypointPath", "pcre2Scan",
            ])
        for bad in [
            ["--runs"], ["--runs", "0"], ["--bogus"], ["--routes", "r.txt"], ["--contenders", "re2"],
        ] {
            #expect(throws: BenchmarkError.self, "\(bad)") { try BenchmarkOptions.parse(bad) }
        }
        let budget = try BenchmarkOptions.parse(["--regex-budget", "--instructions"])
        #expect(budget.regexBudget && budget.instructions)
        #expect(
            try BenchmarkOptions.parse(["--regex-budget-child", "distinct:28"]).regexBudgetChild
                == "distinct:28")
    }

    /// The children of `--regex-budget --instructions` check their answer before they count:
    /// a hostile URL that the table matched, or a reference the last route did not win,
    /// would be a count of the wrong work. Run on small tables (the counted loop runs too,
    /// outside callgrind).
    @Test("the regex-budget children verify their table and refuse an unknown one")
    func regexBudgetChildren() throws {
        try RegexBudgetBenchmark.runChild("reference", count: 50, passes: 2)
        try RegexBudgetBenchmark.runChild("distinct:28", count: 50, passes: 2)
        for bad in ["distinct:0", "distinct:x", "one-pattern:12", ""] {
            #expect(throws: BenchmarkError.self, "\(bad)") {
                try RegexBudgetBenchmark.runChild(bad, count: 50, passes: 1)
            }
        }
    }
}
