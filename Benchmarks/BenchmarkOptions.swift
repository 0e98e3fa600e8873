/// The command line of `waypoint-bench`.
struct BenchmarkOptions {
    /// REST corpus sizes (corpus a).
    var sizes = [10, 100, 1_000, 10_000, 100_000]
    /// App corpus sizes (corpus b).
    var appSizes = [100, 1_000]
    /// Regex corpus sizes (corpus d).
    var regexSizes = [100]
    /// An external corpus (c); when given, only it runs.
    var routesFile: String?
    var lookupsFile: String?
    var missesFile: String?
    /// Put before path lookups to make the URLs of URL-based contenders.
    var baseURL = "https://example.com"
    var plan = MeasurementPlan()
    var seed: UInt64 = 20_240_501
    var quick = false
    var json = false
    var plotFile: String?
    /// The contenders to run; by default all but the Swift Regex scan, a candidate engine
    /// measured on request (`--contenders swiftregex,…`), and the stack contenders, which
    /// the instruction counts run by default (`--instructions`) and timing on request.
    var contenders: Set<String> = Set(Self.contenderKeys.values).subtracting(
        ["swiftRegexScan", "waypointStack", "waypointStackTop", "waypointStackMachinery"])
    /// Whether `--contenders` was given: with `--instructions`, the linear scans are
    /// counted only then.
    var explicitContenders = false
    var help = false
    /// `--instructions`: count instructions under callgrind instead of timing.
    var instructions = false
    /// With `--instructions`: simulate the caches too.
    var cacheSimulation = false
    /// With `--instructions`: the bounds that make the run fail.
    var gate: InstructionGate?
    /// With `--instructions`: passes over each set inside the counted loop.
    var passes = 10
    /// Internal: run one contender and set as a callgrind child (`KEY:hits`).
    var callgrindChild: String?
    /// Only the regex-budget measurement (``RegexBudgetBenchmark``).
    var regexBudget = false
    /// Internal: one child of `--regex-budget --instructions` (`reference` or `distinct:LENGTH`).
    var regexBudgetChild: String?
    /// Only the JSON decoding measurement (``JSONDecodingBenchmark``).
    var jsonDecoding = false
    /// With `--json-decoding` or `--date-parsing`: timed runs per measurement when `--runs`
    /// is given (else 7).
    var jsonDecodingRuns: Int?
    /// With `--json-decoding`: the documents to measure, by their place in the list (all
    /// when nil).
    var jsonDocuments: Set<Int>?
    /// Only the date reading and writing measurement (``DateParsingBenchmark``).
    var dateParsing = false
    /// `--registration N`: only one-at-a-time against bulk registration of N routes
    /// (``OneByOneRegistrationBenchmark``).
    var registrationCount: Int?
    /// Internal: one child of `--registration` (`face:shape:mode:count`).
    var registrationChild: String?
    /// `--cache-report`: what large tables cost (``LargeTableReport``): `time`, `sim` or `all`.
    var cacheReport: String?
    /// Internal: one child of the cache simulation (`KEY:hits`).
    var cacheChild: String?
    /// With `--cache-report`: where to keep the callgrind outputs.
    var callgrindOutputDirectory: String?

    /// Short names accepted by `--contenders`, and the keys they select.
    static let contenderKeys = [
        "path": "waypointPath", "borrow": "waypointBorrowed", "url": "waypointURL",
        "url-value": "waypointURLValue",
        "dispatch": "waypointDispatch", "destination": "waypointDestination", "pcre2": "pcre2Scan",
        "nsregex": "nsRegularExpressionScan", "c": "cSegmentTrie",
        "dispatch-string": "waypointDispatchString", "swiftregex": "swiftRegexScan", "stack": "waypointStack",
        "stack-top": "waypointStackTop", "stack-machinery": "waypointStackMachinery",
    ]

