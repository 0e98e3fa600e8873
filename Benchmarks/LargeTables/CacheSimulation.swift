import Foundation
import Waypoint

/// The simulated half of `--cache-report`: cache misses per lookup under callgrind's cache
/// simulator, counting only ``waypointBenchTimedLoop(_:passes:)`` as `--instructions` does,
/// at two last-level geometries, so that a table that outgrows a core's L2 shows apart from
/// one that outgrows the L3.
///
/// callgrind simulates two levels: a first-level data cache and one last level. The
/// geometries are fixed rather than read from the host, so that the figures are the same on
/// every machine: a 32 KiB, 8-way first level (what x86 cores have), and as the last level
/// either a 512 KiB, 8-way L2 or a 32 MiB, 16-way L3 (an AMD Zen 3 core and its CCX's L3).
///
/// Each child (this executable with `--cache-child`) builds one corpus, verifies every
/// answer, runs one pass outside the counted loop (so the counted passes start warm, as
/// every timed run but the first does) and then the counted passes, over the lookups in the
/// shuffled order ``TimedSeries`` times them in: lookups in route order would share trie
/// prefixes from one to the next and flatter a large table.
struct CacheSimulation {
    /// A simulated cache, as valgrind's `--D1`/`--LL` take it.
    struct Geometry: Codable, Equatable {
        var name: String
        /// Bytes, ways, line bytes.
        var size: Int
        var ways: Int
        var line: Int

        var valgrindValue: String { "\(size),\(ways),\(line)" }
    }

    static let firstLevel = Geometry(name: "D1", size: 32 << 10, ways: 8, line: 64)
    static let lastLevels = [
        Geometry(name: "L2", size: 512 << 10, ways: 8, line: 64),
        Geometry(name: "L3", size: 32 << 20, ways: 16, line: 64),
    ]

    /// Counts per lookup of one contender on one set of one corpus at one last level.
    struct Counts: Codable {
        var size: Int
        var key: String
        var isHits: Bool
        var lastLevel: String
        var lookups: Int
        /// Instructions (Ir) per lookup.
        var instructions: Double
        /// First-level data misses (reads and writes) per lookup.
        var firstLevelDataMisses: Double
        /// Last-level data misses (reads and writes) per lookup.
        var lastLevelDataMisses: Double
        /// Last-level instruction misses per lookup.
        var lastLevelInstructionMisses: Double
    }

    /// One child's arguments: the corpus (as `--instructions` makes it alone) and the spec.
    let corpora: [(size: Int, arguments: [String])]
    let keys: [String]
    let passes: Int
    /// Where to keep each child's callgrind output (for `callgrind_annotate`), or nil.
    let outputDirectory: String?
    let log: (String) -> Void

    func run() throws -> [Counts] {
        let executable = try InstructionBenchmark.strippedCopy()
        defer { try? FileManager.default.removeItem(atPath: executable) }
        if let outputDirectory {
            try FileManager.default.createDirectory(
                atPath: outputDirectory, withIntermediateDirectories: true)
        }
        var results: [Counts] = []
        for corpus in corpora {
            for key in keys {
                for lastLevel in Self.lastLevels {
                    let spec = "\(key):hits"
                    log("rest-\(corpus.size): callgrind --cache-sim, \(spec), LL \(lastLevel.name)")
                    results.append(
                        try simulate(
                            executable, size: corpus.size, key: key, lastLevel: lastLevel,
                            childArguments: corpus.arguments + ["--cache-child", spec]))
                }
            }
        }
        return results
    }

