import Foundation

/// `--instructions`: counts the instructions each contender executes per lookup, under
/// callgrind, counting only ``waypointBenchTimedLoop(_:passes:)``. Unlike times, the
/// counts do not depend on what else the machine runs, so they can gate CI.
///
/// Each contender and lookup set runs in its own child process (this executable with
/// `--callgrind-child`), which builds the same corpus and verifies every answer first.
struct InstructionBenchmark {
    /// The contender keys measured, in report order.
    static let keys = [
        "cSegmentTrie", "waypointPath", "waypointBorrowed", "waypointURL", "waypointURLValue",
        "waypointDispatch",
        "waypointDispatchString", "waypointDestination", "waypointStackTop", "waypointStack",
        "waypointStackMachinery", "pcre2Scan", "nsRegularExpressionScan", "swiftRegexScan",
    ]
    /// The linear scans among ``keys``, counted only when `--contenders` names them.
    static let scanKeys: Set<String> = ["pcre2Scan", "nsRegularExpressionScan", "swiftRegexScan"]

    /// The corpora, each as the command-line arguments that make it alone.
    let corpora: [(name: String, arguments: [String])]
    let selected: Set<String>
    let passes: Int
    /// Whether to simulate the caches (`--cache-sim=yes`) and report their misses.
    let cacheSimulation: Bool
    let log: (String) -> Void

    func run() throws -> InstructionReport {
        let executable = try Self.strippedCopy()
        defer { try? FileManager.default.removeItem(atPath: executable) }
        var reports: [InstructionReport.Corpus] = []
        for corpus in corpora {
            var contenders: [InstructionReport.Contender] = []
            for key in Self.keys where selected.contains(key) {
                var sets: [Bool: InstructionReport.Counts] = [:]
                for isHits in [true, false] {
                    let spec = "\(key):\(isHits ? "hits" : "misses")"
                    log("\(corpus.name): callgrind \(spec)")
                    sets[isHits] = try count(executable, corpus.arguments + ["--callgrind-child", spec])
                }
                contenders.append(.init(key: key, hits: sets[true], misses: sets[false]))
            }
            reports.append(.init(name: corpus.name, contenders: contenders))
        }
        return InstructionReport(passes: passes, cacheSimulation: cacheSimulation, corpora: reports)
    }

    /// Runs one child under callgrind and reads its counts per lookup; nil when the set
    /// is empty (the child reports how many lookups it ran).
    ///
    /// Callgrind collects costs only inside the counted loop, but it counts calls from the
    /// start: the calls the child makes to reference counting and locks while it verifies
    /// its answers and warms up would add to the loop's (about 3 passes' worth to 10), and
    /// an arc that collected no cost is not written at all. So the child runs a second time
    /// with one counted pass, and the calls of that run are subtracted from the first's:
    /// what is left is the calls of `passes - 1` passes. `countingAtomicCalls: false` (or a
    /// single pass) leaves them out and saves that run.
    func count(
        _ executable: String, _ childArguments: [String], countingAtomicCalls: Bool = true
    ) throws
        -> InstructionReport.Counts?
    {
        let run = try callgrind(executable, childArguments, passes: passes)
        guard let lookups = run.lookups else { return nil }
        let per = Double(lookups * passes)
        func event(_ name: String) -> Double? { run.events[name].map { Double($0) / per } }
        guard let instructions = event("Ir") else {
            throw BenchmarkError.usage(
                "no Ir count in the callgrind output of \(childArguments.joined(separator: " "))")
        }
        var counts = InstructionReport.Counts(lookups: lookups, instructions: instructions)
        counts.allocations = run.allocations.map { Double($0) / Double(lookups) }
        if countingAtomicCalls && passes > 1 {
            let baseline = try callgrind(executable, childArguments, passes: 1)
            counts.atomicCalls =
                Double(max(0, run.atomicCalls - baseline.atomicCalls)) / Double(lookups * (passes - 1))
        }
        if cacheSimulation {
            counts.lastLevelMisses = (event("ILmr") ?? 0) + (event("DLmr") ?? 0) + (event("DLmw") ?? 0)
            counts.firstLevelDataMisses = (event("D1mr") ?? 0) + (event("D1mw") ?? 0)
        }
        return counts
    }

    /// What one callgrind run of a child reported.
    private struct ChildRun {
        /// The lookups of the set; nil when it is empty.
        var lookups: Int?
        /// The event totals, by name.
        var events: [String: UInt64] = [:]
        /// The allocations of the child's counted pass outside the loop, when counted.
        var allocations: Int?
        /// Calls to ``atomicFunctions`` over the whole run.
        var atomicCalls = 0
    }

