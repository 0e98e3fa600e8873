import Testing
import Waypoint

@testable import waypoint_bench

/// The C floor contender, the parsing of callgrind's output and the instruction gate.
@Suite("Benchmark instruction counts and the C floor")
struct InstructionTests {
    @Test("the C segment trie answers the REST corpus like the expected answers")
    func floorAgrees() async throws {
        let disagreements = try await offCooperativePool {
            let corpus = RESTCorpus.corpus(count: 300, seed: 11, baseURL: "https://example.com")
            let contender = try CSegmentTrieContender(routes: corpus.routes)
            var wrong = (corpus.hits + corpus.misses).filter { contender.answer($0) != $0.expected }.map(
                \.path)
            if contender.pass(over: corpus.hits)() != Answer.checksum(of: corpus.hits.map(\.expected)) {
                wrong.append("checksum")
            }
            return wrong
        }
        #expect(disagreements.isEmpty)
    }

    struct FloorCase: Sendable, CustomTestStringConvertible {
        let routes: [String]
        let path: String
        let expected: Answer?
        var testDescription: String { "\(path) in \(routes)" }
    }

    @Test(
        "the C trie prefers static segments and backtracks to parameters",
        arguments: [
            FloorCase(
                routes: ["/a/:x/c", "/a/b/d"], path: "/a/b/c",
                expected: Answer(priority: 0, parameters: ["x": "b"])),
            FloorCase(
                routes: ["/a/:x", "/a/b"], path: "/a/b", expected: Answer(priority: 1, parameters: [:])),
            FloorCase(
                routes: ["/a/:x", "/a/b"], path: "/a/b/", expected: Answer(priority: 1, parameters: [:])),
            FloorCase(routes: ["/a/:x"], path: "/a//", expected: nil),
            FloorCase(routes: ["/", "/a"], path: "/", expected: Answer(priority: 0, parameters: [:])),
            FloorCase(
                routes: ["/:a/:b/:c/:d"], path: "/1/22/333/4444",
                expected: Answer(priority: 0, parameters: ["a": "1", "b": "22", "c": "333", "d": "4444"])),
        ])
    func floorCases(_ test: FloorCase) throws {
        let contender = try CSegmentTrieContender(routes: test.routes)
        #expect(contender.answer(Lookup(url: "", path: test.path, expected: nil)) == test.expected)
    }

    @Test(
        "the C trie refuses routes it cannot hold", arguments: ["/a/:id([0-9]+)", "/a/**", "host/a", "/a/*"])
    func floorRefuses(_ route: String) {
        #expect(throws: ScanError.self) { try CSegmentTrieContender(routes: [route]) }
    }

