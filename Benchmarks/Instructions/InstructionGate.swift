/// Upper bounds on instruction counts that `--instructions --gate` enforces: the CI gate
/// (`./dev perf-gate`).
///
/// Written `path-hit=1000,path-miss=700,url-hit=1200,c-ratio=2.5`: `path`, `url` and
/// `dispatch` are `match(path:)`, `match(_:)` on a URL string and `handle(URL)` (`handle` is
/// `handle(String)`, `borrow` is `withMatch(path:)`), `hit` and `miss` the lookup set, each bounding the instructions per
/// lookup (`destination` is `DestinationRouter.destination(for:)` on a URL); `c-ratio` bounds
/// `match(path:)` as a multiple of the C trie's count, on hits and on misses;
/// `destination-ratio` bounds `destination(for:)` on a `URL` per hit as a multiple of
/// `match(_:)` on the same `URL` per hit (the same input, so the ratio is the
/// cost of the destination lookup, the `DeepLink` and the builder over the match);
/// `stack-ratio` bounds `DestinationRouter.stack(for:)` less its parents' builders' own work
/// (``WaypointStackContender/Mode/machinery``: the parents' builders return nil) per hit as
/// a multiple of `destination(for:)` of the same `URL`s on the same router, over the hits
/// whose route has two parents (``StackTree``); `url-ratio` bounds `match(_:)` on a URL
/// string per hit as a multiple of `match(path:)` per hit (what splitting a URL adds);
/// `rmw` bounds the calls to reference counting and locks per hit of `match(path:)`
/// (``InstructionBenchmark/atomicFunctions``); and `allocations=0` bounds the heap
/// allocations per hit of each of `match(path:)`, `match(_:)` and `handle(URL)` that ran.
struct InstructionGate: Equatable {
    /// One bound.
    struct Bound: Equatable {
        /// The contender key, such as `waypointPath`.
        var key: String
        var hits: Bool
        var limit: Double
    }

    var bounds: [Bound] = []
    /// The bound on `match(path:)` over the C trie.
    var floorRatio: Double?
    /// The bound on heap allocations per hit of `match(path:)`, `match(_:)` and
    /// `handle(URL)`, those that ran (`allocations=0`).
    var allocationsPerHit: Double?
    /// The bound on `destination(for:)` over `match(_:)` on the same `URL`, per hit.
    var destinationRatio: Double?
    /// The bound on `stack(for:)` less its parents' builders over `destination(for:)` on the
    /// same `URL`s, per hit of a route with two parents.
    var stackRatio: Double?
    /// The bound on `match(_:)` on a URL string over `match(path:)`, per hit.
    var urlRatio: Double?
    /// The bound on the reference-counting and lock calls per hit of `match(path:)`.
    var atomicCallsPerHit: Double?