    /// Runs one child under callgrind with `passes` counted passes.
    private func callgrind(_ executable: String, _ childArguments: [String], passes: Int) throws -> ChildRun {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("waypoint-callgrind-\(ProcessInfo.processInfo.processIdentifier).out")
            .path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "valgrind", "--tool=callgrind", "--toggle-collect=waypoint_bench_timed_loop",
                "--callgrind-out-file=\(output)", "--cache-sim=\(cacheSimulation ? "yes" : "no")",
                executable,
            ] + childArguments + ["--passes", String(passes)]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw BenchmarkError.usage("cannot run valgrind (is it installed?): \(error)")
        }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let lines = text.split(separator: "\n").filter { !$0.hasPrefix("==") }
            throw BenchmarkError.usage(
                "the callgrind child \(childArguments.joined(separator: " ")) failed: "
                    + lines.suffix(5).joined(separator: "\n"))
        }
        guard let lookupsLine = text.split(separator: "\n").first(where: { $0.hasPrefix("lookups: ") }),
            let lookups = Int(lookupsLine.dropFirst("lookups: ".count))
        else {
            throw BenchmarkError.usage("the callgrind child did not say how many lookups it ran")
        }
        guard lookups > 0 else { return ChildRun() }
        var run = ChildRun(lookups: lookups)
        run.events = try Self.totals(ofCallgrindFile: output)
        if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("allocations: ") }) {
            run.allocations = Int(line.dropFirst("allocations: ".count))
        }
        run.atomicCalls = try Self.atomicCalls(ofCallgrindFile: output)
        return run
    }

    /// A copy of this executable without its DWARF sections, in the temporary directory:
    /// valgrind 3.19 cannot read the DWARF 5 the Swift toolchain writes and gives up, while
    /// the symbol table it needs for `--toggle-collect` stays. The copy finds the Swift
    /// libraries through its absolute run path, as the original does.
    static func strippedCopy() throws -> String {
        guard let executable = Bundle.main.executablePath else {
            throw BenchmarkError.usage("cannot find this executable to run it under callgrind")
        }
        let copy = FileManager.default.temporaryDirectory
            .appendingPathComponent("waypoint-bench-callgrind-\(ProcessInfo.processInfo.processIdentifier)")
            .path
        try run(["objcopy", "--strip-debug", executable, copy], what: "objcopy (binutils)")
        return copy
    }

    /// Runs `arguments` through `env`; throws with its error output when it fails.
    private static func run(_ arguments: [String], what: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { throw BenchmarkError.usage("cannot run \(what): \(error)") }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.usage("\(what) failed: \(text)")
        }
    }

    /// The runtime functions whose every call makes an atomic read-modify-write (or two, for
    /// a lock and its unlock counted apart): Swift's reference counting and the locks.
    /// Inline atomics (the router's publication, ``Publication``) are not calls and are
    /// not counted here.
    static let atomicFunctions: Set<Substring> = [
        "swift_retain", "swift_release", "swift_retain_n", "swift_release_n",
        "swift_bridgeObjectRetain", "swift_bridgeObjectRelease", "swift_bridgeObjectRetain_n",
        "swift_bridgeObjectRelease_n", "swift_unknownObjectRetain", "swift_unknownObjectRelease",
        "swift_weakLoadStrong", "swift_unownedRetainStrong", "pthread_mutex_lock", "pthread_mutex_unlock",
        "os_unfair_lock_lock", "os_unfair_lock_unlock",
    ]

    /// How many calls the counted code made to ``atomicFunctions``, from the `calls=` lines
    /// of a callgrind output; calls those functions make to each other (a bridge object's
    /// retain calling `swift_retain`) count once.
    static func atomicCalls(ofCallgrindFile path: String) throws -> Int {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw BenchmarkError.usage("cannot read the callgrind output \(path): \(error)")
        }
        return atomicCalls(ofCallgrindText: text)
    }

    /// ``atomicCalls(ofCallgrindFile:)`` of the text of a callgrind output.
    static func atomicCalls(ofCallgrindText text: String) -> Int {
        // Names are compressed: `fn=(12) name` the first time, `fn=(12)` after.
        var names: [Substring: Substring] = [:]
        func function(_ value: Substring) -> Substring {
            guard value.hasPrefix("("), let close = value.firstIndex(of: ")") else { return value }
            let id = value[...close]
            let name = value[value.index(after: close)...].drop { $0 == " " }
            if !name.isEmpty { names[id] = name }
            return id
        }
        var caller: Substring = ""
        var callee: Substring = ""
        var calls: [(caller: Substring, callee: Substring, count: Int)] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("fn=") {
                caller = function(line.dropFirst(3))
            } else if line.hasPrefix("cfn=") {
                callee = function(line.dropFirst(4))
            } else if line.hasPrefix("calls=") {
                let count = line.dropFirst(6).prefix { $0 != " " }
                calls.append((caller, callee, Int(count) ?? 0))
            }
        }
        var total = 0
        for call in calls {
            guard let callee = names[call.callee], atomicFunctions.contains(callee) else { continue }
            if let caller = names[call.caller], atomicFunctions.contains(caller) { continue }
            total += call.count
        }
        return total
    }

    /// The event totals of a callgrind output file, by event name.
    static func totals(ofCallgrindFile path: String) throws -> [String: UInt64] {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw BenchmarkError.usage("cannot read the callgrind output \(path): \(error)")
        }
        return try totals(ofCallgrindText: text)
    }

    /// The event totals of a callgrind output, from its `events:` and `totals:` (or
    /// `summary:`) lines.
    static func totals(ofCallgrindText text: String) throws -> [String: UInt64] {
        var names: [Substring] = []
        var values: [Substring]?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("events:") {
                names = line.dropFirst("events:".count).split(separator: " ")
            } else if line.hasPrefix("totals:") || (values == nil && line.hasPrefix("summary:")) {
                values = line.drop { $0 != ":" }.dropFirst().split(separator: " ")
            }
        }
        guard let values, !names.isEmpty else {
            throw BenchmarkError.usage("a callgrind output without events and totals")
        }
        var result: [String: UInt64] = [:]
        for (index, name) in names.enumerated() {
            // Trailing events that are zero may be left out.
            result[String(name)] = index < values.count ? UInt64(values[index]) ?? 0 : 0
        }
        return result
    }
}
