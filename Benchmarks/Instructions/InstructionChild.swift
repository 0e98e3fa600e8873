import Foundation
import Waypoint

/// The child side of `--instructions`: one contender on one lookup set of one corpus, run
/// under callgrind by ``InstructionBenchmark``.
///
/// Everything but the timed loop happens outside ``waypointBenchTimedLoop(_:passes:)``:
/// registration, verification of every lookup against its expected answer, and one warm-up
/// pass, whose checksum must agree with the verified answers, as the timed passes' must.
struct InstructionChild {
    /// The contender's key, such as `waypointPath`.
    let key: String
    /// Whether the hits (else the misses) are run.
    let isHits: Bool
    /// Passes over the set inside the counted loop.
    let passes: Int

    /// Parses `key:hits` or `key:misses`.
    init(spec: String, passes: Int) throws {
        let parts = spec.split(separator: ":").map(String.init)
        guard parts.count == 2, ["hits", "misses"].contains(parts[1]),
            BenchmarkOptions.contenderKeys.values.contains(parts[0])
        else {
            throw BenchmarkError.usage("--callgrind-child takes KEY:hits or KEY:misses, not \(spec)")
        }
        key = parts[0]
        isHits = parts[1] == "hits"
        self.passes = passes
    }

    /// Runs the child on `corpus`; `beforeWarmUp` is called after the verification, before
    /// the pass is prepared and warmed up.
    func run(_ corpus: Corpus, beforeWarmUp: () -> Void = {}) throws {
        let sink = DispatchSink()
        let router = Router()
        try router.register(
            zip(corpus.routes, sink.handlers(count: corpus.routes.count)).map {
                (RouteName($0), .closure($1))
            })
        let (contenders, notes) = try CorpusBenchmark.contenders(
            for: corpus, router: router, sink: sink, selected: [key], log: { _ in })
        guard let contender = contenders.first(where: { $0.key == key }) else {
            if key == "cSegmentTrie" && !corpus.isPathOnly {
                // The floor takes bare path routes only; the parent reports it as not run.
                FileHandle.standardError.write(Data("lookups: 0\n".utf8))
                return
            }
            throw BenchmarkError.usage(
                "\(key) cannot run on \(corpus.name): \(notes[key]?.note ?? "not made")")
        }
        let lookups = corpus.lookups(for: key, hits: isHits)
        // The parent divides the counts by this.
        FileHandle.standardError.write(Data("lookups: \(lookups.count)\n".utf8))
        guard !lookups.isEmpty else { return }
        for lookup in lookups {
            let actual = contender.answer(lookup)
            guard actual == lookup.expected else {
                throw BenchmarkError.wrongAnswer(
                    contender: contender.name, url: lookup.url, expected: lookup.expected, actual: actual)
            }
        }
        beforeWarmUp()
        let pass = contender.pass(over: lookups)
        let checksum = Answer.checksum(of: lookups.map(\.expected))
        // One pass with the allocations counted, before the counted loop (callgrind does
        // not replace malloc, so the interposed counter sees every call).
        var counted = 0
        if let allocations = AllocationCounter.count({ counted = pass() }) {
            guard counted == checksum else { throw BenchmarkError.checksum(contender: contender.name) }
            FileHandle.standardError.write(Data("allocations: \(allocations)\n".utf8))
        }
        guard pass() == checksum, waypointBenchTimedLoop(pass, passes: passes) == checksum &* passes else {
            throw BenchmarkError.checksum(contender: contender.name)
        }
    }
}