    static let usage = """
        USAGE: waypoint-bench [options]

        Times Waypoint's matcher against DeepLinkKit-style linear regex scans (PCRE2 JIT and
        NSRegularExpression) in one process. Every answer is verified before it is timed.
        Always run it in release: swift run -c release waypoint-bench

        Corpora:
          --sizes LIST          REST corpus sizes (default 10,100,1000,10000,100000)
          --app-sizes LIST      app-style DeepLinkKit corpus sizes (default 100,1000; 0 for none)
          --regex-sizes LIST    regex-heavy corpus sizes: regex tails and hosts (default 100; 0 for
                                none; with --instructions, none unless given)
          --routes FILE         external routes, one per line; runs only this corpus
          --lookups FILE        paths or URLs that match, one per line (with --routes)
          --misses FILE         paths or URLs that match nothing (optional)
          --base-url URL        prefix that makes URLs of path lookups (default https://example.com)
          --seed N              corpus seed (default 20240501)

        Measurement:
          --runs N              timed runs per measurement (default 11)
          --run-ms MS           target duration of one run (default 100)
          --contenders LIST     among c,path,borrow,url,url-value,dispatch,dispatch-string,destination,
                                stack,stack-top,stack-machinery,pcre2,nsregex,swiftregex
                                (default all but swiftregex and the stack ones; the baseline
                                always runs)
          --one-by-one-max N    largest table registered one route at a time (default 10000)
          --regex-budget        only the per-lookup regex budget: misses with 1, 100 and 10000
                                regex tails; the worst of 10000 catastrophic tails against the
                                last of 10000 ordinary tails, in 5 interleaved rounds on the
                                thread's CPU clock; the unbounded tables (UInt32.max) once.
                                With --instructions: the reference and the distinct catastrophic
                                tails counted under callgrind instead (valgrind)
          --json-decoding       only JSONValue through JSONDecoder against JSONValue(parsing:):
                                511-deep chains, 480 KB of small objects, 40,000 values of
                                alternating kinds deep down and flat, as ratios (7 runs unless
                                --runs)
          --json-documents LIST with --json-decoding: only these documents, numbered from 1
          --date-parsing        only ISO 8601 dates read and written by Waypoint against
                                Foundation's ISO8601DateFormatter and ISO8601FormatStyle
          --registration [N]    only registration of N routes (default 10000) one at a time,
                                and registered again one at a time, against one bulk call,
                                both faces (Router with handlers, DestinationRouter with
                                builders and printers), flat (/r/i/:id) and REST routes: CPU
                                time and peak RSS growth, each in a child process, --runs
                                rounds (default 3)
          --quick               CI: sizes 10,100,1000, app 100, 3 runs of ~10 ms
          --cache-report [time|sim|all]
                                only what a large table adds per hit (default REST sizes
                                100,100000; contenders c,path): time per lookup of every size
                                and contender interleaved in one process (time), and D1 and
                                last-level misses per hit under callgrind's cache simulator,
                                with a 512 KiB L2 and a 32 MiB L3 as the last level (sim)
          --callgrind-out DIR   with --cache-report: keep each callgrind output in DIR

        Output:
          --json                JSON on standard output (the table goes to standard error)
          --plot FILE.svg       ns per match against route count, log-log, every contender
          --help                this text

        Instructions (valgrind):
          --instructions        count instructions per lookup under callgrind instead of timing,
                                counting only the timed loop; contenders c,path,url,dispatch
                                (default REST size 100 only)
          --cache-sim           with --instructions: also simulated cache misses per lookup
          --passes N            with --instructions: passes over each set counted (default 10)
          --gate LIST           with --instructions: fail when a count exceeds a bound, as in
                                path-hit=1000,path-miss=700,url-hit=1200,c-ratio=2.5 (and
                                allocations=0: heap allocations per hit of path, url, dispatch;
                                stack-ratio=1.5: stack(for:) less its parents' builders over
                                destination(for:) of the same URLs, on hits whose route has
                                two parents)
        """

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws -> BenchmarkOptions {
        var options = BenchmarkOptions()
        var explicitSizes = false
        var explicitAppSizes = false
        var explicitRegexSizes = false
        var explicitRuns = false
        var explicitRunTime = false
        var explicitPasses = false
        var remaining = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = remaining.popFirst() else { throw BenchmarkError.usage("\(flag) needs a value") }
            return next
        }
        func integers(_ flag: String) throws -> [Int] {
            let text = try value(flag)
            let parsed = text.split(separator: ",").map { Int($0.filter { $0 != "_" }) }
            guard !parsed.isEmpty, parsed.allSatisfy({ ($0 ?? -1) >= 0 }) else {
                throw BenchmarkError.usage(
                    "\(flag) takes non-negative integers separated by commas, not \(text)")
            }
            return parsed.compactMap { $0 }.filter { $0 > 0 }
        }
        func integer(_ flag: String, minimum: Int) throws -> Int {
            let text = try value(flag)
            guard let parsed = Int(text), parsed >= minimum else {
                throw BenchmarkError.usage("\(flag) takes an integer of at least \(minimum), not \(text)")
            }
            return parsed
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--sizes":
                options.sizes = try integers(argument)
                explicitSizes = true
            case "--app-sizes":
                options.appSizes = try integers(argument)
                explicitAppSizes = true
            case "--regex-sizes":
                options.regexSizes = try integers(argument)
                explicitRegexSizes = true
            case "--routes": options.routesFile = try value(argument)
            case "--lookups": options.lookupsFile = try value(argument)
            case "--misses": options.missesFile = try value(argument)
            case "--base-url": options.baseURL = try value(argument)
            case "--seed": options.seed = UInt64(try integer(argument, minimum: 0))
            case "--runs":
                options.plan.runs = try integer(argument, minimum: 1)
                options.jsonDecodingRuns = options.plan.runs
                explicitRuns = true
            case "--run-ms":
                options.plan.runSeconds = Double(try integer(argument, minimum: 1)) / 1e3
                explicitRunTime = true
            case "--one-by-one-max": options.plan.oneByOneLimit = try integer(argument, minimum: 0)
            case "--contenders":
                let names = try value(argument).split(separator: ",").map(String.init)
                if let unknown = names.first(where: { contenderKeys[$0] == nil }) {
                    throw BenchmarkError.usage(
                        "unknown contender \(unknown); use c,path,borrow,url,dispatch,dispatch-string,destination,"
                            + "pcre2,nsregex,swiftregex")
                }
                options.contenders = Set(names.compactMap { contenderKeys[$0] })
                options.explicitContenders = true
            case "--quick": options.quick = true
            case "--regex-budget": options.regexBudget = true
            case "--regex-budget-child": options.regexBudgetChild = try value(argument)
            case "--json-decoding": options.jsonDecoding = true
            case "--json-documents": options.jsonDocuments = Set(try integers(argument).map { $0 - 1 })
            case "--date-parsing": options.dateParsing = true
            case "--registration":
                options.registrationCount = 10_000
                if let next = remaining.first, let count = Int(next), count > 0 {
                    options.registrationCount = count
                    remaining.removeFirst()
                }
            case "--registration-child": options.registrationChild = try value(argument)
            case "--json": options.json = true
            case "--plot": options.plotFile = try value(argument)
            case "--help", "-h": options.help = true
            case "--instructions": options.instructions = true
            case "--cache-sim": options.cacheSimulation = true
            case "--gate": options.gate = try InstructionGate(try value(argument))
            case "--passes":
                options.passes = try integer(argument, minimum: 1)
                explicitPasses = true
            case "--callgrind-child": options.callgrindChild = try value(argument)
            case "--cache-report":
                let parts = ["time", "sim", "all"]
                if let next = remaining.first, parts.contains(next) {
                    options.cacheReport = remaining.removeFirst()
                } else {
                    options.cacheReport = "all"
                }
            case "--cache-child": options.cacheChild = try value(argument)
            case "--callgrind-out": options.callgrindOutputDirectory = try value(argument)
            default: throw BenchmarkError.usage("unknown argument \(argument); see --help")
            }
        }
        if options.quick {
            if !explicitSizes { options.sizes = [10, 100, 1_000] }
            if !explicitAppSizes { options.appSizes = [100] }
            if !explicitRuns { options.plan.runs = 3 }
            if !explicitRunTime { options.plan.runSeconds = 0.01 }
            options.plan.minimumSample = 4
            options.plan.bulkRepetitions = { _ in 3 }
            options.plan.oneByOneLimit = min(options.plan.oneByOneLimit, 1_000)
            options.plan.cycles = 11
        }
        if options.registrationCount != nil && !explicitRuns { options.plan.runs = 3 }
        if options.cacheReport != nil {
            if !explicitSizes { options.sizes = [100, 100_000] }
            if !explicitAppSizes { options.appSizes = [] }
            if !explicitRuns { options.plan.runs = 15 }
            if !explicitPasses { options.passes = 3 }
            if !options.explicitContenders { options.contenders = ["cSegmentTrie", "waypointPath"] }
        } else if options.callgrindOutputDirectory != nil {
            throw BenchmarkError.usage("--callgrind-out goes with --cache-report")
        }
        if options.instructions || options.callgrindChild != nil || options.cacheChild != nil {
            if !explicitSizes { options.sizes = options.routesFile == nil ? [100] : [] }
            if !explicitAppSizes { options.appSizes = [] }
            if !explicitRegexSizes { options.regexSizes = [] }
        } else if options.cacheSimulation || options.gate != nil {
            throw BenchmarkError.usage("--cache-sim and --gate go with --instructions")
        }
        if (options.routesFile == nil) != (options.lookupsFile == nil) {
            throw BenchmarkError.usage("--routes and --lookups go together")
        }
        if options.missesFile != nil && options.routesFile == nil {
            throw BenchmarkError.usage("--misses needs --routes and --lookups")
        }
        return options
    }
}