    @Test("callgrind totals are read by event name")
    func totals() throws {
        let text = """
            version: 1
            events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
            fn=(1) main
            3 4
            summary: 100 1 2 3 4 5 6 7
            totals: 967602 10 20 30 40 50 60 70 80
            """
        let totals = try InstructionBenchmark.totals(ofCallgrindText: text)
        #expect(totals["Ir"] == 967_602)
        #expect(totals["DLmw"] == 80)
        #expect(try InstructionBenchmark.totals(ofCallgrindText: "events: Ir\nsummary: 5\n") == ["Ir": 5])
        #expect(throws: BenchmarkError.self) {
            try InstructionBenchmark.totals(ofCallgrindText: "events: Ir\n")
        }
    }

    @Test("atomic calls count the reference counting and locks the counted code calls, nested ones once")
    func atomicCalls() {
        let text = """
            events: Ir
            fn=(1) loop
            cfn=(2) swift_retain
            calls=3 0
            5 30
            cfn=(3) swift_bridgeObjectRelease
            calls=2 0
            6 20
            cfn=(4) other
            calls=7 0
            7 70
            fn=(3)
            cfn=(5) swift_release
            calls=2 0
            8 10
            fn=(4)
            cfn=(6) pthread_mutex_lock
            calls=1 0
            9 10
            cfn=(2)
            calls=4 0
            9 10
            """
        // 3 + 2 from the loop, 1 + 4 from `other`; the bridge release's own release is
        // the same operation.
        #expect(InstructionBenchmark.atomicCalls(ofCallgrindText: text) == 10)
    }

    static func counts(_ value: Double) -> InstructionReport.Counts {
        .init(lookups: 10, instructions: value)
    }

    static func report(path: (Double, Double), floor: (Double, Double)) -> InstructionReport {
        InstructionReport(
            passes: 1, cacheSimulation: false,
            corpora: [
                .init(
                    name: "gh",
                    contenders: [
                        .init(key: "cSegmentTrie", hits: counts(floor.0), misses: counts(floor.1)),
                        .init(key: "waypointPath", hits: counts(path.0), misses: counts(path.1)),
                    ])
            ])
    }

    /// A report of one corpus with two contenders, given by key and hit counts; every miss
    /// costs one instruction. What a ratio gate reads.
    static func report(
        corpus: String, _ first: (key: String, hits: InstructionReport.Counts),
        _ second: (key: String, hits: InstructionReport.Counts)
    ) -> InstructionReport {
        InstructionReport(
            passes: 1, cacheSimulation: false,
            corpora: [
                .init(
                    name: corpus,
                    contenders: [
                        .init(key: first.key, hits: first.hits, misses: counts(1)),
                        .init(key: second.key, hits: second.hits, misses: counts(1)),
                    ])
            ])
    }

    @Test("the gate passes within its bounds and names every bound exceeded")
    func gate() throws {
        let gate = try InstructionGate("path-hit=1000,path-miss=700,c-ratio=2.5")
        #expect(gate.failures(in: Self.report(path: (900, 600), floor: (500, 400))).isEmpty)
        let failures = gate.failures(in: Self.report(path: (1_200, 600), floor: (400, 400)))
        #expect(
            failures == [
                "gh: waypointPath takes 1200 Ir per hit, above the gate's 1000",
                "gh: match(path:) takes 3.00x the C trie per hit, above the gate's 2.50x",
            ])
        // A bound on a contender that was not measured fails rather than passes.
        let url = try InstructionGate("url-hit=1200")
        #expect(
            url.failures(in: Self.report(path: (1, 1), floor: (1, 1))) == [
                "gh: waypointURL per hit was not measured"
            ])
    }

    @Test("destination-ratio bounds destination(for:) per hit over match(_:) on the same URL")
    func destinationRatio() throws {
        let gate = try InstructionGate("destination-ratio=1.3")
        func report(destination: Double, url: Double) -> InstructionReport {
            Self.report(
                corpus: "gh", ("waypointURLValue", Self.counts(url)),
                ("waypointDestination", Self.counts(destination)))
        }
        #expect(gate.failures(in: report(destination: 1_290, url: 1_000)).isEmpty)
        #expect(
            gate.failures(in: report(destination: 1_400, url: 1_000)) == [
                "gh: destination(for:) takes 1.40x match(_:) of the same URL per hit, above the gate's 1.30x"
            ])
        #expect(
            gate.failures(in: Self.report(path: (1, 1), floor: (1, 1))) == [
                "gh: destination(for:) over match(_:) per hit was not measured"
            ])
    }

    @Test("stack-ratio bounds stack(for:) less its parents' builders per 3-deep hit over destination(for:)")
    func stackRatio() throws {
        let gate = try InstructionGate("stack-ratio=1.5")
        func report(stack: Double, top: Double) -> InstructionReport {
            Self.report(
                corpus: "rest", ("waypointStackTop", Self.counts(top)),
                ("waypointStackMachinery", Self.counts(stack)))
        }
        #expect(gate.failures(in: report(stack: 1_450, top: 1_000)).isEmpty)
        #expect(
            gate.failures(in: report(stack: 1_600, top: 1_000)) == [
                "rest: stack(for:) less its parents' builders takes 1.60x destination(for:) of the same URL per "
                    + "3-deep hit, above the gate's 1.50x"
            ])
        #expect(
            gate.failures(in: Self.report(path: (1, 1), floor: (1, 1))) == [
                "gh: stack(for:) over destination(for:) per hit was not measured"
            ])
    }

    @Test("url-ratio bounds match(_:) on a URL string over match(path:) per hit; rmw its RMW calls per hit")
    func urlRatioAndAtomics() throws {
        let gate = try InstructionGate("url-ratio=1.2,rmw=3")
        func report(url: Double, path: Double, calls: Double?) -> InstructionReport {
            var hits = Self.counts(path)
            hits.atomicCalls = calls
            return Self.report(corpus: "gh", ("waypointPath", hits), ("waypointURL", Self.counts(url)))
        }
        #expect(gate.failures(in: report(url: 1_190, path: 1_000, calls: 2)).isEmpty)
        #expect(
            gate.failures(in: report(url: 1_250, path: 1_000, calls: 3.5)) == [
                "gh: match(_:) on a URL string takes 1.25x match(path:) per hit, above the gate's 1.20x",
                "gh: match(path:) makes 3.5 reference-counting and lock calls per hit, above the gate's 3.0",
            ])
        #expect(
            gate.failures(in: report(url: 1_000, path: 1_000, calls: nil)) == [
                "gh: match(path:)'s reference-counting calls per hit were not measured"
            ])
    }

    @Test(
        "the gate's command-line form",
        arguments: [
            "path-hit", "path-hit=0", "route-hit=5", "path-all=5", "c-ratio=x", "destination-ratio=0",
            "stack-ratio=0", "url-ratio=0", "rmw=-1",
        ])
    func gateRefuses(_ text: String) {
        #expect(throws: BenchmarkError.self) { try InstructionGate(text) }
    }
}
