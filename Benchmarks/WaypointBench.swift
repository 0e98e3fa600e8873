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

    /// The corpora `options` name, each with the arguments that make it alone (for the
    /// callgrind children of `--instructions`).
    static func corpora(
        _ options: BenchmarkOptions
    ) -> [(make: () throws -> Corpus, name: String, arguments: [String])] {
        let common = ["--seed", String(options.seed), "--base-url", options.baseURL]
        if let routes = options.routesFile, let lookups = options.lookupsFile {
            var arguments = ["--routes", routes, "--lookups", lookups] + common
            if let misses = options.missesFile { arguments += ["--misses", misses] }
            let name = URL(fileURLWithPath: routes).deletingPathExtension().lastPathComponent
            return [
                (
                    {
                        try FileCorpus.load(
                            routes: routes, lookups: lookups, misses: options.missesFile,
                            baseURL: options.baseURL)
                    }, name, arguments
                )
            ]
        }
        var corpora: [(make: () throws -> Corpus, name: String, arguments: [String])] = []
        for size in options.sizes {
            corpora.append(
                (
                    { RESTCorpus.corpus(count: size, seed: options.seed, baseURL: options.baseURL) },
                    "rest-\(size)",
                    ["--sizes", String(size), "--app-sizes", "0", "--regex-sizes", "0"] + common
                ))
        }
        for size in options.appSizes {
            corpora.append(
                (
                    { try AppCorpus.corpus(count: size, seed: options.seed) }, "app-\(size)",
                    ["--sizes", "0", "--app-sizes", String(size), "--regex-sizes", "0"] + common
                ))
        }
        for size in options.regexSizes {
            corpora.append(
                (
                    { try RegexCorpus.corpus(count: size, seed: options.seed) }, "regex-\(size)",
                    ["--sizes", "0", "--app-sizes", "0", "--regex-sizes", String(size)] + common
                ))
        }
        return corpora
    }

    static func run(_ options: BenchmarkOptions) throws {
        #if DEBUG
            log("warning: a debug build; run `swift run -c release waypoint-bench` for real figures")
        #endif
        if options.jsonDecoding {
            // Unbuffered, so that each line is seen when its document is measured.
            let benchmark = JSONDecodingBenchmark(
                runs: options.jsonDecodingRuns ?? 7, documents: options.jsonDocuments)
            try benchmark.run { line in
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
            return
        }
        if options.dateParsing {
            try DateParsingBenchmark(runs: options.jsonDecodingRuns ?? 7).run { print($0) }
            return
        }
        if let spec = options.regexBudgetChild {
            try RegexBudgetBenchmark.runChild(
                spec, count: RegexBudgetBenchmark().catastrophicCount, passes: options.passes)
            return
        }
        if let spec = options.registrationChild {
            try OneByOneRegistrationBenchmark.runChild(spec: spec, seed: options.seed)
            return
        }
        if let count = options.registrationCount {
            let benchmark = OneByOneRegistrationBenchmark(
                count: count, rounds: options.plan.runs, seed: options.seed, log: log)
            print(try benchmark.run().joined(separator: "\n"))
            return
        }
        if options.regexBudget {
            let benchmark = RegexBudgetBenchmark()
            let lines =
                try options.instructions ? benchmark.countInstructions(log: log) : benchmark.run(log: log)
            print(lines.joined(separator: "\n"))
            return
        }
        if let spec = options.callgrindChild {
            let child = try InstructionChild(spec: spec, passes: options.passes)
            guard let corpus = corpora(options).first else {
                throw BenchmarkError.usage("no corpus for the child")
            }
            try child.run(try corpus.make())
            return
        }
        if options.instructions {
            try runInstructions(options)
            return
        }
        if let spec = options.cacheChild {
            let child = CacheChild(child: try InstructionChild(spec: spec, passes: options.passes))
            guard let corpus = corpora(options).first else {
                throw BenchmarkError.usage("no corpus for the child")
            }
            try child.run(try corpus.make())
            return
        }
        if options.cacheReport != nil {
            try runLargeTableReport(options)
            return
        }
        if !AllocationCounter.isWorking { log("allocation counting is not available here; shown as n/a") }
        let corpora = corpora(options).map(\.make)
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

    /// `--instructions`: the counts, the table (or JSON) and the gate.
    static func runInstructions(_ options: BenchmarkOptions) throws {
        var selected = options.contenders.intersection(InstructionBenchmark.keys)
        if !options.explicitContenders {
            selected.subtract(InstructionBenchmark.scanKeys)
            selected.formUnion(["waypointStack", "waypointStackTop", "waypointStackMachinery"])
        }
        // Without the floor there is no ratio to report or gate.
        selected.insert("cSegmentTrie")
        let benchmark = InstructionBenchmark(
            corpora: corpora(options).map { ($0.name, $0.arguments) }, selected: selected,
            passes: options.passes,
            cacheSimulation: options.cacheSimulation, log: log)
        let report = try benchmark.run()
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            FileHandle.standardOutput.write(try encoder.encode(report) + Data("\n".utf8))
            FileHandle.standardError.write(Data((report.text + "\n").utf8))
        } else {
            print(report.text)
        }
        guard let gate = options.gate else { return }
        let failures = gate.failures(in: report)
        guard failures.isEmpty else {
            throw BenchmarkError.usage(
                "the instruction gate failed:\n  " + failures.joined(separator: "\n  "))
        }
        log("the instruction gate passed")
    }

    /// A progress line on standard error.
    static func log(_ message: String) {
        FileHandle.standardError.write(Data("[waypoint-bench] \(message)\n".utf8))
    }
}