    /// Runs one child under callgrind with the cache simulator and reads its counts.
    private func simulate(
        _ executable: String, size: Int, key: String, lastLevel: Geometry, childArguments: [String]
    ) throws -> Counts {
        let name = "callgrind.rest-\(size).\(key).hits.\(lastLevel.name).out"
        let output =
            outputDirectory.map { URL(fileURLWithPath: $0).appendingPathComponent(name).path }
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("waypoint-cachesim-\(ProcessInfo.processInfo.processIdentifier).out").path
        defer { if outputDirectory == nil { try? FileManager.default.removeItem(atPath: output) } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "valgrind", "--tool=callgrind", "--instr-atstart=no",
                "--toggle-collect=waypoint_bench_timed_loop", "--callgrind-out-file=\(output)",
                "--cache-sim=yes",
                "--I1=\(Self.firstLevel.valgrindValue)", "--D1=\(Self.firstLevel.valgrindValue)",
                "--LL=\(lastLevel.valgrindValue)", executable,
            ] + childArguments + ["--passes", String(passes)]
        let errors = Pipe()
        let input = Pipe()
        process.standardError = errors
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw BenchmarkError.usage("cannot run valgrind (is it installed?): \(error)")
        }
        // The child builds and verifies without instrumentation, which runs it many times
        // faster, says `ready` and waits; instrumentation is switched on (through valgrind's
        // gdbserver) before its warm-up pass, so that the counted passes find the caches
        // as that pass left them.
        var data = Data()
        var released = false
        while case let chunk = errors.fileHandleForReading.availableData, !chunk.isEmpty {
            data.append(chunk)
            if !released, String(decoding: data, as: UTF8.self).contains("\nready\n") {
                released = true
                try Self.switchInstrumentationOn(pid: process.processIdentifier)
                input.fileHandleForWriting.write(Data("go\n".utf8))
                try? input.fileHandleForWriting.close()
            }
        }
        try? input.fileHandleForWriting.close()
        let text = String(decoding: data, as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, released else {
            let lines = text.split(separator: "\n").filter { !$0.hasPrefix("==") }
            throw BenchmarkError.usage(
                "the callgrind child \(childArguments.joined(separator: " ")) failed: "
                    + lines.suffix(5).joined(separator: "\n"))
        }
        guard let lookupsLine = text.split(separator: "\n").first(where: { $0.hasPrefix("lookups: ") }),
            let lookups = Int(lookupsLine.dropFirst("lookups: ".count)), lookups > 0
        else {
            throw BenchmarkError.usage("the callgrind child did not say how many lookups it ran")
        }
        let events = try InstructionBenchmark.totals(ofCallgrindFile: output)
        let per = Double(lookups * passes)
        func sum(_ names: String...) -> Double { Double(names.reduce(0) { $0 + (events[$1] ?? 0) }) / per }
        guard events["Ir"] != nil, events["D1mr"] != nil else {
            throw BenchmarkError.usage("no Ir or D1mr count in \(output)")
        }
        return Counts(
            size: size, key: key, isHits: true, lastLevel: lastLevel.name, lookups: lookups,
            instructions: sum("Ir"), firstLevelDataMisses: sum("D1mr", "D1mw"),
            lastLevelDataMisses: sum("DLmr", "DLmw"), lastLevelInstructionMisses: sum("ILmr"))
    }
}

extension CacheSimulation {
    /// Switches callgrind's instrumentation on in the process `pid`, which waits on a read.
    static func switchInstrumentationOn(pid: Int32) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["vgdb", "--pid=\(pid)", "instrumentation", "on"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { throw BenchmarkError.usage("cannot run vgdb: \(error)") }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.usage("vgdb could not switch callgrind's instrumentation on: \(text)")
        }
    }
}

/// The child side of ``CacheSimulation``: ``InstructionChild`` over the corpus with its
/// lookups in the order ``TimedSeries`` times them in.
struct CacheChild {
    let child: InstructionChild

    /// Runs the child; it says `ready` on standard error before its warm-up pass and
    /// waits for a line on standard input (the parent switches instrumentation on then).
    func run(_ corpus: Corpus) throws {
        try child.run(Self.ordered(corpus)) {
            FileHandle.standardError.write(Data("ready\n".utf8))
            _ = readLine()
        }
    }

    /// `corpus` with its hits and its misses each shuffled as ``TimedSeries`` shuffles a set.
    static func ordered(_ corpus: Corpus, plan: MeasurementPlan = MeasurementPlan()) -> Corpus {
        func shuffled(_ set: [Lookup]) -> [Lookup] {
            var random = SplitMix64(seed: plan.orderSeed)
            return set.shuffled(using: &random)
        }
        return Corpus(
            name: corpus.name, family: corpus.family, routes: corpus.routes, hits: shuffled(corpus.hits),
            misses: shuffled(corpus.misses), isPathOnly: corpus.isPathOnly)
    }
}