    /// Parses the command-line form.
    init(_ text: String) throws {
        let contenders = [
            "path": "waypointPath", "borrow": "waypointBorrowed", "url": "waypointURL",
            "dispatch": "waypointDispatch",
            "handle": "waypointDispatchString", "destination": "waypointDestination",
        ]
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=")
            if parts.count == 2, parts[0] == "allocations", let limit = Double(parts[1]), limit >= 0 {
                allocationsPerHit = limit
                continue
            }
            if parts.count == 2, parts[0] == "rmw", let limit = Double(parts[1]), limit >= 0 {
                atomicCallsPerHit = limit
                continue
            }
            guard parts.count == 2, let limit = Double(parts[1]), limit > 0 else {
                throw BenchmarkError.usage("--gate takes NAME=LIMIT items such as path-hit=1000, not \(item)")
            }
            if parts[0] == "c-ratio" {
                floorRatio = limit
                continue
            }
            if parts[0] == "destination-ratio" {
                destinationRatio = limit
                continue
            }
            if parts[0] == "stack-ratio" {
                stackRatio = limit
                continue
            }
            if parts[0] == "url-ratio" {
                urlRatio = limit
                continue
            }
            let name = parts[0].split(separator: "-").map(String.init)
            guard name.count == 2, let key = contenders[name[0]], ["hit", "miss"].contains(name[1]) else {
                throw BenchmarkError.usage(
                    "--gate names path-, borrow-, url-, dispatch-, handle- or destination- with hit or miss, "
                        + "c-ratio, destination-ratio, stack-ratio, url-ratio, rmw or allocations; not \(parts[0])"
                )
            }
            bounds.append(Bound(key: key, hits: name[1] == "hit", limit: limit))
        }
    }

    /// The bounds `report` exceeds, one line each; empty when it passes. A bound on a
    /// contender that did not run is a failure too, so a gate cannot pass by not measuring.
    func failures(in report: InstructionReport) -> [String] {
        var failures: [String] = []
        for corpus in report.corpora {
            for bound in bounds {
                let set = bound.hits ? "hit" : "miss"
                let counts = corpus.contenders.first { $0.key == bound.key }.flatMap {
                    bound.hits ? $0.hits : $0.misses
                }
                guard let counts else {
                    failures.append("\(corpus.name): \(bound.key) per \(set) was not measured")
                    continue
                }
                if counts.instructions > bound.limit {
                    failures.append(
                        "\(corpus.name): \(bound.key) takes \(Int(counts.instructions.rounded())) Ir per \(set), "
                            + "above the gate's \(Int(bound.limit))")
                }
            }
            if let allocationsPerHit {
                for key in ["waypointPath", "waypointURL", "waypointDispatch"] {
                    guard let hits = corpus.contenders.first(where: { $0.key == key })?.hits else { continue }
                    guard let allocations = hits.allocations else {
                        failures.append("\(corpus.name): \(key) allocations per hit were not counted")
                        continue
                    }
                    if allocations > allocationsPerHit {
                        failures.append(
                            "\(corpus.name): \(key) makes \(TextReport.fixed(allocations, 2)) allocations per hit, "
                                + "above the gate's \(TextReport.fixed(allocationsPerHit, 2))")
                    }
                }
            }
            if let destinationRatio {
                let hits = { (key: String) in corpus.contenders.first { $0.key == key }?.hits?.instructions }
                if let destination = hits("waypointDestination"), let url = hits("waypointURLValue"), url > 0
                {
                    if destination / url > destinationRatio {
                        failures.append(
                            "\(corpus.name): destination(for:) takes \(TextReport.fixed(destination / url, 2))x "
                                + "match(_:) of the same URL per hit, above the gate's \(TextReport.fixed(destinationRatio, 2))x"
                        )
                    }
                } else {
                    failures.append(
                        "\(corpus.name): destination(for:) over match(_:) per hit was not measured")
                }
            }
            if let stackRatio {
                let hits = { (key: String) in corpus.contenders.first { $0.key == key }?.hits?.instructions }
                if let stack = hits("waypointStackMachinery"), let top = hits("waypointStackTop"), top > 0 {
                    if stack / top > stackRatio {
                        failures.append(
                            "\(corpus.name): stack(for:) less its parents' builders takes "
                                + "\(TextReport.fixed(stack / top, 2))x destination(for:) of the same URL per 3-deep "
                                + "hit, above the gate's \(TextReport.fixed(stackRatio, 2))x")
                    }
                } else {
                    failures.append(
                        "\(corpus.name): stack(for:) over destination(for:) per hit was not measured")
                }
            }
            if let urlRatio {
                let hits = { (key: String) in corpus.contenders.first { $0.key == key }?.hits?.instructions }
                if let url = hits("waypointURL"), let path = hits("waypointPath"), path > 0 {
                    if url / path > urlRatio {
                        failures.append(
                            "\(corpus.name): match(_:) on a URL string takes \(TextReport.fixed(url / path, 2))x "
                                + "match(path:) per hit, above the gate's \(TextReport.fixed(urlRatio, 2))x")
                    }
                } else {
                    failures.append("\(corpus.name): match(_:) over match(path:) per hit was not measured")
                }
            }
            if let atomicCallsPerHit {
                let calls = corpus.contenders.first { $0.key == "waypointPath" }?.hits?.atomicCalls
                if let calls {
                    if calls > atomicCallsPerHit {
                        failures.append(
                            "\(corpus.name): match(path:) makes \(TextReport.fixed(calls, 1)) reference-counting "
                                + "and lock calls per hit, above the gate's \(TextReport.fixed(atomicCallsPerHit, 1))"
                        )
                    }
                } else {
                    failures.append(
                        "\(corpus.name): match(path:)'s reference-counting calls per hit were not measured")
                }
            }
            guard let floorRatio else { continue }
            for hits in [true, false] {
                let set = hits ? "hit" : "miss"
                guard let ratio = corpus.ratioToFloor("waypointPath", hits: hits) else {
                    failures.append(
                        "\(corpus.name): match(path:) over the C trie per \(set) was not measured")
                    continue
                }
                if ratio > floorRatio {
                    failures.append(
                        "\(corpus.name): match(path:) takes \(TextReport.fixed(ratio, 2))x the C trie per \(set), "
                            + "above the gate's \(TextReport.fixed(floorRatio, 2))x")
                }
            }
        }
        return failures
    }
}
