import Foundation

/// `waypoint-bench`: builds the corpora, runs every contender on each, and prints the
/// table (or JSON) and, when asked, the scaling plot.
@main
struct WaypointBench {
    static func main() {
        do {
            let options = try BenchmarkOptions.parse(Array(CommandLine.arguments.dropFirst()))
            if options.help {
                print(BenchmarkOptions.usage)
                return
            }
            try run(options)
        } catch {
            FileHandle.standardError.write(Data("waypoint-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(_ options: BenchmarkOptions) throws {
        #if DEBUG
            log("warning: a debug build; run `swift run -c release waypoint-bench` for real figures")
        #endif
        if options.regexBudget {
            print(try RegexBudgetBenchmark().run(log: log).joined(separator: "\n"))
            return
        }
        if !AllocationCounter.isWorking { log("allocation counting is not available here; shown as n/a") }
        var corpora: [() throws -> Corpus] = []
        if let routes = options.routesFile, let lookups = options.lookupsFile {
            corpora.append {
                try FileCorpus.load(
                    routes: routes, lookups: lookups, misses: options.missesFile, baseURL: options.baseURL)
            }
        } else {
            for size in options.sizes {
                corpora.append {
                    RESTCorpus.corpus(count: size, seed: options.seed, baseURL: options.baseURL)
                }
            }
            for size in options.appSizes {
                corpora.append { try AppCorpus.corpus(count: size, seed: options.seed) }
            }
        }
        var reports: [CorpusReport] = []
        for make in corpora {
            // Each corpus is built, measured and released before the next one.
            let corpus = try make()
            let benchmark = CorpusBenchmark(
                corpus: corpus, plan: options.plan, selected: options.contenders, log: log)
            reports.append(try benchmark.run())
        }
        let report = BenchmarkReport(
            machine: .current, runs: options.plan.runs, runMilliseconds: options.plan.runSeconds * 1e3,
            seed: options.seed, quick: options.quick, corpora: reports)
        let table = TextReport(report: report).text + "\n"
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            FileHandle.standardOutput.write(try encoder.encode(report) + Data("\n".utf8))
            FileHandle.standardError.write(Data(table.utf8))
        } else {
            print(table, terminator: "")
        }
        if let plotFile = options.plotFile {
            guard let svg = ScalingPlot(report: report).svg else {
                throw BenchmarkError.usage("--plot needs at least two REST corpus sizes")
            }
            try svg.write(toFile: plotFile, atomically: true, encoding: .utf8)
            log("wrote \(plotFile)")
        }
    }

    /// A progress line on standard error.
    static func log(_ message: String) {
        FileHandle.standardError.write(Data("[waypoint-bench] \(message)\n".utf8))
    }
}
